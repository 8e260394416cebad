import SimulationKernel

/// The phone app's shopping list, as changed by check-offs from the watch.
///
/// Applying is idempotent and ordered per item: an operation is applied only if its sequence is
/// newer than the last one applied to that item. A duplicate (same sequence) or a late, older
/// operation changes nothing, so retries and duplicate deliveries are harmless and an older
/// operation never overrides a newer one.
public struct PhoneShoppingList: Hashable, Sendable {
    /// What the phone knows about one item.
    public struct Record: Hashable, Sendable {
        /// Checked off or open on the phone.
        public var status: ItemStatus
        /// The sequence of the last operation applied (0: none).
        public var appliedSequence: Int
    }

    /// What applying an operation did.
    public enum ApplyOutcome: Hashable, Sendable {
        case applied
        /// Already applied (same sequence): a duplicate or a retry.
        case duplicate
        /// Older than the last one applied: superseded.
        case stale(latest: Int)

        /// Whether the operation changed the list (only a newer operation does).
        public var changedTheList: Bool { self == .applied }

        /// The name used in traces.
        public var name: String {
            switch self {
            case .applied: return "applied"
            case .duplicate: return "duplicate"
            case .stale: return "stale"
            }
        }
    }

    /// One change to the list, in the order the phone made them.
    public struct Change: Hashable, Sendable {
        /// The operation applied.
        public var operation: CheckOffOperation
        /// When.
        public var at: SimTime
    }

    /// Items the phone has received operations for.
    public private(set) var records: [ItemID: Record] = [:]
    /// Every operation that changed the list, in order (the audit log the verifier reads).
    public private(set) var changes: [Change] = []

    /// The items on the list (for the remaining count; may be empty when unknown).
    public let items: [ItemID]

    /// Creates the phone's list with every item open.
    public init(items: [ItemID] = []) {
        self.items = items
    }

    /// Items on the list not checked off.
    ///
    /// - Complexity: O(*n*).
    public var remainingCount: Int {
        items.reduce(0) { $0 + (status(of: $1) == .open ? 1 : 0) }
    }

    /// The status of `item` on the phone (items never touched are open).
    public func status(of item: ItemID) -> ItemStatus {
        records[item]?.status ?? .open
    }

    /// Applies `operation` if it is newer than the last one applied to its item.
    ///
    /// - Complexity: O(1) amortised.
    public mutating func apply(_ operation: CheckOffOperation, at now: SimTime) -> ApplyOutcome {
        if PlantedLinkBug.current == .phoneIgnoresSequence {  // test-only switch: see PlantedLinkBug
            forceApply(operation, at: now)
            return .applied
        }
        let latest = records[operation.item]?.appliedSequence ?? 0
        if operation.sequence == latest { return .duplicate }
        if operation.sequence < latest { return .stale(latest: latest) }
        records[operation.item] = Record(status: operation.status, appliedSequence: operation.sequence)
        changes.append(Change(operation: operation, at: now))
        return .applied
    }

    /// The phone app itself changes `item` to `status` (a notification's Complete action): the
    /// operation gets the item's next sequence number and is applied. Returns `nil` when the
    /// item already has that status.
    ///
    /// The watch numbers its own operations from the same per-item counter it adopts from what
    /// the phone sends it; two devices changing one item while apart is the two-way sync's
    /// conflict rule to settle.
    ///
    /// - Complexity: O(1) amortised.
    public mutating func originate(_ status: ItemStatus, item: ItemID, at now: SimTime) -> CheckOffOperation? {
        guard self.status(of: item) != status else { return nil }
        let operation = CheckOffOperation(
            item: item, sequence: (records[item]?.appliedSequence ?? 0) + 1, status: status)
        _ = apply(operation, at: now)
        return operation
    }

    /// Records a change without the idempotency check: only for tests of the verifier, which
    /// must be able to see a broken phone.
    package mutating func forceApply(_ operation: CheckOffOperation, at now: SimTime) {
        records[operation.item] = Record(status: operation.status, appliedSequence: operation.sequence)
        changes.append(Change(operation: operation, at: now))
    }
}
