/// A way in which the two replicas fail to agree at the end of a run.
package struct SyncDiscrepancy: Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    package enum Kind: Hashable, Sendable, Comparable {
        /// An operation never got applied on the other device (or is still held there).
        case lost
        /// A device applied one operation more than once.
        case doubled
        /// A device applied an origin's operations out of sequence order.
        case outOfOrder
        /// The devices show the item differently (missing, title, status or position).
        case diverged

        /// `"lost"`, `"doubled"`, `"outOfOrder"` or `"diverged"`.
        package var name: String {
            switch self {
            case .lost: return "lost"
            case .doubled: return "doubled"
            case .outOfOrder: return "outOfOrder"
            case .diverged: return "diverged"
            }
        }
    }

    /// What went wrong.
    package var kind: Kind
    /// The item affected.
    package var item: ItemID
    /// What was expected and what was found.
    package var detail: String

    /// `"lost kale: phone#3 check never applied on the watch"`.
    package var description: String { "\(kind.name) \(item): \(detail)" }
}
