import CompanionModel
import ReminderScheduling
import SimulationKernel

extension PhoneFeature {
    /// The link handed the phone app something from the watch: a list operation goes to the
    /// phone's replica (applied exactly once, in the watch's order); what it changed reaches the
    /// reminders, and with the `afterEachChange` policy the app pushes the new count to the
    /// complication.
    mutating func received(
        _ message: LinkMessage, duplicate: Bool, _ context: WorldContext, into effects: inout WorldEffects
    ) {
        guard case .listOperation(let operation) = message.payload else {
            effects.append(
                .trace(
                    .phoneReceived, at: context.now,
                    ["id": .int(Int64(message.id)), "payload": .string(message.payload.summary)]))
            return
        }
        reduceSync(.delivered(operation, channel: message.channel), context, into: &effects)
    }

    /// How a message the phone app sent ended: the courier acknowledges it or falls back.
    mutating func outcomeArrived(
        _ message: LinkMessage, _ outcome: LinkOutcome, _ context: WorldContext, into effects: inout WorldEffects
    ) {
        guard let operation = message.payload.listOperation else { return }
        reduceSync(.outcome(operation.id.sequence, channel: message.channel, outcome), context, into: &effects)
    }

    /// The user edits the list in the phone app: the app comes to the foreground (launched if it
    /// was not running, which is an app run), the phone's replica takes the edit, and the
    /// operation goes to the watch (interactive when the watch app is reachable, else queued).
    mutating func edit(_ item: ItemID, _ edit: ListEdit, _ context: WorldContext, into effects: inout WorldEffects) {
        if !appLifecycle.isForeground {
            lifecycle(.launch, cause: "phoneEdit", context, into: &effects)
            effects.append(.send(.phone(.appRun(.launch))))
            effects.append(.send(.phone(.edit(item, edit))))
            return
        }
        reduceSync(
            .edit(sync.key(of: item), edit, reachability: context.reachability(from: .phone)), context, into: &effects)
    }

    /// Runs `event` through the phone's sync endpoint and performs what it asks, in order (a
    /// changed item, ``itemChanged(_:_:remindersKnow:into:)``, reaches the reminders unless they
    /// already know: `remindersKnow`; the rest both devices do alike,
    /// ``SyncEndpoint/worldEffect(of:_:)``), then drops those effects. An event this sets off
    /// leaves the buffer as it found it.
    ///
    /// - Complexity: that of ``SyncEndpoint/reduce(_:at:trace:into:)``; the endpoint's effects go into
    ///   the phone's reused buffer (``pendingSync``), so an event allocates none.
    mutating func reduceSync(
        _ event: SyncEndpoint.Event, _ context: WorldContext, remindersKnow: Bool = false,
        into effects: inout WorldEffects
    ) {
        let start = pendingSync.count
        sync.reduce(event, at: context.now, trace: context.trace, into: &pendingSync)
        for index in start..<pendingSync.count {
            if case .itemChanged(let change) = pendingSync[index] {
                itemChanged(change, context, remindersKnow: remindersKnow, into: &effects)
            } else if let effect = sync.worldEffect(of: pendingSync[index], context) {
                effects.append(effect)
            }
        }
        pendingSync.shrinkKeepingCapacity(to: start)
    }

    /// `transferCurrentComplicationUserInfo` with the phone's remaining-items count.
    var complicationPush: WorldEffect {
        .send(
            .link(
                .request(
                    .transferCurrentComplicationUserInfo(.complicationUpdate(remaining: sync.replica.remainingCount)))))
    }

    /// The user taps `action` on the latest notification about `item`.
    ///
    /// The phone app handles it: launched into the background if it is not running (that is an
    /// app run, so the scheduler refills). *Complete* checks the item off on the phone's list and
    /// sends the operation to the watch as a queued transfer (guaranteed, delivered when the watch
    /// app next runs); the watch applies it when it arrives. *Remind me in 30 minutes* changes
    /// nothing on the list.
    mutating func notificationAction(
        _ action: ReminderAction, item: ItemID, _ context: WorldContext, into effects: inout WorldEffects
    ) {
        let now = context.now
        // Time moves to now first (what fired on the way is traced), in place.
        reminders.advance(to: now, trace: context.trace, into: &effects)
        guard let delivery = reminders.harness.latestDelivery(ofItem: item) else {
            effects.append(
                .trace(
                    .phoneActionIgnored, at: now,
                    [
                        "item": .string(item), "action": .string(action.rawValue),
                        "reason": "no notification delivered for the item",
                    ]))
            return
        }
        if !appLifecycle.isRunning {
            lifecycle(.wakeInBackground, cause: "wakePhoneApp", context, into: &effects)
        }
        do {
            // The app runs for every action, even one that changes nothing (rule R3); in place.
            let outcome = try reminders.respondToAction(
                action, on: delivery.identifier, item: item, at: now, trace: context.trace, into: &effects)
            // Complete checks the item off on the phone's replica and sends the operation to the
            // watch (the scheduler already completed it: the action's response did).
            if outcome == .completed {
                reduceSync(
                    .edit(sync.key(of: item), .check, reachability: context.reachability(from: .phone)), context,
                    remindersKnow: true, into: &effects)
            }
        } catch {
            effects.append(
                .trace(
                    .phoneActionIgnored, at: now,
                    ["item": .string(item), "action": .string(action.rawValue), "reason": .string(error.description)]))
        }
        scheduleReminderWake(context, into: &effects)
    }

    /// The phone's list changed an item (``SyncEndpoint/Effect/itemChanged(_:)``): a trace, the
    /// reminders' reaction (a watch message wakes the app; an edit in the phone app is a
    /// foreground run) unless they already know (`remindersKnow`), and with the `afterEachChange`
    /// policy a complication push.
    ///
    /// - Complexity: O(1), plus the reminders' app run.
    private mutating func itemChanged(
        _ change: ItemChange, _ context: WorldContext, remindersKnow: Bool, into out: inout WorldEffects
    ) {
        if case .recorded = context.trace {
            let operation = sync.replica.appliedLog[change.position]
            out.append(
                .trace(
                    .phoneListChanged, at: context.now,
                    [
                        "item": .string(operation.item), "action": .string(operation.edit.name),
                        "op": .string(operation.id.description),
                        "remaining": .int(Int64(sync.replica.remainingCount)),
                    ]))
        }
        let kind: CheckOffKind? =
            switch (change.before, change.after) {
            case (.open?, .checkedOff?), (nil, .checkedOff?): .check
            case (.checkedOff?, .open?): .uncheck
            case (_, nil), (nil, .open?), (.open?, .open?), (.checkedOff?, .checkedOff?): nil
            }
        if !remindersKnow {
            let reason: ReminderScheduler.AppRunReason =
                if case .watch = change.origin { .watchMessage } else { .foreground }
            remindersApplied(change.slot, kind, reason: reason, context, into: &out)
        }
        if case .afterEachChange = complicationPolicy { out.append(complicationPush) }
    }
}
