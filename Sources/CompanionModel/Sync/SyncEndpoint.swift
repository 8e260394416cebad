import SimulationKernel

/// One device's end of the two-way list sync: its ``ListReplica`` (the device's copy of the
/// list), its ``SyncCourier`` (how its operations travel) and its half of the ``SyncTrail``.
///
/// A host (the watch side or the phone side of a simulation, or a test driver) feeds it the
/// user's edits and what the link reports, and performs what it asks: link requests, and
/// reactions to a changed item (the watch redraws its list, the phone's reminders follow).
///
/// ```swift
/// var phone = SyncEndpoint(device: .phone, items: items)
/// let effects = phone.reduce(.edit("bread", .add(title: "Bread"), reachability: .reachable), at: now)
/// // [.itemChanged(…), .sendMessage(phone#1 add bread v1@phone)]
/// ```
public struct SyncEndpoint: Hashable, Sendable {
    /// Something that happens to this device's end of the sync.
    public enum Event: Hashable, Sendable {
        /// The user edits `item` on this device; `reachability` is `isReachable` here, now.
        /// With `nil` the operation is made but not sent: the host sends it later with
        /// ``dispatch(_:reachability:)`` (the watch's check-off pipeline commits before it sends).
        case edit(ItemID, ListEdit, reachability: Reachability?)
        /// Send an operation made earlier with a `nil` reachability.
        case dispatch(ListOperation, reachability: Reachability)
        /// The link handed this device's app an operation (a first copy or a duplicate).
        case delivered(ListOperation, channel: LinkChannel)
        /// How a message this device sent with `operation` on `channel` ended.
        case outcome(ListOperation, channel: LinkChannel, LinkOutcome)
        /// This device's app stopped running.
        case appStopped
        /// This device's app runs again.
        case appStarted
    }

    /// What the endpoint asks of its host.
    public enum Effect: Hashable, Sendable {
        /// `sendMessage` with the operation.
        case sendMessage(ListOperation)
        /// `transferUserInfo` with the operation.
        case transferUserInfo(ListOperation)
        /// An item as the device shows it changed from `before` to `after` (`nil`: not listed),
        /// by `operation` (made here or received).
        /// (Indirect, as ``note(_:)``: the effect arrays stay small.)
        indirect case itemChanged(ItemID, before: SyncedItem?, after: SyncedItem?, by: ListOperation)
        /// The user's edit made `operation`, to be dispatched later (an edit with `nil` reachability).
        case made(ListOperation)
        /// The user's edit made no operation.
        case refused(ItemID, ListEdit, ListReplica.Refusal)
        /// A line of the message trail, for the host's trace (none with ``TraceMode/off``).
        indirect case note(SyncTrailEntry)
    }

    /// The device's copy of the list.
    public private(set) var replica: ListReplica
    /// How the device's unacknowledged operations travel.
    public private(set) var courier = SyncCourier()
    /// What happened to operations on this device.
    public private(set) var trail = SyncTrail()
    /// Whether ``reduce(_:at:)`` returns the trail's new lines as ``Effect/note(_:)`` effects for
    /// the host's trace (the trail itself is kept either way).
    public var tracing = TraceMode.recorded

    /// The end of `device`, with the list loaded with `items`.
    public init(device: LinkSide, items: [ShoppingItem]) {
        replica = ListReplica(device: device, items: items)
    }

    /// The device.
    public var device: LinkSide { replica.device }

    /// Whether every operation made here is acknowledged or given up.
    public var isIdle: Bool {
        courier.inFlight.values.allSatisfy {
            if case .undeliverable = $0.carrier { return true }
            return false
        }
    }

    /// The transition for `event` at `now`.
    ///
    /// - Complexity: that of the replica's and courier's transitions.
    public mutating func reduce(_ event: Event, at now: SimTime) -> [Effect] {
        var out: [Effect] = []
        switch event {
        case .edit(let item, let edit, let reachability):
            for effect in replicate(.edit(item, edit), at: now, into: &out) {
                guard case .send(let operation) = effect else { continue }
                if let reachability {
                    courier(.send(operation, reachability: reachability), at: now, into: &out)
                } else {
                    out.append(.made(operation))
                }
            }
        case .dispatch(let operation, let reachability):
            courier(.send(operation, reachability: reachability), at: now, into: &out)
        case .delivered(let operation, let channel):
            note(.delivered(channel), operation, at: now, into: &out)
            _ = replicate(.received(operation), at: now, into: &out)
        case .outcome(let operation, let channel, let outcome):
            if case .failed = outcome { note(.dropped(channel), operation, at: now, into: &out) }
            courier(.outcome(operation, channel: channel, outcome), at: now, into: &out)
        case .appStopped:
            courier(.appStopped, at: now, into: &out)
        case .appStarted:
            courier(.appStarted, at: now, into: &out)
        }
        return out
    }

    /// Runs a replica event; returns its `send` effects and turns the rest into host effects:
    /// trail notes, refusals, and one `itemChanged` per item whose shown state changed (an
    /// arriving operation may release held ones that edit other items).
    private mutating func replicate(_ event: ListReplica.Event, at now: SimTime, into out: inout [Effect])
        -> [ListReplica.Effect]
    {
        let touched = itemsTouched(by: event)
        let before = touched.map { replica.item($0) }
        let effects = replica.reduce(event)
        var applied: [ListOperation] = []
        for effect in effects {
            switch effect {
            case .applied(let operation, let outcome):
                if operation.id.origin == device { note(.made, operation, at: now, into: &out) }
                note(.applied(outcome), operation, at: now, into: &out)
                applied.append(operation)
            case .duplicate(let operation): note(.duplicate, operation, at: now, into: &out)
            case .held(let operation, let missing): note(.held(waitingFor: missing), operation, at: now, into: &out)
            case .refused(let item, let edit, let refusal): out.append(.refused(item, edit, refusal))
            case .send: break
            }
        }
        guard !applied.isEmpty else { return effects }
        if touched.count == 1 {
            // The usual event (an edit, or an operation that releases nothing) touches one item:
            // no table of operations by item, no set of items reported.
            let item = touched[0]
            if let operation = applied.last(where: { $0.item == item }) {
                let after = replica.item(item)
                if after != before[0] { out.append(.itemChanged(item, before: before[0], after: after, by: operation)) }
            }
            return effects
        }
        var lastOperation: [ItemID: ListOperation] = [:]
        for operation in applied { lastOperation[operation.item] = operation }
        var reported: Set<ItemID> = []
        for (item, shown) in zip(touched, before) where reported.insert(item).inserted {
            let after = replica.item(item)
            if let operation = lastOperation[item], after != shown {
                out.append(.itemChanged(item, before: shown, after: after, by: operation))
            }
        }
        return effects
    }

    /// The items `event` may change: the edited or received operation's, and those of the held
    /// operations it would release.
    ///
    /// - Complexity: O(1 + *k*) for *k* held operations released.
    private func itemsTouched(by event: ListReplica.Event) -> [ItemID] {
        switch event {
        case .edit(let item, _): return [item]
        case .received(let operation):
            var items = [operation.item]
            let gate = replica.gates[operation.id.origin]
            guard operation.id.sequence == gate.passedThrough + 1 else { return items }
            var next = operation.id.sequence + 1
            while let held = gate.held[next] {
                items.append(held.item)
                next += 1
            }
            return items
        case .acknowledged, .acknowledgedThrough, .resend: return []
        }
    }

    private mutating func courier(_ event: SyncCourier.Event, at now: SimTime, into out: inout [Effect]) {
        for command in courier.reduce(event) {
            switch command {
            case .sendMessage(let operation):
                note(.sent(.interactive), operation, at: now, into: &out)
                out.append(.sendMessage(operation))
            case .transferUserInfo(let operation):
                note(.sent(.userInfo), operation, at: now, into: &out)
                out.append(.transferUserInfo(operation))
            case .acknowledge(let operation):
                _ = replica.reduce(.acknowledged(sequence: operation.id.sequence))
                note(.acknowledged, operation, at: now, into: &out)
            case .giveUp(let operation, let error):
                note(.undeliverable(error), operation, at: now, into: &out)
            }
        }
    }

    private mutating func note(
        _ step: SyncTrailEntry.Step, _ operation: ListOperation, at now: SimTime, into out: inout [Effect]
    ) {
        trail.record(step, operation, on: device, at: now)
        guard case .recorded = tracing, let entry = trail.entries.last else { return }
        out.append(.note(entry))
    }
}
