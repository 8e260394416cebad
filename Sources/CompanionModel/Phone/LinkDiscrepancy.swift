import SimulationKernel

/// A difference between what the user did on the watch and what the phone did.
public struct LinkDiscrepancy: Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The phone does not show the user's latest operation on the item.
        case lost
        /// The phone applied one operation more than once.
        case doubled
        /// The phone applied the item's operations out of order.
        case reordered
        /// The phone changed an item the user never touched on the watch.
        case unexpected

        /// The name used in reports.
        public var name: String {
            switch self {
            case .lost: return "lost"
            case .doubled: return "doubled"
            case .reordered: return "reordered"
            case .unexpected: return "unexpected"
            }
        }
    }

    /// What went wrong.
    public var kind: Kind
    /// The item affected.
    public var item: ItemID
    /// What was expected and what was found.
    public var detail: String
    /// Every trace event that mentions the item, in order: the message trail.
    public var trail: [TraceEvent]

    /// `"lost kale: watch says checkedOff (#3), phone has open (#1)"`.
    public var description: String { "\(kind.name) \(item): \(detail)" }
}
