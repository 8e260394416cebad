import CompanionModel
import ReminderScheduling
import SimulationKernel

extension PhoneFeature {
    /// Schedules the phone app's first launch and the first of its periodic runs (each run
    /// schedules the next when it happens).
    mutating func startReminders(_ context: WorldContext) -> [WorldEffect] {
        guard let settings = reminders?.settings else { return [] }
        var effects: [WorldEffect] = [.schedule(.phone(.appRun(.launch)), at: settings.launchAt)]
        if let runs = settings.appRuns {
            let last = min(runs.until ?? context.scenario.end, context.scenario.end)
            if runs.from <= last {
                let series = PeriodicSeries(time: runs.from, every: runs.every, until: last)
                effects.append(.schedule(.phone(.periodicAppRun(runs.reason, series)), at: runs.from))
            }
        }
        return effects
    }

    /// The phone applied a check-off from the watch: the app runs (a watch message wakes it), the
    /// item is completed (or reopened) in the scheduler, and the later badges drop (or rise).
    mutating func remindersApplied(
        _ item: ItemID, _ kind: CheckOffKind?, reason: ReminderScheduler.AppRunReason = .watchMessage,
        _ context: WorldContext
    ) -> [WorldEffect] {
        // Read what is needed without keeping a copy of the phone's reminders alive: a copy would
        // share their arrays, and every snapshot the app run below appends would copy them all.
        guard
            let facts = reminders.map({
                (
                    currentDue: $0.currentDue(of: item), lastDue: $0.lastDue(of: item),
                    state: $0.harness.scheduler.state(of: item)
                )
            })
        else { return [] }
        let time = context.now
        let at = PhoneReminders.reminderTime(time)
        switch kind {
        case .check? where facts.currentDue != nil:
            self.reminders?.log(item, due: nil, at: time)
            return appRuns(reason, context) { (scheduler) throws(ReminderSchedulerError) in
                try scheduler.complete(item, now: at)
            }
        case .uncheck? where facts.lastDue != nil:
            guard let due = facts.lastDue else { return [] }
            self.reminders?.log(item, due: due, at: time)
            return appRuns(reason, context) { (scheduler) throws(ReminderSchedulerError) in
                try scheduler.reopen(item, now: at)
            }
        default:
            break
        }
        // A removal (here or through sync) cancels the item's reminders; an item added back after
        // a removal is open again without a due date (rule R15).
        switch (sync.replica.item(item), facts.state) {
        case (nil, .open?), (nil, .completed?):
            self.reminders?.logRemoval(item, at: time)
            return appRuns(reason, context) { $0.removeItem(item, now: at) }
        case (let shown?, .removed?) where shown.status == .open:
            return appRuns(reason, context) { $0.restore(item, due: nil, now: at) }
        default:
            return appRuns(reason, context) { _ in }
        }
    }

    /// The phone app runs now for `reason`: deliveries up to now are traced, `change` is applied
    /// (after the list is loaded at the first run), and the scheduler refills.
    mutating func appRuns(
        _ reason: ReminderScheduler.AppRunReason, _ context: WorldContext,
        _ change: (inout ReminderScheduler) throws(ReminderSchedulerError) -> Void
    ) -> [WorldEffect] {
        guard reminders != nil else { return [] }
        var effects = syncReminders(context)
        // Take the phone out so its arrays are uniquely referenced: appending never copies them.
        guard var phone = reminders else { return effects }
        reminders = nil
        let now = context.now
        let at = PhoneReminders.reminderTime(now)
        var effectiveReason = reason
        var initial: [(id: String, due: ReminderTime?)] = []
        var repeating: [RepeatingReminder] = []
        if case .notLaunched = phone.lifecycle {
            effectiveReason = .launch
            initial = context.scenario.items.filter { sync.replica.item($0.id)?.status == .open }
                .compactMap { item in item.due.map { (item.id, PhoneReminders.reminderTime($0)) } }
            repeating = phone.settings.repeating.map { spec in
                RepeatingReminder(
                    id: spec.id, title: spec.title, start: PhoneReminders.reminderTime(spec.start),
                    interval: spec.every.nanoseconds / 1_000_000_000)
            }
            phone.markLaunched(at: now)
        }
        if effectiveReason == .backgroundRefresh {
            // A background refresh step: the system runs the app in a background task (rule S6).
            phone.refreshInBackground(at: now)
            effects += Self.traceNew(&phone, now)
            reminders = phone
            return effects + scheduleReminderWake(context)
        }
        do {
            _ = try phone.run(at: now, reason: effectiveReason) { (scheduler) throws(ReminderSchedulerError) in
                if !initial.isEmpty { scheduler.load(initial, now: at) }
                for reminder in repeating { try scheduler.addRepeating(reminder, now: at) }
                try change(&scheduler)
            }
        } catch {
            effects.append(
                .trace(
                    .phoneReminderError, at: now,
                    ["reason": .string(effectiveReason.rawValue), "error": .string(error.description)]))
        }
        effects += Self.traceNew(&phone, now)
        reminders = phone
        return effects + scheduleReminderWake(context)
    }

    /// The user changes an item's due date in the phone app (the app comes to the foreground).
    mutating func dueChanged(_ item: ItemID, to due: SimTime, _ context: WorldContext) -> [WorldEffect] {
        guard reminders != nil else { return [] }
        let time = context.now
        // A completed item keeps its new date unarmed (rule R2): it is not open, so it is not logged as due.
        if sync.replica.item(item)?.status == .open { reminders?.log(item, due: due, at: time) }
        let at = PhoneReminders.reminderTime(time)
        return appRuns(.foreground, context) { $0.setItem(item, due: PhoneReminders.reminderTime(due), now: at) }
    }

    /// Moves the reminder world to now (performing the app runs the system or the user start on
    /// their own on the way) and traces new deliveries, misses and app runs.
    mutating func syncReminders(_ context: WorldContext) -> [WorldEffect] {
        guard var phone = reminders else { return [] }
        reminders = nil
        phone.advance(to: context.now)
        let effects = Self.traceNew(&phone, context.now)
        reminders = phone
        return effects
    }

    /// Trace records for the deliveries, misses and app runs of `phone` not traced yet.
    ///
    /// - Complexity: O(new records).
    static func traceNew(_ phone: inout PhoneReminders, _ now: SimTime) -> [WorldEffect] {
        var effects: [WorldEffect] = []
        let harness = phone.harness
        for delivery in harness.deliveries[phone.tracedDeliveries...] {
            var fields: [(key: String, value: TraceValue)] = [
                ("id", .string(delivery.identifier)),
                ("at", .duration(PhoneReminders.simTime(delivery.at).offset)),
                ("badge", delivery.badge.map { .int(Int64($0)) } ?? .string("unchanged")),
                ("appBadge", .int(Int64(delivery.appBadge))),
            ]
            if delivery.presentation == .quiet { fields.append(("presentation", .string("quiet"))) }
            effects.append(.trace(.phoneNotificationDelivered, at: now, fieldList: fields))
        }
        for miss in harness.missed[phone.tracedMisses...] {
            effects.append(
                .trace(
                    .phoneReminderMissed, at: now,
                    [
                        "id": .string(miss.identifier), "due": .duration(PhoneReminders.simTime(miss.due).offset),
                        "reason": .string(miss.reason.description),
                    ]))
        }
        for run in harness.snapshots[phone.tracedRuns...] {
            var fields: [(key: String, value: TraceValue)] = [
                ("reason", .string(run.reason.rawValue)), ("added", .int(Int64(run.added))),
                ("removed", .int(Int64(run.removed))), ("pending", .int(Int64(run.windowCount))),
                ("held", .int(Int64(run.held))), ("badge", .int(Int64(run.appBadge))),
            ]
            if !run.authorization.allowsDelivery { fields.append(("blocked", .string(run.authorization.rawValue))) }
            if case .terminated(let code, let detail)? = run.backgroundTask {
                fields.append(("terminated", .string(code)))
                fields.append(("why", .string(detail)))
            }
            if let notice = run.noticeHeld { fields.append(("notice", .int(Int64(notice)))) }
            effects.append(.trace(.phoneRefill, at: now, fieldList: fields))
        }
        phone.tracedDeliveries = harness.deliveries.count
        phone.tracedMisses = harness.missed.count
        phone.tracedRuns = harness.snapshots.count
        return effects
    }

    /// Puts a wake-up event on the loop at the next fire date, unless one is already there at or
    /// before it (and after now). A wake at the current instant never counts as pending: it is the
    /// one firing, or one that will find a later wake already scheduled when it fires. So at most one
    /// wake is pending after now, and a run of n minutely deliveries costs O(n) wake-ups — never a
    /// growing number of wake chains (issue #15: every hourly app run coinciding with a wake used
    /// to start another chain, O(n²) events).
    ///
    /// - Complexity: O(W + log N) (the next fire date).
    mutating func scheduleReminderWake(_ context: WorldContext) -> [WorldEffect] {
        // Asked through the optional: no copy of the phone's reminders.
        guard let next = reminders?.nextEvent(after: context.now) else { return [] }
        if let wake = reminders?.nextWake, wake > context.now, wake <= next { return [] }
        reminders?.nextWake = next
        return [.schedule(.phone(.remindersWake), at: next)]
    }

    /// The `reminders` summary section (only when the scenario has a `"reminders"` section).
    func remindersSections(at now: SimTime) -> [ReportSection] {
        guard let phone = reminders?.advanced(to: now) else { return [] }
        let harness = phone.harness
        let alerts = harness.deliveries.filter(\.isAlert)
        return [
            ReportSection(
                title: "reminders",
                rows: [
                    .init(
                        "scheduler", .string(phone.settings.mode.rawValue),
                        text: phone.settings.mode == .naive
                            ? "naive" : "\(phone.settings.mode.rawValue) (W = \(phone.settings.window))"),
                    .init("appRuns", .int(Int64(harness.snapshots.count))),
                    .init("delivered", .int(Int64(alerts.count))),
                    .init("missed", .int(Int64(harness.missed.count))),
                    .init("pendingMax", .int(Int64(harness.pendingMax))),
                    .init("pendingNow", .int(Int64(harness.center.pendingCount))),
                    .init("badgeNow", .int(Int64(harness.center.badge))),
                ] + Self.terminationRows(harness))
        ]
    }

    /// With background refresh tasks the system terminated (rule S6): how many, with their codes.
    private static func terminationRows(_ harness: ReminderHarness) -> [ReportSection.Row] {
        guard !harness.terminations.isEmpty else { return [] }
        let codes = harness.terminations.map(\.code).joined(separator: ", ")
        return [
            .init(
                "backgroundTasksTerminated", .int(Int64(harness.terminations.count)),
                text: "\(harness.terminations.count) (\(codes): the refill overran its background task limits)")
        ]
    }
}
