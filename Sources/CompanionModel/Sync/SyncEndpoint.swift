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
/// // [.itemChanged(bread: nil → open by phone#1), .sendMessage(phone#1 add bread v1@phone)]
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
        /// An item as the device shows it changed (its slot, its status before and after, the
        /// operation that changed it; the rest of it as shown now is the replica's:
        /// ``ListReplica/shown(atSlot:)``).
        case itemChanged(ItemChange)
        /// The user's edit made `operation`, to be dispatched later (an edit with `nil` reachability).
        case made(ListOperation)
        /// The user's edit made no operation.
        /// (Indirect, as ``note(_:)``: rare, and the largest payload; the effect stays small.)
        indirect case refused(ItemID, ListEdit, ListReplica.Refusal)
        /// A line of the message trail, for the host's trace (none with ``TraceMode/off``).
        indirect case note(SyncTrailEntry)
    }

    /// The device's copy of the list.
    public private(set) var replica: ListReplica
    /// How the device's unacknowledged operations travel.
    public private(set) var courier = SyncCourier()
    /// What happened to operations on this device, while ``tracing`` is ``TraceMode/recorded``.
    public private(set) var trail = SyncTrail()
    /// Whether the endpoint keeps its ``trail`` and ``reduce(_:at:)`` returns the trail's new
    /// lines as ``Effect/note(_:)`` effects for the host's trace (``TraceMode/recorded``), or
    /// neither (``TraceMode/off``: a run for a verdict, which reads no trail; the end-of-run
    /// ``ConvergenceChecker`` then finds the same problems, with empty trails).
    public var tracing = TraceMode.recorded
    /// An empty effect buffer kept for its capacity between events (scratch space, always empty
    /// here: see ``takeEffectBuffer()``).
    private var effectBuffer: [Effect] = []

    /// The end of `device`, with the list loaded with `items`.
    ///
    /// - Complexity: O(*n*) for *n* items; the trail gets room for the usual four lines per item.
    public init(device: LinkSide, items: [ShoppingItem]) {
        replica = ListReplica(device: device, items: items, outboxKeeper: .courier)
        trail.reserveCapacity(4 * replica.items.count)
    }

    /// An empty effect buffer with the capacity earlier events gave it, for
    /// ``reduce(_:at:into:)``; hand it back with ``returnEffectBuffer(_:)`` once its effects are
    /// performed, so that the next event allocates nothing. (A host that takes it while it is out,
    /// as a nested event would, gets a new empty buffer.)
    ///
    /// Hand it back with `consume`, so that it moves: a buffer still referenced elsewhere is
    /// copied to be emptied, which is correct but allocates.
    ///
    /// ```swift
    /// var effects = endpoint.takeEffectBuffer()
    /// endpoint.reduce(event, at: now, into: &effects)
    /// perform(effects)
    /// endpoint.returnEffectBuffer(consume effects)
    /// ```
    ///
    /// - Complexity: O(1).
    public mutating func takeEffectBuffer() -> [Effect] {
        var buffer: [Effect] = []
        swap(&buffer, &effectBuffer)
        return buffer
    }

    /// Keeps `buffer` (emptied) for the next event.
    ///
    /// - Complexity: O(*e*) for the *e* effects still in it.
    public mutating func returnEffectBuffer(_ buffer: consuming [Effect]) {
        var buffer = buffer
        buffer.shrinkKeepingCapacity()
        effectBuffer = buffer
    }

    /// The device.
    public var device: LinkSide { replica.device }

    /// Whether every operation made here is acknowledged or given up.
    public var isIdle: Bool {
        courier.inFlightInOrder.allSatisfy {
            if case .undeliverable = $0.carrier { return true }
            return false
        }
    }

    /// The transition for `event` at `now`.
    ///
    /// - Complexity: that of ``reduce(_:at:into:)``, plus the returned array.
    public mutating func reduce(_ event: Event, at now: SimTime) -> [Effect] {
        var out: [Effect] = []
        // Room for an edit's effects with the trace off (a change, then the send or `made`): one
        // allocation instead of two.
        out.reserveCapacity(2)
        reduce(event, at: now, into: &out)
        return out
    }

    /// The transition for `event` at `now`, its effects appended to `out` (a buffer the host
    /// reuses, so an event allocates nothing of its own).
    ///
    /// - Complexity: O(1) for an edit, a dispatch, an outcome, or a delivery while nothing is
    ///   held; O(*k*) for a delivery that releases *k* held operations; `appStopped` and
    ///   `appStarted` as ``SyncCourier/reduce(_:)``.
    public mutating func reduce(_ event: Event, at now: SimTime, into out: inout [Effect]) {
        switch event {
        case .edit(let item, let edit, let reachability):
            let made = self.edit(item, slotHint: nil, edit, reachability: reachability, at: now, into: &out)
            if reachability == nil, let made { out.append(.made(made)) }
        case .dispatch(let operation, let reachability):
            perform(courier.send(operation, reachability: reachability), at: now, into: &out)
        case .delivered(let operation, let channel):
            note(.delivered(channel), operation, at: now, into: &out)
            if replica.heldCount == 0 {
                // The usual delivery: it releases nothing, so it touches one item.
                switch replica.receiveAlone(operation) {
                case .merged(let merge):
                    note(.applied(merge.outcome), operation, at: now, into: &out)
                    if let change = merge.change(by: operation) { out.append(.itemChanged(change)) }
                case .duplicate: note(.duplicate, operation, at: now, into: &out)
                case .held(let missing): note(.held(waitingFor: missing), operation, at: now, into: &out)
                }
            } else {
                receiveReleasing(operation, at: now, into: &out)
            }
        case .outcome(let operation, let channel, let outcome):
            if case .failed = outcome { note(.dropped(channel), operation, at: now, into: &out) }
            if let command = courier.outcome(operation, channel: channel, outcome) {
                perform(command, at: now, into: &out)
            }
        case .appStopped:
            courier.appStopped()
        case .appStarted:
            for command in courier.appStarted() { perform(command, at: now, into: &out) }
        }
    }

    /// ``Event/edit(_:_:reachability:)`` with `slotHint`, where the host believes the item sits
    /// in the replica (its index in ``ListReplica/items``; a loaded item's join index in the
    /// device's ``ShoppingList``, ``ShoppingList/joinIndex(atPosition:)``, is one). The hint is
    /// checked, never trusted: a wrong one costs a hash of `item`, as no hint does.
    ///
    /// Returns the operation made (`nil`: refused). With `nil` reachability it is not sent: the
    /// host dispatches it later (``Event/dispatch(_:reachability:)``). The event reports it as a
    /// ``Effect/made(_:)`` effect; this method only returns it.
    ///
    /// - Complexity: O(1); no hashing of `item` when the hint holds.
    @discardableResult
    public mutating func edit(
        _ item: ItemID, slotHint: Int?, _ edit: ListEdit, reachability: Reachability?, at now: SimTime,
        into out: inout [Effect]
    ) -> ListOperation? {
        switch replica.edit(item, slotHint: slotHint, edit) {
        case .refused(let refusal):
            out.append(.refused(item, edit, refusal))
            return nil
        case .made(let operation, let merge):
            note(.made, operation, at: now, into: &out)
            note(.applied(merge.outcome), operation, at: now, into: &out)
            if let change = merge.change(by: operation) { out.append(.itemChanged(change)) }
            if let reachability {
                perform(courier.send(operation, reachability: reachability), at: now, into: &out)
            }
            return operation
        }
    }

    /// What the user's edit made, as ``make(_:slotHint:_:at:)`` reports it.
    public enum Made: Hashable, Sendable {
        /// The operation made (not sent yet) and how the item as shown changed (`nil`: it did not).
        case operation(ListOperation, change: ItemChange?)
        /// No operation was made, for this reason.
        case refused(ListReplica.Refusal)
    }

    /// The number of lines in the ``trail`` so far: a host that drives the endpoint with its
    /// per-event methods (``make(_:slotHint:_:at:)``, ``dispatch(_:reachability:at:)``,
    /// ``receive(_:channel:at:)``, ``outcome(_:channel:_:at:)``) marks it before the event and
    /// traces the lines from the mark on: the ``Effect/note(_:)`` effects the event would have
    /// returned, in order (none with ``TraceMode/off``).
    ///
    /// - Complexity: O(1); inlined, so that a host reads it in place (a call would copy the
    ///   endpoint to pass it).
    @inlinable public var trailCount: Int { trail.entries.count }

    /// ``Event/edit(_:_:reachability:)`` with a `nil` reachability and a `slotHint` (see
    /// ``edit(_:slotHint:_:reachability:at:into:)``), for a host that performs what it asks at
    /// once: the operation made, with the ``Effect/itemChanged(_:)`` that would precede its
    /// ``Effect/made(_:)``, or the refusal. The trail's lines are recorded, not returned (see
    /// ``trailCount``); nothing is sent (``dispatch(_:reachability:at:)`` sends it).
    ///
    /// - Complexity: O(1); no hashing of `item` when the hint holds.
    public mutating func make(_ item: ItemID, slotHint: Int?, _ edit: ListEdit, at now: SimTime) -> Made {
        switch replica.edit(item, slotHint: slotHint, edit) {
        case .refused(let refusal):
            return .refused(refusal)
        case .made(let operation, let merge):
            record(.made, operation, at: now)
            record(.applied(merge.outcome), operation, at: now)
            return .operation(operation, change: merge.change(by: operation))
        }
    }

    /// ``Event/dispatch(_:reachability:)`` for a host that performs what it asks at once: the
    /// one send (``Effect/sendMessage(_:)`` when reachable, else
    /// ``Effect/transferUserInfo(_:)``). Its trail line is recorded (see ``trailCount``).
    ///
    /// - Complexity: O(1) amortised.
    public mutating func dispatch(_ operation: ListOperation, reachability: Reachability, at now: SimTime) -> Effect {
        if courier.sendsInteractively(operation, reachability: reachability) {
            record(.sent(.interactive), operation, at: now)
            return .sendMessage(operation)
        }
        record(.sent(.userInfo), operation, at: now)
        return .transferUserInfo(operation)
    }

    /// ``Event/delivered(_:channel:)`` for a host that performs what it asks at once, while the
    /// replica holds no operation (``ListReplica/heldCount`` is 0, the usual case: the delivery
    /// releases none, so it changes one item at most): the ``Effect/itemChanged(_:)`` change,
    /// if any. Its trail lines are recorded (see ``trailCount``). With operations held, use
    /// ``reduce(_:at:into:)``.
    ///
    /// - Precondition: ``ListReplica/heldCount`` is 0.
    /// - Complexity: O(1) (no hashing for an item loaded with the list).
    public mutating func receive(_ operation: ListOperation, channel: LinkChannel, at now: SimTime) -> ItemChange? {
        receive(operation, channel: channel, at: now, planted: device == .phone ? PlantedLinkBug.current : .none)
    }

    /// ``receive(_:channel:at:)`` under the link rule `planted` (see ``PlantedLinkBug``), which a
    /// host reads once for a whole run instead of the task-local value on every delivery.
    ///
    /// - Precondition: ``ListReplica/heldCount`` is 0.
    /// - Complexity: O(1) (no hashing for an item loaded with the list).
    package mutating func receive(
        _ operation: ListOperation, channel: LinkChannel, at now: SimTime, planted: PlantedLinkBug
    ) -> ItemChange? {
        precondition(replica.heldCount == 0, "receive(_:channel:at:) with held operations: use reduce")
        record(.delivered(channel), operation, at: now)
        switch replica.receiveAlone(operation, planted: planted) {
        case .merged(let merge):
            record(.applied(merge.outcome), operation, at: now)
            return merge.change(by: operation)
        case .duplicate:
            record(.duplicate, operation, at: now)
        case .held(let missing):
            record(.held(waitingFor: missing), operation, at: now)
        }
        return nil
    }

    /// ``Event/outcome(_:channel:_:)`` for a host that performs what it asks at once: the
    /// resend as a queued transfer (``Effect/transferUserInfo(_:)``) after a failed interactive
    /// message, else `nil` (acknowledged, given up, or no longer in flight). Its trail lines are
    /// recorded (see ``trailCount``).
    ///
    /// - Complexity: O(1) amortised.
    public mutating func outcome(
        _ operation: ListOperation, channel: LinkChannel, _ outcome: LinkOutcome, at now: SimTime
    ) -> Effect? {
        if case .failed = outcome { record(.dropped(channel), operation, at: now) }
        switch courier.outcome(operation, channel: channel, outcome) {
        case .transferUserInfo(let operation)?:
            record(.sent(.userInfo), operation, at: now)
            return .transferUserInfo(operation)
        case .sendMessage(let operation)?:
            record(.sent(.interactive), operation, at: now)
            return .sendMessage(operation)
        case .acknowledge(let operation)?:
            record(.acknowledged, operation, at: now)
        case .giveUp(let operation, let error)?:
            record(.undeliverable(error), operation, at: now)
        case nil:
            break
        }
        return nil
    }

    /// Receives `operation` while operations are held: the trail notes of everything it lets
    /// through, then one `itemChanged` per item whose shown state changed (in the order the
    /// items were touched, each with the last operation applied to it).
    ///
    /// - Complexity: O(*k*) for *k* held operations released.
    private mutating func receiveReleasing(_ operation: ListOperation, at now: SimTime, into out: inout [Effect]) {
        let touched = itemsTouched(by: operation)
        let before = touched.map { replica.item($0) }
        var applied: [ListOperation] = []
        for effect in replica.reduce(.received(operation)) {
            switch effect {
            case .applied(let operation, let outcome):
                note(.applied(outcome), operation, at: now, into: &out)
                applied.append(operation)
            case .duplicate(let operation): note(.duplicate, operation, at: now, into: &out)
            case .held(let operation, let missing): note(.held(waitingFor: missing), operation, at: now, into: &out)
            case .refused, .send: break
            }
        }
        guard !applied.isEmpty else { return }
        var lastOperation: [ItemID: ListOperation] = [:]
        for operation in applied { lastOperation[operation.item] = operation }
        var reported: Set<ItemID> = []
        for (item, shown) in zip(touched, before) where reported.insert(item).inserted {
            let after = replica.item(item)
            // An applied operation's item has a slot: it was made (if need be) to merge it.
            if let operation = lastOperation[item], after != shown, let slot = replica.slot(of: item) {
                let change = ItemChange(operation: operation, slot: slot, before: shown?.status, after: after?.status)
                out.append(.itemChanged(change))
            }
        }
    }

    /// The items a delivery of `operation` may change: its own, and those of the held
    /// operations it would release.
    ///
    /// - Complexity: O(1 + *k*) for *k* held operations released.
    private func itemsTouched(by operation: ListOperation) -> [ItemID] {
        var items = [operation.item]
        let gate = replica.gates[operation.id.origin]
        guard operation.id.sequence == gate.passedThrough + 1 else { return items }
        var next = operation.id.sequence + 1
        while let held = gate.held[next] {
            items.append(held.item)
            next += 1
        }
        return items
    }

    /// Performs one courier command: a send (with its trail note), an acknowledgement or a
    /// give-up (a trail note each; the courier alone held the operation).
    ///
    /// - Complexity: O(1).
    private mutating func perform(_ command: SyncCourier.Command, at now: SimTime, into out: inout [Effect]) {
        switch command {
        case .sendMessage(let operation):
            note(.sent(.interactive), operation, at: now, into: &out)
            out.append(.sendMessage(operation))
        case .transferUserInfo(let operation):
            note(.sent(.userInfo), operation, at: now, into: &out)
            out.append(.transferUserInfo(operation))
        case .acknowledge(let operation):
            note(.acknowledged, operation, at: now, into: &out)
        case .giveUp(let operation, let error):
            note(.undeliverable(error), operation, at: now, into: &out)
        }
    }

    /// Records a trail line (with ``TraceMode/recorded``), for the per-event methods: the host
    /// reads it from the trail (see ``trailCount``).
    private mutating func record(_ step: SyncTrailEntry.Step, _ operation: ListOperation, at now: SimTime) {
        guard case .recorded = tracing else { return }
        trail.record(SyncTrailEntry(time: now, device: device, operation: operation, step: step))
    }

    private mutating func note(
        _ step: SyncTrailEntry.Step, _ operation: ListOperation, at now: SimTime, into out: inout [Effect]
    ) {
        guard case .recorded = tracing else { return }
        let entry = SyncTrailEntry(time: now, device: device, operation: operation, step: step)
        trail.record(entry)
        out.append(.note(entry))
    }
}

extension SyncEndpoint: StorageAdopting {
    /// Keeps this endpoint in `old`'s storage: its replica, courier, trail and effect buffer
    /// (``StorageAdopting``).
    ///
    /// - Complexity: that of its parts' ``StorageAdopting/adoptStorage(of:)``.
    public mutating func adoptStorage(of old: inout SyncEndpoint) {
        replica.adoptStorage(of: &old.replica)
        courier.adoptStorage(of: &old.courier)
        trail.adoptStorage(of: &old.trail)
        effectBuffer.adoptStorage(of: &old.effectBuffer)
    }
}
