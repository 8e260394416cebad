import SimulationKernel

/// One device's end of the two-way list sync: its ``ListReplica`` (the device's copy of the
/// list) and its ``SyncCourier`` (how its operations travel). The message trail of its
/// operations goes to the host's trace (``Effect/note(_:)``); the endpoint keeps no copy.
///
/// A host (the watch side or the phone side of a simulation, or a test driver) feeds it the
/// user's edits and what the link reports, and performs what it asks: link requests, and
/// reactions to a changed item (the watch redraws its list, the phone's reminders follow).
///
/// ```swift
/// var phone = SyncEndpoint(device: .phone, items: items)
/// var effects: [SyncEndpoint.Effect] = []
/// phone.reduce(.edit(phone.key(of: "bread"), .add(title: "Bread"), reachability: .reachable), at: now, into: &effects)
/// // [.itemChanged(bread: nil → open by log #0), .sendMessage(0)]
/// phone.replica.appliedLog[0]  // phone#1 add bread v1@phone
/// ```
package struct SyncEndpoint: Sendable {
    /// Something that happens to this device's end of the sync.
    package enum Event: Hashable, Sendable {
        /// The user edits the item with this key (in the replica's ``ListReplica/catalog``: found
        /// without hashing its name); `reachability` is `isReachable` here, now.
        /// With `nil` the operation is made but not sent: the host sends it later with
        /// ``dispatch(_:reachability:)``, by its sequence number (the replica's
        /// ``ListReplica/lastSequence`` once made; the watch's check-off pipeline commits before
        /// it sends).
        case edit(Int, ListEdit, reachability: Reachability?)
        /// Send this device's operation with this sequence number, made earlier with a `nil`
        /// reachability.
        case dispatch(Int, reachability: Reachability)
        /// The link handed this device's app an operation (a first copy or a duplicate).
        case delivered(ListOperation, channel: LinkChannel)
        /// How a message this device sent on `channel`, with its operation with this sequence
        /// number, ended.
        case outcome(Int, channel: LinkChannel, LinkOutcome)
        /// This device's app stopped running.
        case appStopped
        /// This device's app runs again.
        case appStarted
        /// The session activated while this device's app runs: operations a not-activated
        /// session refused are sent again.
        case sessionActivated
    }

    /// What the endpoint asks of its host.
    ///
    /// An effect names an operation by its position in the replica's log
    /// (``ListReplica/appliedLog``, where every operation made or merged here is), so the effects a
    /// host performs are a few words each, with nothing to retain or release on their way: the
    /// host reads the operation in place, `endpoint.replica.appliedLog[position]`, where it needs it.
    package enum Effect: Hashable, Sendable {
        /// `sendMessage` with the operation at this position of the log.
        case sendMessage(Int)
        /// `transferUserInfo` with the operation at this position of the log.
        case transferUserInfo(Int)
        /// An item as the device shows it changed (its slot, its status before and after, the
        /// position of the operation that changed it; the rest of it as shown now is the
        /// replica's: `replica.items[change.slot].shown`).
        case itemChanged(ItemChange)
        /// The user's edit made no operation.
        /// (Indirect, as ``note(_:)``: rare, and the largest payload; the effect stays small.)
        indirect case refused(ItemID, ListEdit, ListReplica.Refusal)
        /// A line of the message trail, for the host's trace (none with ``TraceMode/off``).
        indirect case note(SyncTrailEntry)
    }

    /// The device's copy of the list.
    package private(set) var replica: ListReplica
    /// How the device's unacknowledged operations travel.
    package private(set) var courier = SyncCourier()

    /// The end of `device`, with the list loaded with `items`, able to hold the items of
    /// `catalog` (by default, the loaded ones; the other device's end must have the same).
    ///
    /// - Complexity: O(*n*) for *n* items.
    package init(device: LinkSide, items: [ShoppingItem], catalog: ItemCatalog? = nil) {
        replica = ListReplica(device: device, items: items, catalog: catalog)
    }

    /// The device.
    package var device: LinkSide { replica.device }

    /// The key of `item` in the replica's catalog: what an edit names it by
    /// (``Event/edit(_:_:reachability:)``). A scenario's decoder lets a step name only the items
    /// its catalog holds.
    ///
    /// - Complexity: O(1) (one hash of `item`).
    package func key(of item: ItemID) -> Int {
        guard let key = replica.catalog.key(of: item) else { preconditionFailure("\(item) is not in the catalog") }
        return key
    }

    /// The link rule the replica follows (``ListReplica/planted``): a host starting a run sets it
    /// from the task-local value once.
    package var planted: PlantedLinkBug {
        get { replica.planted }
        set { replica.planted = newValue }
    }

    /// The transition for `event` at `now`, its effects appended to `out` in order (a buffer the
    /// host owns and reuses, so an event allocates nothing of its own): the endpoint's one entry
    /// point. With `trace` ``TraceMode/recorded`` the endpoint appends the event's trail lines as
    /// ``Effect/note(_:)`` effects for the host's trace; with ``TraceMode/off`` (a run for a
    /// verdict, which shows no trail) none: the end-of-run ``ConvergenceChecker`` finds the same
    /// problems either way.
    ///
    /// - Complexity: O(1) for an edit, a dispatch, an outcome, or a delivery while nothing is
    ///   held; O(*k*) for a delivery that releases *k* held operations; `appStopped` and
    ///   `appStarted` as ``SyncCourier/reduce(_:)``.
    package mutating func reduce(
        _ event: Event, at now: SimTime, trace: TraceMode = .recorded, into out: inout [Effect]
    ) {
        switch event {
        case .edit(let key, let edit, let reachability):
            switch replica.edit(key, edit) {
            case .refused(let refusal):
                out.append(.refused(replica.catalog.name(of: key), edit, refusal))
            case .made(let merge):
                // The operation is read from the log only for the trail: a send names it by its
                // sequence number, the count of the operations made here.
                noteMade(.made, at: merge.position, now, trace, into: &out)
                noteMade(.applied(merge.outcome), at: merge.position, now, trace, into: &out)
                if let change = merge.change { out.append(.itemChanged(change)) }
                if let reachability {
                    let command = courier.send(replica.lastSequence, reachability: reachability)
                    perform(command, at: now, trace, into: &out)
                }
            }
        case .dispatch(let sequence, let reachability):
            perform(courier.send(sequence, reachability: reachability), at: now, trace, into: &out)
        case .delivered(let operation, let channel):
            note(.delivered(channel), operation, at: now, trace, into: &out)
            // The usual delivery holds nothing back, so it releases nothing and touches one item.
            let touched = replica.heldCount == 0 ? nil : itemsTouched(by: operation)
            switch replica.receive(operation) {
            case .merged(let merge):
                note(.applied(merge.outcome), operation, at: now, trace, into: &out)
                if let touched {
                    releaseHeld(after: operation, mergedAt: merge.position, touched: touched, now, trace, into: &out)
                } else if let change = merge.change {
                    out.append(.itemChanged(change))
                }
            case .duplicate: note(.duplicate, operation, at: now, trace, into: &out)
            case .held(let missing): note(.held(waitingFor: missing), operation, at: now, trace, into: &out)
            }
        case .outcome(let sequence, let channel, let outcome):
            if case .failed = outcome, replica.madePositions.indices.contains(sequence - 1) {
                noteMade(.dropped(channel), at: replica.madePositions[sequence - 1], now, trace, into: &out)
            }
            if let command = courier.outcome(sequence, channel: channel, outcome) {
                perform(command, at: now, trace, into: &out)
            }
        case .appStopped:
            courier.appStopped()
        case .appStarted, .sessionActivated:
            for command in courier.appStarted() { perform(command, at: now, trace, into: &out) }
        }
    }

    /// Merges the held operations that the merge of `operation` (at `position` of the log) lets
    /// through, with their trail notes, then reports one `itemChanged` per item of `touched`
    /// whose shown state changed (in the order the items were touched, each with the last
    /// operation applied to it).
    ///
    /// - Complexity: O(*k*) for *k* held operations released.
    private mutating func releaseHeld(
        after operation: ListOperation, mergedAt position: Int, touched: [(slot: Int, shown: SyncedItem?)],
        _ now: SimTime, _ trace: TraceMode, into out: inout [Effect]
    ) {
        var lastPosition = [operation.key: position]
        while let (next, merge) = replica.releaseNext() {
            note(.applied(merge.outcome), next, at: now, trace, into: &out)
            lastPosition[next.key] = merge.position
        }
        var reported: Set<Int> = []
        for (slot, before) in touched where reported.insert(slot).inserted {
            let after = replica.items[slot].shown
            if let position = lastPosition[slot], after != before {
                let change = ItemChange(
                    position: position, slot: slot, before: before?.status, after: after?.status,
                    by: replica.appliedLog[position])
                out.append(.itemChanged(change))
            }
        }
    }

    /// The items a delivery of `operation` may change, each by its slot and as shown now: its
    /// own, and those of the held operations it would release.
    ///
    /// - Complexity: O(1 + *k*) for *k* held operations released.
    private func itemsTouched(by operation: ListOperation) -> [(slot: Int, shown: SyncedItem?)] {
        var items = [(operation.key, replica.items[operation.key].shown)]
        let gate = replica.gate
        guard operation.id.sequence == gate.passedThrough + 1 else { return items }
        var next = operation.id.sequence + 1
        while let held = gate.held[next] {
            items.append((held.key, replica.items[held.key].shown))
            next += 1
        }
        return items
    }

    /// Performs one courier command: a send (with its trail note), an acknowledgement or a
    /// give-up (a trail note each; the courier alone held the operation). The courier names this
    /// device's operation by its sequence number; it is found in the log by
    /// ``ListReplica/madePositions`` (and read only for a trail note or a send).
    ///
    /// - Complexity: O(1).
    private mutating func perform(
        _ command: SyncCourier.Command, at now: SimTime, _ trace: TraceMode, into out: inout [Effect]
    ) {
        switch command {
        case .sendMessage(let sequence):
            let position = replica.madePositions[sequence - 1]
            noteMade(.sent(.interactive), at: position, now, trace, into: &out)
            out.append(.sendMessage(position))
        case .transferUserInfo(let sequence):
            let position = replica.madePositions[sequence - 1]
            noteMade(.sent(.userInfo), at: position, now, trace, into: &out)
            out.append(.transferUserInfo(position))
        case .acknowledge(let sequence):
            noteMade(.acknowledged, at: replica.madePositions[sequence - 1], now, trace, into: &out)
        case .giveUp(let sequence, let error):
            noteMade(.undeliverable(error), at: replica.madePositions[sequence - 1], now, trace, into: &out)
        }
    }

    /// ``note(_:_:at:_:into:)`` for the operation at `position` of the log, read only when the
    /// trail is kept.
    private mutating func noteMade(
        _ step: SyncTrailEntry.Step, at position: Int, _ now: SimTime, _ trace: TraceMode, into out: inout [Effect]
    ) {
        guard case .recorded = trace else { return }
        note(step, replica.appliedLog[position], at: now, trace, into: &out)
    }

    private mutating func note(
        _ step: SyncTrailEntry.Step, _ operation: ListOperation, at now: SimTime, _ trace: TraceMode,
        into out: inout [Effect]
    ) {
        guard case .recorded = trace else { return }
        out.append(.note(SyncTrailEntry(time: now, device: device, operation: operation, step: step)))
    }
}

extension SyncEndpoint: StorageAdopting {
    /// Keeps this endpoint in `old`'s storage: its replica and courier (``StorageAdopting``).
    ///
    /// - Complexity: that of its parts' ``StorageAdopting/adoptStorage(of:)``.
    package mutating func adoptStorage(of old: inout SyncEndpoint) {
        replica.adoptStorage(of: &old.replica)
        courier.adoptStorage(of: &old.courier)
    }
}
