import CompanionModel
import SimulationKernel

extension WatchFeature {
    /// The app hands its committed operation numbered `sequence` to its sync courier, which
    /// picks the channel from what `isReachable` answers now (interactive when reachable, else a
    /// queued transfer, which survives the app's exit). A synchronous send tries `sendMessage`
    /// whatever `isReachable` says: unreachable, it fails at once with 7007 and the courier
    /// falls back to a transfer.
    mutating func commit(sequence: Int, _ context: WorldContext, into effects: inout WorldEffects) {
        // The naive handler calls `sendMessage` without asking `isReachable` (it then waits for the
        // reply or the error); the others send interactively only when reachable.
        let synchronous = !app.heldSends.isEmpty && app.heldSends[sequence] != nil
        let reachability = synchronous ? .reachable : context.reachability(from: .watch)
        reduceSync(.dispatch(sequence, reachability: reachability), context, into: &effects)
        // The courier sends interactively exactly when reachable (``SyncCourier``).
        if case .unreachable = reachability {
            // Unreachable: a synchronous sendMessage fails at once (7007) and the app falls back.
            releaseHeldSend(sequence: sequence, context, into: &effects)
        }
    }

    /// A tap's check-off committed on the watch: a remaining item (or one no longer shown) is
    /// checked off, a checked one put back, on the app's replica (what the list shows). Returns
    /// the sequence number of the operation made, sent later by the pipeline's send step, or
    /// `nil` when the replica refused it (the item was removed on the phone meanwhile). The
    /// complication hears of it.
    ///
    /// - Complexity: O(1); the item is found by its key, no hashing.
    mutating func commitToggle(of key: Int, _ context: WorldContext, into effects: inout WorldEffects) -> Int? {
        // Two small fields read in place: asking the item (`shownStatus`, in another module) would
        // copy it, strings and all, to ask.
        let isListed = if case .listed = sync.replica.items[key].presence.value { true } else { false }
        let isChecked = if isListed, case .checkedOff = sync.replica.items[key].status.value { true } else { false }
        let before = sync.replica.lastSequence
        reduceSync(.edit(key, isChecked ? .uncheck : .check, reachability: nil), context, into: &effects)
        let sequence = sync.replica.lastSequence
        return sequence > before ? sequence : nil
    }

    /// The user adds an item by dictation: the app is opened if it was not running, the item
    /// joins the watch's list at once and the operation goes to the phone (queued when the phone
    /// is not reachable from the watch at that moment).
    mutating func addItem(_ item: ItemID, title: String, _ context: WorldContext, into effects: inout WorldEffects) {
        if !appLifecycle.isRunning { effects.append(.send(.watch(.openApp))) }
        let reachability = context.reachability(from: .watch)
        reduceSync(.edit(sync.key(of: item), .add(title: title), reachability: reachability), context, into: &effects)
    }

    /// How a message the watch app sent ended: the courier acknowledges it or falls back.
    mutating func outcomeArrived(
        _ message: LinkMessage, _ outcome: LinkOutcome, _ context: WorldContext, into effects: inout WorldEffects
    ) {
        // Matched, not asked (``LinkPayload/listOperation`` is a call into another module).
        guard case .listOperation(let operation) = message.payload else { return }
        reduceSync(.outcome(operation.id.sequence, channel: message.channel, outcome), context, into: &effects)
        // Matched, not compared with `==`: the enum's synthesized `==` lives in another module
        // and is called through its witness at every outcome.
        if case .interactive = message.channel {
            releaseHeldSend(sequence: operation.id.sequence, context, into: &effects)
        }
    }

    /// The link handed the watch app something from the phone.
    mutating func received(
        _ message: LinkMessage, duplicate: Bool, _ context: WorldContext, into effects: inout WorldEffects
    ) {
        let now = context.now
        switch message.payload {
        case .complicationUpdate(let remaining):
            let note: WorldEffect = .trace(
                .watchComplicationData, at: now,
                [
                    "remaining": .int(Int64(remaining)), "id": .int(Int64(message.id)),
                    "channel": .string(message.channel.name),
                ])
            // A budgeted transfer is the phone's complication transfer; after a fallback the watch
            // app got the data as ordinary userInfo and reloads the complication itself.
            if !duplicate {
                let source: ComplicationReloadSource = message.channel == .complication ? .phoneTransfer : .app
                effects.append(.send(.complication(.reload(source, app: appLifecycle.runState))))
            }
            effects.append(note)
        case .listOperation(let operation):
            reduceSync(.delivered(operation, channel: message.channel), context, into: &effects)
        case .data:
            effects.append(
                .trace(
                    .watchReceived, at: now,
                    ["id": .int(Int64(message.id)), "payload": .string(message.payload.summary)]))
        }
    }

    /// Runs `event` through the watch's sync endpoint and performs what it asks, in order: a
    /// changed item (the check-off order, the complication's notice; a change from the phone, or
    /// an item added by dictation, also makes the app reload its complication, which the pipeline
    /// does for taps), and what both devices do alike (``SyncEndpoint/worldEffect(of:_:)``: link
    /// requests, refusals and the message trail). The endpoint's effects go into the watch's
    /// reused buffer (``pendingSync``) and are dropped once performed; an event this sets off
    /// leaves the buffer as it found it.
    ///
    /// - Complexity: that of ``SyncEndpoint/reduce(_:at:trace:into:)``, plus O(*e*) in its
    ///   effects and ``itemChanged(_:_:into:)``; an event allocates none.
    mutating func reduceSync(_ event: SyncEndpoint.Event, _ context: WorldContext, into effects: inout WorldEffects) {
        let start = pendingSync.count
        sync.reduce(event, at: context.now, trace: context.trace, into: &pendingSync)
        for index in start..<pendingSync.count {
            if case .itemChanged(let change) = pendingSync[index] {
                itemChanged(change, context, into: &effects)
            } else if let effect = sync.worldEffect(of: pendingSync[index], context) {
                effects.append(effect)
            }
        }
        pendingSync.shrinkKeepingCapacity(to: start)
    }

    /// The list shows an item the replica changed (``SyncEndpoint/Effect/itemChanged(_:)``): the
    /// check-off order follows its status, the change is traced (when the trace is kept), the
    /// complication hears of it (the remaining item now at the item's place), and a change from
    /// the phone, or an item added by dictation, also makes the app reload its complication (the
    /// pipeline does it for taps). One mutating routine, reading the replica in place: a
    /// non-mutating helper would be handed a copy of the whole watch side.
    ///
    /// - Complexity: O(1), plus O(*c*) to take one of *c* checked items off the check-off order;
    ///   O(*n*) for the next item when the trace is kept.
    private mutating func itemChanged(_ change: ItemChange, _ context: WorldContext, into out: inout WorldEffects) {
        let key = change.slot
        let wasChecked = if case .checkedOff? = change.before { true } else { false }
        let isChecked = if case .checkedOff? = change.after { true } else { false }
        if isChecked, !wasChecked {
            checkOffOrder.append(key)
        } else if wasChecked, !isChecked {
            checkOffOrder.removeAll { $0 == key }
        }
        let fromPhone = if case .phone = change.origin { true } else { false }
        if fromPhone {
            phoneMadeChanges.insert(key)
        } else if !phoneMadeChanges.isEmpty {
            phoneMadeChanges.remove(key)
        }
        let items = sync.replica.items
        if case .recorded = context.trace {
            let next = layout.nextKey(in: items).map { layout.catalog.name(of: $0) } ?? "-"
            out.append(
                .trace(
                    .watchListChanged, at: context.now,
                    [
                        "item": .string(items[key].id),
                        "action": .string(sync.replica.appliedLog[change.position].edit.name),
                        "remaining": .int(Int64(sync.replica.remainingCount)), "next": .string(next),
                    ]))
        }
        if context.complicationListens, let change = layout.remaining(at: key, in: items) {
            out.append(.send(.complication(.listChanged(change.item, at: change.place))))
        }
        if fromPhone || change.setsTitle {
            out.append(.send(.complication(.reload(.app, app: appLifecycle.runState))))
        }
    }
}
