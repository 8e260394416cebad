import CompanionModel
import ReminderScheduling
import SimulationKernel

/// What can be due on the loop for the reminders feature.
public enum RemindersEvent: Sendable {
    /// The phone app runs (launch, foreground, background refresh …) and refills.
    case appRun(ReminderScheduler.AppRunReason)
    /// A notification may fire, or a reminder may fall due: deliveries and misses are traced.
    case wake
}

extension ScenarioSimulation {
    /// The phone applied a check-off from the watch: the app runs (a watch message wakes it), the
    /// item is completed (or reopened) in the scheduler, and the later badges drop (or rise).
    mutating func phoneDidApply(_ operation: CheckOffOperation) {
        guard let reminders else { return }
        let item = operation.item
        let time = now
        let at = PhoneReminders.reminderTime(time)
        switch operation.kind {
        case .check where reminders.currentDue(of: item) != nil:
            self.reminders?.log(item, due: nil, at: time)
            phoneAppRuns(.watchMessage) { (scheduler) throws(ReminderSchedulerError) in
                try scheduler.complete(item, now: at)
            }
        case .uncheck where reminders.lastDue(of: item) != nil:
            guard let due = reminders.lastDue(of: item) else { return }
            self.reminders?.log(item, due: due, at: time)
            phoneAppRuns(.watchMessage) { (scheduler) throws(ReminderSchedulerError) in
                try scheduler.reopen(item, now: at)
            }
        default:
            phoneAppRuns(.watchMessage) { _ in }
        }
    }

    /// Schedules the phone app's first launch and its periodic runs.
    mutating func startReminders() {
        guard let settings = reminders?.settings else { return }
        _ = loop.schedule(.reminders(.appRun(.launch)), at: settings.launchAt)
        if let runs = settings.appRuns {
            var time = runs.from
            let last = min(runs.until ?? scenario.end, scenario.end)
            while time <= last {
                _ = loop.schedule(.reminders(.appRun(runs.reason)), at: time)
                time += runs.every
            }
        }
    }

    /// Handles a reminders event.
    mutating func handleReminders(_ event: RemindersEvent) {
        switch event {
        case .appRun(let reason):
            phoneAppRuns(reason) { _ in }
        case .wake:
            reminders?.nextWake = nil
            syncReminders()
            scheduleReminderWake()
        }
    }

    /// The phone app runs now for `reason`: deliveries up to now are traced, `change` is applied
    /// (after the list is loaded at the first run), and the scheduler refills.
    mutating func phoneAppRuns(
        _ reason: ReminderScheduler.AppRunReason,
        _ change: (inout ReminderScheduler) throws(ReminderSchedulerError) -> Void
    ) {
        guard var phone = reminders else { return }
        syncReminders()
        phone = reminders ?? phone
        let at = PhoneReminders.reminderTime(now)
        var effectiveReason = reason
        var initial: [(id: String, due: ReminderTime?)] = []
        var repeating: [RepeatingReminder] = []
        if case .notLaunched = phone.lifecycle {
            effectiveReason = .launch
            initial = phoneList.items.filter { phoneList.state(of: $0.id)?.isRemaining ?? true }
                .compactMap { item in item.due.map { (item.id, PhoneReminders.reminderTime($0)) } }
            repeating = phone.settings.repeating.map { spec in
                RepeatingReminder(
                    id: spec.id, title: spec.title, start: PhoneReminders.reminderTime(spec.start),
                    interval: spec.every.nanoseconds / 1_000_000_000)
            }
            phone.markLaunched(at: now)
        }
        do {
            let report = try phone.run(at: now, reason: effectiveReason) { (scheduler) throws(ReminderSchedulerError) in
                if !initial.isEmpty { scheduler.load(initial, now: at) }
                for reminder in repeating { try scheduler.addRepeating(reminder, now: at) }
                try change(&scheduler)
            }
            reminders = phone
            record(
                "phone.refill",
                [
                    "reason": .string(effectiveReason.rawValue), "added": .int(Int64(report.added)),
                    "removed": .int(Int64(report.removed)), "pending": .int(Int64(report.windowCount)),
                    "held": .int(Int64(report.heldCount)), "badge": .int(Int64(phone.harness.center.badge)),
                ])
        } catch {
            reminders = phone
            record(
                "phone.reminderError",
                ["reason": .string(effectiveReason.rawValue), "error": .string(error.description)])
        }
        scheduleReminderWake()
    }

    /// The user taps `action` on the latest notification about `item`.
    mutating func reminderActionTapped(_ action: ReminderAction, item: ItemID) {
        guard var phone = reminders else { return }
        syncReminders()
        phone = reminders ?? phone
        guard let delivery = phone.harness.deliveries.last(where: { $0.item == item }) else {
            record(
                "phone.actionIgnored",
                [
                    "item": .string(item), "action": .string(action.rawValue),
                    "reason": "no notification delivered for the item",
                ])
            return
        }
        do {
            try phone.respond(to: delivery.identifier, with: action, at: now)
            if action == .complete { phone.log(item, due: nil, at: now) }
            reminders = phone
            record(
                "phone.notificationAction",
                [
                    "item": .string(item), "action": .string(action.rawValue),
                    "badge": .int(Int64(phone.harness.center.badge)),
                ])
            if action == .complete { completeEverywhere(item) }
        } catch {
            record(
                "phone.actionIgnored",
                [
                    "item": .string(item), "action": .string(action.rawValue),
                    "reason": .string(error.description),
                ])
        }
        scheduleReminderWake()
    }

    /// The user changes an item's due date in the phone app.
    mutating func reminderDueChanged(_ item: ItemID, to due: SimTime) {
        guard reminders != nil else { return }
        let time = now
        reminders?.log(item, due: due, at: time)
        let at = PhoneReminders.reminderTime(time)
        phoneAppRuns(.foreground) { $0.setItem(item, due: PhoneReminders.reminderTime(due), now: at) }
    }

    /// A completion from a notification is done everywhere: on the phone's list and, through the
    /// app context, on the watch's (recorded as the user's operation so both lists agree).
    private mutating func completeEverywhere(_ item: ItemID) {
        guard watchList.state(of: item)?.isRemaining ?? false else { return }
        let operation = CheckOffOperation(item: item, kind: .check, sequence: nextSequence(for: item))
        intents.append(operation)
        _ = watchList.apply(.check, to: item, at: now)
        _ = phoneList.apply(.check, to: item, at: now)
        phoneAppliedSequence[item] = operation.sequence
        record(
            "phone.completedFromNotification",
            ["item": .string(item), "remaining": .int(Int64(watchList.remainingCount))])
        requestComplicationUpdate(source: "app")
    }

    /// Moves the reminder world to now and traces new deliveries and misses.
    mutating func syncReminders() {
        guard var phone = reminders else { return }
        phone.advance(to: now)
        let deliveries = phone.harness.deliveries[phone.tracedDeliveries...]
        let misses = phone.harness.missed[phone.tracedMisses...]
        phone.tracedDeliveries = phone.harness.deliveries.count
        phone.tracedMisses = phone.harness.missed.count
        reminders = phone
        for delivery in deliveries {
            record(
                "phone.notificationDelivered",
                [
                    "id": .string(delivery.identifier), "at": .duration(PhoneReminders.simTime(delivery.at).offset),
                    "badge": delivery.badge.map { .int(Int64($0)) } ?? .string("unchanged"),
                    "appBadge": .int(Int64(delivery.appBadge)),
                ])
        }
        for miss in misses {
            record(
                "phone.reminderMissed",
                [
                    "id": .string(miss.identifier), "due": .duration(PhoneReminders.simTime(miss.due).offset),
                    "reason": .string(miss.reason.description),
                ])
        }
    }

    /// Puts a wake-up event on the loop at the next fire date, unless an earlier one is there.
    mutating func scheduleReminderWake() {
        guard let phone = reminders, let next = phone.nextEvent(after: now) else { return }
        if let wake = phone.nextWake, wake > now, wake <= next { return }
        reminders?.nextWake = next
        _ = loop.schedule(.reminders(.wake), at: next)
    }

    /// The `reminders` summary section (only when the scenario has a `"reminders"` section).
    func remindersSections() -> [ReportSection] {
        guard let phone = reminders?.advanced(to: now) else { return [] }
        let harness = phone.harness
        let alerts = harness.deliveries.filter(\.isAlert)
        return [
            ReportSection(
                title: "reminders",
                rows: [
                    .init(
                        "scheduler", .string(phone.settings.mode.rawValue),
                        text: phone.settings.mode == .windowed ? "windowed (W = \(phone.settings.window))" : "naive"),
                    .init("appRuns", .int(Int64(harness.snapshots.count))),
                    .init("delivered", .int(Int64(alerts.count))),
                    .init("missed", .int(Int64(harness.missed.count))),
                    .init("pendingMax", .int(Int64(harness.pendingMax))),
                    .init("pendingNow", .int(Int64(harness.center.pendingCount))),
                    .init("badgeNow", .int(Int64(harness.center.badge))),
                ])
        ]
    }
}
