/// One device's copy of the shared shopping list: a replica that converges with the other
/// device's copy whatever order their operations arrive in.
///
/// Each edit the device makes becomes a ``ListOperation`` with the next number of the device's
/// own sequence and a new ``SyncVersion`` (a Lamport counter one above everything the device has
/// seen, with the device as tiebreak). The operation is applied locally at once and kept in the
/// ``outbox`` until the other device acknowledges it. Operations from the other device pass a
/// ``SequenceGate`` (exactly once, in order per origin) and are merged field by field
/// (``ReplicaItem``): the newest version of each field wins, and a remove wins over concurrent
/// renames, checks and unchecks. See `docs/sync.md`.
///
/// ```swift
/// var phone = ListReplica(device: .phone, items: [ShoppingItem(id: "kale", title: "Kale")])
/// var watch = ListReplica(device: .watch, items: [ShoppingItem(id: "kale", title: "Kale")])
/// for case .send(let operation) in phone.reduce(.edit("kale", .rename(title: "Curly kale"))) {
///     _ = watch.reduce(.received(operation))
/// }
/// watch.list == phone.list  // true
/// ```
public struct ListReplica: Hashable, Sendable {
    /// Something that happens to the replica.
    public enum Event: Hashable, Sendable {
        /// The user edits `item` on this device.
        case edit(ItemID, ListEdit)
        /// An operation from the other device arrived (possibly again, possibly early).
        case received(ListOperation)
        /// The other device has this device's operation `sequence`.
        case acknowledged(sequence: Int)
        /// The other device has every operation of this device up to `sequence`.
        case acknowledgedThrough(sequence: Int)
        /// Send every unacknowledged operation again, in sequence order.
        case resend
    }

    /// What the replica asks of its host.
    public enum Effect: Hashable, Sendable {
        /// Send this operation to the other device.
        case send(ListOperation)
        /// The operation was merged into the list (it may have lost its conflict).
        case applied(ListOperation, ReplicaItem.Outcome)
        /// The operation was already applied or held: ignored.
        case duplicate(ListOperation)
        /// The operation arrived before its predecessor `waitingFor` and is held.
        case held(ListOperation, waitingFor: Int)
        /// The user's edit makes no sense on this device's list: no operation was made.
        case refused(ItemID, ListEdit, Refusal)
    }

    /// Why a local edit made no operation.
    public enum Refusal: Hashable, Sendable {
        /// Remove, rename, check or uncheck of an item that is not on the list.
        case notListed
        /// Add of an item that is already on the list.
        case alreadyListed
        /// The item already is that way (rename to its title, check a checked item…).
        case unchanged

        /// `"notListed"`, `"alreadyListed"` or `"unchanged"`.
        public var name: String {
            switch self {
            case .notListed: return "notListed"
            case .alreadyListed: return "alreadyListed"
            case .unchanged: return "unchanged"
            }
        }
    }

    /// The device holding this replica.
    public let device: LinkSide
    /// The Lamport counter: the largest version counter made or applied here.
    public private(set) var clock = 0
    /// Every item this device knows of, listed or not.
    public private(set) var items: [ItemID: ReplicaItem] = [:]
    /// Per origin, the operations let through so far and those held for a predecessor.
    public private(set) var gates = SequenceGates()
    /// This device's operations the other device has not acknowledged, by sequence number.
    public private(set) var outbox: [Int: ListOperation] = [:]
    /// Every operation merged here, local and remote, in the order it was merged (the audit
    /// log the ``ConvergenceChecker`` reads).
    public private(set) var appliedLog: [ListOperation] = []

    /// A replica of the list loaded with `items` (in that order, all open); a repeated
    /// identifier keeps its first entry.
    ///
    /// - Complexity: O(*n*).
    public init(device: LinkSide, items loaded: [ShoppingItem]) {
        self.device = device
        var index = 0
        for item in loaded where items[item.id] == nil {
            items[item.id] = ReplicaItem(loaded: item.id, title: item.title, index: index)
            index += 1
        }
    }

    /// The number of this device's own operations so far.
    public var lastSequence: Int { gates[device].passedThrough }

    /// The operations from `origin` let through so far (all of them, for this device itself).
    public func passedThrough(from origin: LinkSide) -> Int { gates[origin].passedThrough }

    /// The number of operations held for a missing predecessor.
    public var heldCount: Int { gates.heldCount }

    /// The listed items in canonical order (loaded items, then added items by first add).
    ///
    /// - Complexity: O(*n* log *n*) in the items known.
    public var list: [SyncedItem] {
        items.values.filter(\.presence.value.isListed)
            .sorted { ($0.placement ?? .initial(index: .max), $0.id) < ($1.placement ?? .initial(index: .max), $1.id) }
            .compactMap(\.shown)
    }

    /// The item as shown, or `nil` if it is not on the list.
    public func item(_ id: ItemID) -> SyncedItem? { items[id]?.shown }

    /// The transition for `event`.
    ///
    /// - Complexity: O(1) for an edit; O(1 + *k*) to receive an operation that releases *k* held
    ///   ones; O(*u*) to acknowledge through and O(*u* log *u*) to resend, for *u* unacknowledged.
    public mutating func reduce(_ event: Event) -> [Effect] {
        switch event {
        case .edit(let item, let edit):
            return makeOperation(item, edit)
        case .received(let operation):
            return receive(operation)
        case .acknowledged(let sequence):
            outbox[sequence] = nil
            return []
        case .acknowledgedThrough(let sequence):
            outbox = outbox.filter { $0.key > sequence }
            return []
        case .resend:
            return outbox.keys.sorted().compactMap { outbox[$0].map(Effect.send) }
        }
    }

    private mutating func makeOperation(_ id: ItemID, _ edit: ListEdit) -> [Effect] {
        if let refusal = refusal(of: edit, on: items[id]) { return [.refused(id, edit, refusal)] }
        clock += 1
        let sequence = lastSequence + 1
        gates[device].passLocal(sequence)
        let operation = ListOperation(
            id: OperationID(origin: device, sequence: sequence), item: id, edit: edit,
            version: SyncVersion(counter: clock, device: device))
        outbox[sequence] = operation
        return [merge(operation), .send(operation)]
    }

    private func refusal(of edit: ListEdit, on item: ReplicaItem?) -> Refusal? {
        let shown = item?.shown
        switch (edit, shown) {
        case (.add, .some): return .alreadyListed
        case (.add, nil): return nil
        case (_, nil): return .notListed
        case (.rename(let title), .some(let current)) where current.title == title: return .unchanged
        case (.check, .some(let current)) where current.status == .checkedOff: return .unchanged
        case (.uncheck, .some(let current)) where current.status == .open: return .unchanged
        case (.remove, .some), (.rename, .some), (.check, .some), (.uncheck, .some): return nil
        }
    }

    private mutating func receive(_ operation: ListOperation) -> [Effect] {
        guard operation.id.origin != device else { return [.duplicate(operation)] }
        if device == .phone, PlantedLinkBug.current == .phoneIgnoresSequence {  // test-only: see PlantedLinkBug
            return [merge(operation)]
        }
        switch gates[operation.id.origin].admit(operation) {
        case .duplicate: return [.duplicate(operation)]
        case .held(let missing): return [.held(operation, waitingFor: missing)]
        case .pass(let released):
            return released.map { merge($0) }
        }
    }

    fileprivate mutating func merge(_ operation: ListOperation) -> Effect {
        clock = max(clock, operation.version.counter)
        let outcome = items[operation.item, default: ReplicaItem(unseen: operation.item)]
            .apply(operation.edit, at: operation.version)
        appliedLog.append(operation)
        return .applied(operation, outcome)
    }
}

extension ListReplica {
    /// Merges `operation` without the sequence gate: only for tests of the
    /// ``ConvergenceChecker``, which must be able to see a broken replica.
    package mutating func forceMerge(_ operation: ListOperation) {
        _ = merge(operation)
    }
}

extension ListReplica {
    /// The number of listed items still open.
    ///
    /// - Complexity: O(*n*) in the items known.
    public var remainingCount: Int {
        items.values.reduce(0) { $0 + ($1.shown?.status == .open ? 1 : 0) }
    }
}
