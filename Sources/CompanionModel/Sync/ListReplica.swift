import SimulationKernel

/// One device's copy of the shared shopping list: a replica that converges with the other
/// device's copy whatever order their operations arrive in.
///
/// Each edit the device makes becomes a ``ListOperation`` with the next number of the device's
/// own sequence and a new ``SyncVersion`` (a Lamport counter one above everything the device has
/// seen, with the device as tiebreak). The operation is applied locally at once; how it travels
/// until the other device has it is the ``SyncCourier``'s. Operations from the other device pass a
/// ``SequenceGate`` (exactly once, in their origin's order) and are merged field by field
/// (``ReplicaItem``): the newest version of each field wins, and a remove wins over concurrent
/// renames, checks and unchecks. See `docs/sync.md`.
///
/// Its host (a ``SyncEndpoint``) drives it through two entry points: ``edit(_:_:)`` for the
/// user's edits and ``receive(_:)`` for arrivals, then ``releaseNext()`` for the held
/// operations an arrival lets through.
///
/// ```swift
/// var phone = ListReplica(device: .phone, items: [ShoppingItem(id: "kale", title: "Kale")])
/// var watch = ListReplica(device: .watch, items: [ShoppingItem(id: "kale", title: "Kale")])
/// if case .made(let merge) = phone.edit(0, .rename(title: "Curly kale")) {
///     _ = watch.receive(phone.appliedLog[merge.position])
/// }
/// watch.list == phone.list  // true
/// ```
package struct ListReplica: Hashable, Sendable {
    /// Why a local edit made no operation; the raw value (`"notListed"`, `"alreadyListed"`,
    /// `"unchanged"`) is its name in traces.
    package enum Refusal: String, Hashable, Sendable {
        /// Remove, rename, check or uncheck of an item that is not on the list.
        case notListed
        /// Add of an item that is already on the list.
        case alreadyListed
        /// The item already is that way (rename to its title, check a checked item…).
        case unchanged
    }

    /// The device holding this replica.
    package let device: LinkSide
    /// The Lamport counter: the largest version counter made or applied here.
    package private(set) var clock = 0
    /// Every item the list can hold, and each item's key (shared by both devices).
    package let catalog: ItemCatalog
    /// What this device knows of every item of the ``catalog``, by key (its slot): listed,
    /// removed, or never seen (``ReplicaItem/isUnseen``).
    package private(set) var items: [ReplicaItem] = []
    /// The other device's operations let through so far and those held for a predecessor. This
    /// device's own operations pass no gate: each is merged as it is made, and their count is
    /// ``lastSequence``.
    package private(set) var gate = SequenceGate()
    /// Every operation merged here, local and remote, in the order it was merged (the audit
    /// log the ``ConvergenceChecker`` reads). A ``SyncEndpoint``'s effects name operations by
    /// their position here.
    package private(set) var appliedLog: [ListOperation] = []
    /// The position in ``appliedLog`` of each operation this device made, by its sequence number
    /// less one (every one is merged here when it is made).
    package private(set) var madePositions: [Int] = []
    /// The number of listed items still open (kept with every merge).
    package private(set) var remainingCount = 0

    /// A replica of the list loaded with `items` (in that order, all open); a repeated
    /// identifier keeps its first entry. `catalog` holds every item the list can ever hold (by
    /// default, the loaded ones): the other device's replica must have the same.
    ///
    /// - Complexity: O(*n*) for *n* items in the catalog.
    package init(device: LinkSide, items loaded: [ShoppingItem], catalog: ItemCatalog? = nil) {
        self.device = device
        let catalog = catalog ?? ItemCatalog(loaded.map(\.id))
        self.catalog = catalog
        items = (0..<catalog.count).map { ReplicaItem(unseen: catalog.name(of: $0)) }
        for item in loaded {
            guard let key = catalog.key(of: item.id) else { preconditionFailure("\(item.id) is not in the catalog") }
            guard items[key].isUnseen else { continue }
            items[key] = ReplicaItem(loaded: item.id, title: item.title, index: remainingCount)
            remainingCount += 1
        }
        // Room for one operation per loaded item (a check-off each), the usual run.
        appliedLog.reserveCapacity(remainingCount)
        madePositions.reserveCapacity(remainingCount)
    }

    /// The link rule the phone's replica follows: the real one (`.none`) but in tests (see
    /// ``PlantedLinkBug``; a host starting a run sets it from the task-local value).
    package var planted = PlantedLinkBug.none

    /// The number of this device's own operations so far (the sequence number of the last one).
    ///
    /// - Complexity: O(1).
    package var lastSequence: Int { madePositions.count }

    /// The operations from `origin` let through so far (all of them, for this device itself).
    package func passedThrough(from origin: LinkSide) -> Int { origin == device ? lastSequence : gate.passedThrough }

    /// How far this replica has got: the operations merged here and those held for a missing
    /// predecessor. Everything the ``ConvergenceChecker`` reads of a replica (its items, its log,
    /// its gate) changes only when an operation is merged, held or released, so two equal
    /// progress values of one replica, with no local edit between them, mean that a check would
    /// find the same.
    ///
    /// - Complexity: O(1).
    package var progress: Progress { Progress(merged: appliedLog.count, held: heldCount) }

    /// See ``progress``.
    package struct Progress: Hashable, Sendable {
        /// The operations merged (the length of ``ListReplica/appliedLog``).
        package var merged: Int
        /// The operations held for a missing predecessor.
        package var held: Int
    }

    /// The number of operations held for a missing predecessor.
    ///
    /// - Complexity: O(1).
    package var heldCount: Int { gate.held.count }

    /// The listed items in canonical order (loaded items, then added items by first add).
    ///
    /// - Complexity: O(*n* log *n*) in the items known.
    package var list: [SyncedItem] {
        items.filter(\.presence.value.isListed)
            .sorted { ($0.placement ?? .initial(index: .max), $0.id) < ($1.placement ?? .initial(index: .max), $1.id) }
            .compactMap(\.shown)
    }

    /// What this device knows of `id`, listed or not (`nil`: never heard of).
    ///
    /// - Complexity: O(1) (one hash of `id`).
    package func knownItem(_ id: ItemID) -> ReplicaItem? {
        catalog.key(of: id).flatMap { items[$0].isUnseen ? nil : items[$0] }
    }

    /// What one merge did: a few words, with no operation and no strings, the change to the item
    /// as shown among them.
    package struct Merge: Hashable, Sendable {
        /// Whether the operation won its conflict.
        package var outcome: ReplicaItem.Outcome
        /// The operation's position in ``appliedLog``.
        package var position: Int
        /// How the item as shown changed (listed or not, its status, or its title while listed),
        /// or `nil` when it did not.
        package var change: ItemChange?
    }

    /// What a local edit did (``edit(_:_:)``). It holds no operation (nothing to release): the
    /// one made is in ``appliedLog``, at the merge's position.
    package enum Edit: Hashable, Sendable {
        /// The operation made (to send) was merged into the item: `appliedLog[merge.position]`.
        case made(Merge)
        /// The edit makes no sense on this list: no operation was made.
        case refused(Refusal)
    }

    /// What an arrival did (``receive(_:)``); the operation is the caller's, so it is not
    /// repeated.
    package enum Receipt: Hashable, Sendable {
        /// The operation passed its gate and was merged.
        case merged(Merge)
        /// Already let through (or this device's own): ignored.
        case duplicate
        /// It arrived before its predecessor `waitingFor` and is held.
        case held(waitingFor: Int)
    }

    /// The user edits the item with `key` (in the ``catalog``) on this device: the operation made
    /// and merged (to send), or the refusal.
    ///
    /// - Complexity: O(1); the item is found by its key, no hashing.
    package mutating func edit(_ key: Int, _ edit: ListEdit) -> Edit {
        // Asked of the item in place: a non-mutating method of the replica would be handed a
        // copy of it.
        if let refusal = items[key].refusal(of: edit) { return .refused(refusal) }
        clock += 1
        let operation = ListOperation(
            id: OperationID(origin: device, sequence: lastSequence + 1), item: catalog.name(of: key), key: key,
            edit: edit,
            version: SyncVersion(counter: clock, device: device))
        let merge = mergeShowing(operation, at: key)
        madePositions.append(merge.position)
        return .made(merge)
    }

    /// An operation from the other device arrived (possibly again, possibly early): let through
    /// its gate and merged, ignored, or held. It releases no held operation: after a merge, the
    /// host takes those the gate now lets through from ``releaseNext()`` (a replica that
    /// holds none needs nothing more).
    ///
    /// - Complexity: O(1); the operation's item is found by its key, no hashing.
    package mutating func receive(_ operation: ListOperation) -> Receipt {
        guard operation.id.origin != device else { return .duplicate }
        if device == .phone, planted == .phoneIgnoresSequence {  // test-only: see PlantedLinkBug
            return .merged(mergeShowing(operation, at: operation.key))
        }
        switch gate.admit(operation) {
        case .duplicate: return .duplicate
        case .held(let missing): return .held(waitingFor: missing)
        case .pass: return .merged(mergeShowing(operation, at: operation.key))
        }
    }

    /// Lets through the other device's operation held for the one merged last, if it is here, and
    /// merges it: the operation and what its merge did, or `nil` when none is held for it.
    ///
    /// - Complexity: O(1).
    package mutating func releaseNext() -> (operation: ListOperation, merge: Merge)? {
        guard let next = gate.releaseNext() else { return nil }
        return (next, mergeShowing(next, at: next.key))
    }

    /// Merges `operation` into the item at `slot` and says how the item as shown changed.
    ///
    /// Only an add or a rename writes the title, so only then is the old title kept to compare.
    ///
    /// - Complexity: O(1) amortised.
    private mutating func mergeShowing(_ operation: ListOperation, at slot: Int) -> Merge {
        let before = items[slot].shownStatus
        let oldTitle = operation.setsTitle ? items[slot].title.value : nil
        let outcome = merge(operation, at: slot)
        let after = items[slot].shownStatus
        let retitled = oldTitle.map { $0 != items[slot].title.value } ?? false
        let position = appliedLog.count - 1
        let changed = before != after || (after != nil && retitled)
        return Merge(
            outcome: outcome, position: position,
            change: changed
                ? ItemChange(position: position, slot: slot, before: before, after: after, by: operation) : nil)
    }

    /// Merges `operation` into the item at `slot`, keeping the clock, the log and the count of
    /// open items.
    ///
    /// - Complexity: O(1) amortised.
    private mutating func merge(_ operation: ListOperation, at slot: Int) -> ReplicaItem.Outcome {
        clock = max(clock, operation.version.counter)
        let wasOpen = items[slot].isOpen
        let outcome = items[slot].apply(operation.edit, at: operation.version)
        let isOpen = items[slot].isOpen
        if wasOpen != isOpen { remainingCount += isOpen ? 1 : -1 }
        appliedLog.append(operation)
        return outcome
    }
}

extension ListReplica: StorageAdopting {
    /// Keeps this replica in `old`'s storage: its items, gate, log and the positions of
    /// its own operations in it (``StorageAdopting``).
    ///
    /// - Complexity: O(*n* + *m*) for *n* items and *m* operations held.
    package mutating func adoptStorage(of old: inout ListReplica) {
        adoptItemStorage(of: &old.items)
        gate.adoptStorage(of: &old.gate)
        appliedLog.adoptStorage(of: &old.appliedLog)
        madePositions.adoptStorage(of: &old.madePositions)
    }

    /// Keeps ``items`` in `old`'s buffer (``StorageAdopting``): when it holds as many items (a run
    /// of the same list), each is restored in place (``ReplicaItem/restore(_:)``: a run changes
    /// an item's status, not its identifier or, usually, its title), else as any array.
    ///
    /// - Complexity: O(*n* + *m*) for these *n* items and `old`'s *m*.
    private mutating func adoptItemStorage(of old: inout [ReplicaItem]) {
        guard old.count == items.count, !items.isEmpty else { return items.adoptStorage(of: &old) }
        items.withUnsafeBufferPointer { source in
            old.withUnsafeMutableBufferPointer { target in
                guard source.baseAddress != UnsafePointer(target.baseAddress) else { return }
                for index in source.indices { target[index].restore(source[index]) }
            }
        }
        swap(&items, &old)
    }
}
