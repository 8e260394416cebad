import CompanionModel
import ReminderScheduling
import SimulationKernel

extension PhoneFeature {
    /// The link handed the phone app something from the watch. A check-off is applied if it is
    /// newer than the item's last one (exactly once, in order per item); then the app's reminders
    /// react, and with the `afterEachChange` policy the app pushes the new count to the complication.
    mutating func received(_ message: LinkMessage, duplicate: Bool, _ context: WorldContext) -> [WorldEffect] {
        let now = context.now
        guard case .checkOff(let operation) = message.payload else {
            return [
                .trace(
                    .phoneReceived, at: now,
                    ["id": .int(Int64(message.id)), "payload": .string(message.payload.summary)])
            ]
        }
        let result = list.apply(operation, at: now)
        var fields: [(key: String, value: TraceValue)] = [
            ("item", .string(operation.item)), ("op", .string(operation.actionName)),
            ("seq", .int(Int64(operation.sequence))), ("id", .int(Int64(message.id))),
            ("channel", .string(message.channel.name)),
        ]
        if duplicate { fields.append(("copy", .string("duplicate"))) }
        if case .stale(let latest) = result { fields.append(("latest", .int(Int64(latest)))) }
        if !result.changedTheList { fields.append(("reason", .string(result.name))) }
        var effects: [WorldEffect] = [
            .trace(result.changedTheList ? .phoneApplied : .phoneIgnored, at: now, fieldList: fields)
        ]
        guard result.changedTheList else { return effects }
        effects += remindersApplied(operation, context)
        if complicationPolicy.pushesAfterEachChange {
            effects += pushComplication(context)
        }
        return effects
    }

    /// `transferCurrentComplicationUserInfo` with the phone's remaining-items count.
    func pushComplication(_ context: WorldContext) -> [WorldEffect] {
        let payload = LinkPayload.complicationUpdate(remaining: list.remainingCount)
        return [.send(.link(.request(.transferCurrentComplicationUserInfo(payload))))]
    }

    /// The user taps `action` on the latest notification about `item`.
    ///
    /// The phone app handles it: launched into the background if it is not running (that is an
    /// app run, so the scheduler refills). *Complete* checks the item off on the phone's list and
    /// sends the operation to the watch as a queued transfer (guaranteed, delivered when the watch
    /// app next runs); the watch applies it when it arrives. *Remind me in 30 minutes* changes
    /// nothing on the list.
    mutating func notificationAction(_ action: ReminderAction, item: ItemID, _ context: WorldContext)
        -> [WorldEffect]
    {
        guard reminders != nil else { return [] }
        let now = context.now
        var effects = syncReminders(context)
        guard var phone = reminders,
            let delivery = phone.harness.deliveries.last(where: { $0.item == item })
        else {
            return effects + [
                .trace(
                    .phoneActionIgnored, at: now,
                    [
                        "item": .string(item), "action": .string(action.rawValue),
                        "reason": "no notification delivered for the item",
                    ])
            ]
        }
        if !context.phoneApp.isRunning {
            effects.append(.send(.link(.environment(.wakePhoneApp))))
        }
        reminders = nil
        do {
            // The app runs for every action, even one that changes nothing (rule R3).
            let outcome = try phone.respond(to: delivery.identifier, with: action, at: now)
            let done = outcome == .completed
            if done { phone.log(item, due: nil, at: now) }
            effects.append(
                .trace(
                    .phoneNotificationAction, at: now,
                    [
                        "item": .string(item), "action": .string(action.rawValue),
                        "outcome": .string(outcome.name), "badge": .int(Int64(phone.harness.center.badge)),
                    ]))
            effects += PhoneFeature.traceNew(&phone, now)
            reminders = phone
            if done { effects += completeOnPhone(item, now) }
        } catch {
            reminders = phone
            effects.append(
                .trace(
                    .phoneActionIgnored, at: now,
                    ["item": .string(item), "action": .string(action.rawValue), "reason": .string(error.description)]))
        }
        return effects + scheduleReminderWake(context)
    }

    /// Checks `item` off on the phone's list and sends the operation to the watch.
    private mutating func completeOnPhone(_ item: ItemID, _ now: SimTime) -> [WorldEffect] {
        guard let operation = list.originate(.checkedOff, item: item, at: now) else { return [] }
        return [
            .trace(
                .phoneListChanged, at: now,
                [
                    "item": .string(item), "op": .string(operation.actionName), "seq": .int(Int64(operation.sequence)),
                    "remaining": .int(Int64(list.remainingCount)),
                ]),
            .send(.link(.request(.transferUserInfo(.checkOff(operation), from: .phone)))),
        ]
    }
}
