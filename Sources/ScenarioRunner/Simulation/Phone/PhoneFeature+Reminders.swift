import CompanionModel
import ReminderScheduling
import SimulationKernel

extension PhoneFeature {
    /// The phone applied a check-off of the item with `key` (in the list's ``ItemCatalog``): the app
    /// runs (a watch message wakes the app), the item is completed (or reopened) in the scheduler,
    /// and the later badges drop (or rise).
    ///
    /// - Complexity: O(1) expected to decide (a check-off: the item's due dates by its key, and for
    ///   an item with a date one lookup in the scheduler), then one app run (``appRuns(_:_:into:_:)``).
    mutating func remindersApplied(
        _ key: Int, _ kind: CheckOffKind?, reason: ReminderScheduler.AppRunReason = .watchMessage,
        _ context: WorldContext, into effects: inout WorldEffects
    ) {
        let time = context.now
        let at = PhoneReminders.reminderTime(time)
        // An item checked off that the phone knows no date for (none at the start, none set since)
        // neither reminds nor counts, open or completed: the app runs and tells the scheduler
        // nothing (a date set later completes it then: ``dueChanged(_:to:_:into:)``).
        if case .check? = kind, reminders.latestDue[key].current == nil, reminders.latestDue[key].lastOpen == nil {
            return appRuns(reason, context, into: &effects) { _ in }
        }
        let item = reminders.catalog.name(of: key)
        switch kind {
        case .check?:
            // One with a date is completed, known or not: one the scheduler has not loaded
            // (checked off before the app launched) is registered completed, so it stays unarmed
            // (rules R2, R15). Its dates are read in place.
            let due = reminders.latestDue[key].current
            if due != nil { reminders.log(key, due: nil, at: time) }
            return appRuns(reason, context, into: &effects) {
                $0.complete(item, registeringWithDue: due.map(PhoneReminders.reminderTime), now: at)
            }
        case .uncheck?:
            guard case .completed? = reminders.harness.scheduler.state(of: item) else { break }
            if let due = reminders.latestDue[key].lastOpen { reminders.log(key, due: due, at: time) }
            return appRuns(reason, context, into: &effects) { (scheduler) throws(ReminderSchedulerError) in
                try scheduler.reopen(item, now: at)
            }
        case nil:
            break  // A change that is no check-off.
        }
        // A removal (here or through sync) cancels the item's reminders; an item added back after
        // a removal is open again without a due date (rule R15). Only an item the scheduler knows
        // can be either. (Unchecking an item that is not completed comes here too.)
        guard let state = reminders.harness.scheduler.state(of: item) else {
            return appRuns(reason, context, into: &effects) { _ in }
        }
        switch (sync.replica.items[key].shown, state) {
        case (nil, .open), (nil, .completed):
            reminders.logRemoval(key, at: time)
            appRuns(reason, context, into: &effects) { $0.removeItem(item, now: at) }
        case (let shown?, .removed) where shown.status == .open:
            appRuns(reason, context, into: &effects) { $0.restore(item, due: nil, now: at) }
        case (_?, .open), (_?, .completed), (_?, .removed), (nil, .removed):
            appRuns(reason, context, into: &effects) { _ in }
        }
    }

    /// The phone app runs now for `reason`: time moves to now (deliveries, misses and the runs
    /// the system starts on the way are traced), `change` is applied, and the scheduler refills
    /// (``PhoneReminders/appRun(_:at:trace:into:_:)``, in place); the app's first run launches it
    /// whatever the reason (``PhoneReminders/launch(at:loading:trace:into:_:)``). Then the wake-up
    /// for the next fire date is scheduled if needed.
    ///
    /// - Complexity: as one app run (one move of time), plus O(n) for n items at the first run
    ///   (the list it loads).
    mutating func appRuns(
        _ reason: ReminderScheduler.AppRunReason, _ context: WorldContext, into effects: inout WorldEffects,
        _ change: (inout ReminderScheduler) throws(ReminderSchedulerError) -> Void
    ) {
        if reminders.lifecycle == .notLaunched {
            // The list the app loads: the open items with a due date, as the phone shows them (the
            // phone's list is asked only about items with a due date, by their keys).
            var list: [(id: String, due: ReminderTime?)] = []
            list.reserveCapacity(reminders.startCount)
            for change in reminders.dueLog[..<reminders.startCount] where sync.replica.items[change.key].isOpen {
                list.append((reminders.catalog.name(of: change.key), change.due.map(PhoneReminders.reminderTime)))
            }
            reminders.launch(at: context.now, loading: list, trace: context.trace, into: &effects, change)
        } else {
            reminders.appRun(reason, at: context.now, trace: context.trace, into: &effects, change)
        }
        scheduleReminderWake(context, into: &effects)
    }

    /// The user changes an item's due date in the phone app (the app comes to the foreground).
    mutating func dueChanged(
        _ item: ItemID, to due: SimTime, _ context: WorldContext, into effects: inout WorldEffects
    ) {
        let time = context.now
        let at = PhoneReminders.reminderTime(time)
        let dueAt = PhoneReminders.reminderTime(due)
        let key = sync.key(of: item)
        switch sync.replica.items[key].shownStatus {
        case .open?:
            reminders.log(key, due: due, at: time)
            appRuns(.foreground, context, into: &effects) { $0.setItem(item, due: dueAt, now: at) }
        case .checkedOff?:
            // A checked-off item keeps its new date unarmed (rule R2): not due, but the date it
            // comes back with when it is put back on the list. It is completed first, whatever the
            // scheduler knew (one checked off without a date was not told, and one it has not loaded
            // is registered completed): it must not start counting.
            reminders.logCompletedDue(key, due: due)
            appRuns(.foreground, context, into: &effects) { scheduler in
                scheduler.complete(item, registeringWithDue: dueAt, now: at)
                scheduler.setItem(item, due: dueAt, now: at)
            }
        case nil:
            // Removed from the list: the app has nothing to change (rule R15), and runs.
            appRuns(.foreground, context, into: &effects) { _ in }
        }
    }

    /// Puts a wake-up event on the loop at the next fire date, unless one is already there at or
    /// before it (and after now): see ``PhoneReminders/wakeNeeded(after:)``. So at most one instant of
    /// wakes is pending after now (one event per delivery and miss then), and a run of n minutely
    /// deliveries costs O(n) wake-ups — never a growing number of wake chains.
    ///
    /// - Complexity: O(W + log N) (the next fire date).
    mutating func scheduleReminderWake(_ context: WorldContext, into effects: inout WorldEffects) {
        // An idle harness has nothing to wake up for (``ReminderHarness/isIdle``, asked in place): a
        // list without due dates costs one question here, not a call.
        guard !reminders.harness.isIdle, let (next, events) = reminders.wakeNeeded(after: context.now) else {
            return
        }
        // One event per delivery and per miss at that instant: the event limit counts them.
        for _ in 0..<events { effects.append(.schedule(.phone(.remindersWake), at: next)) }
    }

    /// The `reminders` summary section, for a scenario with reminders: a `"reminders"` section,
    /// or an item with a due date (without either, the phone app never has a reminder to schedule).
    package func summary(in simulation: ScenarioSimulation) -> [ReportSection] {
        let scenario = simulation.scenario
        guard scenario.sections.reminders != nil || scenario.items.contains(where: { $0.due != nil }) else {
            return []
        }
        return reminders.reading(at: simulation.now) { phone in
            let harness = phone.harness
            return [
                ReportSection(
                    title: "reminders",
                    rows: [
                        .init(
                            "scheduler", .string(phone.settings.mode.rawValue),
                            text: phone.settings.mode == .naive
                                ? "naive" : "\(phone.settings.mode.rawValue) (W = \(phone.settings.window))"),
                        .init("appRuns", .int(Int64(harness.snapshots.recordedCount))),
                        .init("delivered", .int(Int64(harness.alertCount))),
                        .init("missed", .int(Int64(harness.missed.recordedCount))),
                        .init("pendingMax", .int(Int64(harness.pendingMax))),
                        .init("pendingNow", .int(Int64(harness.center.pendingCount))),
                        .init("badgeNow", .int(Int64(harness.center.badge))),
                    ] + Self.refreshTimingRows(phone.settings) + Self.terminationRows(harness))
            ]
        }
    }

    /// With the background-refresh strategy: when the iPhone runs a refresh (rule P10), so the
    /// summary says which assumption its misses rest on.
    private static func refreshTimingRows(_ settings: RemindersSettings) -> [ReportSection.Row] {
        guard settings.mode == .backgroundRefresh else { return [] }
        let (name, text): (String, String)
        switch settings.refresh.timing {
        case .punctual: (name, text) = ("punctual", "each refresh at its earliest begin date: the best case")
        case .opportunistic(let mean):
            (name, text) = (
                "opportunistic",
                "each refresh a seeded delay, mean \(SimDuration.seconds(mean)), after its earliest begin date"
            )
        }
        return [.init("refreshTiming", .string(name), text: "\(name) (\(text))")]
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
