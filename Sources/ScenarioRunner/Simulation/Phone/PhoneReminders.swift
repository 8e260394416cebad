import CompanionModel
import ReminderScheduling
import SimulationKernel

/// The phone app's reminders in a scenario: a ``ReminderHarness`` (scheduler + simulated system
/// center) plus what the reports need (item due dates over time, what was already traced).
///
/// It is a large value (the harness, the due-date log and their indexes), so the phone changes it
/// in place, through its `mutating` methods on ``PhoneFeature/reminders``, and questions about it
/// are asked in place too (``reading(at:_:)``): a copy would cost a retain of every array it holds,
/// and the first append to a shared array copies the whole array.
package struct PhoneReminders: Sendable {
    /// Whether the phone app has loaded its reminders yet: it loads the list at its first run,
    /// whatever starts it, and then only refills. (Whether its process runs is
    /// ``PhoneFeature/appLifecycle``'s fact; a relaunch after a kill loads nothing again.)
    package enum Lifecycle: Hashable, Sendable {
        case notLaunched
        case launched
    }

    /// One change of an item's reminder state, as the phone learnt it.
    package struct DueChange: Hashable, Sendable {
        package var time: SimTime
        /// The item's key in the list's ``ItemCatalog`` (what the phone finds its dates by; the
        /// catalog names the item).
        package var key: Int
        /// The due date while open, `nil` once completed.
        package var due: SimTime?
    }

    package let settings: RemindersSettings
    /// Every item the list can hold, with its key: an item's dates are found by its key, not by
    /// hashing its name.
    package let catalog: ItemCatalog
    package private(set) var harness: ReminderHarness
    package private(set) var lifecycle: Lifecycle = .notLaunched
    /// Every due-date change, in time order (the list as known at the start first).
    package private(set) var dueLog: [DueChange] = []
    /// How many of the first changes of ``dueLog`` are the list as known at the start: the items
    /// with a due date, in list order (what the app loads at its first run, if still open).
    private(set) var startCount = 0
    /// Each item's latest due date (`nil` once completed or removed) and the last it had while
    /// open (the date it comes back with when it is put back on the list), by its key in the
    /// ``catalog``. A stored property, so the phone reads an item's dates here in place (a method
    /// of this large value would be passed a copy of it).
    private(set) var latestDue: [(current: SimTime?, lastOpen: SimTime?)]
    /// How many deliveries, over every delivery, left an app badge other than the number of
    /// incomplete items due by then as the app knew them (``ReminderDelivery/overdueAtFire``,
    /// rule R16): the wrong badges of `reminders`, `reminders --compare` and the chart.
    package private(set) var wrongBadges = 0
    /// How many deliveries (counted in ``wrongBadges`` too), misses and app runs are already in
    /// the trace: they catch up at once (``catchUp()``).
    private var tracedDeliveries = 0
    private var tracedMisses = 0
    private var tracedRuns = 0
    /// The wake-up event scheduled last (still pending on the loop if it is after now).
    private var nextWake: SimTime?

    /// Creates the phone side for a list loaded with `items`, able to hold the items of `catalog`
    /// (the list's, ``SyncEndpoint``'s); a bad configuration falls back to the defaults (the
    /// decoder already validated the ranges).
    package init(settings: RemindersSettings, items: [ShoppingItem], catalog: ItemCatalog) {
        self.catalog = catalog
        latestDue = Array(repeating: (nil, nil), count: catalog.count)
        let configuration = (try? settings.configuration()) ?? .standard
        // The settings as run: an overflow notice needs W ≥ 2 (rule S3), so `--scheduler
        // overflowNotice` on a scenario with W = 1 runs, and reports, W = 2.
        var settings = settings
        settings.window = configuration.windowSize
        self.settings = settings
        harness = ReminderHarness(
            configuration: configuration, rules: settings.rules, start: .zero, user: settings.user,
            refreshBudget: settings.refreshBudget)
        let task = settings.refresh.task
        harness.backgroundTask = { wanted in task.verdict(wantedReminders: wanted) }
        // The iPhone runs a refresh when it decides (rule P10); the delays are drawn from the run's
        // seed (``reseed(_:)``).
        harness.refreshDelays = AppRefreshDelays(timing: settings.refresh.timing)
        dueLog.reserveCapacity(items.count)
        for item in items {
            if let due = item.due, let key = catalog.key(of: item.id) { log(key, due: due, at: .zero) }
        }
        startCount = dueLog.count
        // Room for the deliveries of every reminder known at the start (made once per prepared
        // scenario: each run's copy keeps it, so its indexes are never rehashed as they fill).
        harness.reserveCapacity(deliveries: dueLog.count + settings.repeating.count)
        // Room for the snapshots of the launch and of an app run per item checked off from the
        // watch (each check-off wakes the app), made once per prepared scenario like the above.
        harness.reserveCapacity(runs: items.count + 1)
        // Room for every item of the list in the scheduler (an item checked off from the watch is
        // registered then, due date or not), made once like the above.
        harness.reserveCapacity(items: items.count)
    }

    /// The seed label of the phone's background-refresh delay sub-stream (`SplitMix64.split(label:)`).
    static let refreshRandomLabel: UInt64 = 0x4247_5246  // "BGRF"

    /// Draws this run's background refresh delays (rule P10) from `seed`: a sub-stream of its own,
    /// so no other feature's draws shift them, nor they another's.
    ///
    /// - Complexity: O(1).
    mutating func reseed(_ seed: UInt64) {
        harness.refreshDelays.random = SplitMix64(seed: seed, label: Self.refreshRandomLabel)
    }

    /// Simulated time as scheduler time (whole seconds since the scenario start).
    package static func reminderTime(_ time: SimTime) -> ReminderTime {
        ReminderTime(seconds: time.nanoseconds / 1_000_000_000)
    }

    /// Scheduler time as simulated time.
    package static func simTime(_ time: ReminderTime) -> SimTime {
        SimTime(
            nanoseconds: time.seconds.multipliedReportingOverflow(by: 1_000_000_000).overflow
                ? .max : time.seconds * 1_000_000_000)
    }

    /// The items open with a due date at or before `time`, as the phone knew them at `time`,
    /// ordered by (due, item).
    ///
    /// - Complexity: O(n + k log k) for n items in the catalog and k overdue when `time` is at or
    ///   after the last logged change (always so during a run); otherwise O(c) for c logged
    ///   changes, plus sorting.
    package func overdue(at time: SimTime) -> [(item: ItemID, due: SimTime)] {
        var result: [(item: ItemID, due: SimTime)] = []
        if dueLog.last.map({ $0.time <= time }) ?? true {
            // Every change is known by `time`: each item's latest due date is its state then.
            // (One allocation: the expectation asks this at every check.)
            result.reserveCapacity(startCount)
            for key in latestDue.indices {
                if let due = latestDue[key].current, due <= time { result.append((catalog.name(of: key), due)) }
            }
        } else {
            // Each item's due date as known at `time`, by key (the sort below orders them).
            var state = [SimTime?](repeating: nil, count: catalog.count)
            for change in dueLog where change.time <= time { state[change.key] = change.due }
            for key in state.indices {
                if let due = state[key], due <= time { result.append((catalog.name(of: key), due)) }
            }
        }
        result.sort { ($0.due, $0.item) < ($1.due, $1.item) }
        return result
    }

    /// A copy moved to `time` (for questions asked at a time without changing the run).
    ///
    /// - Complexity: a copy of the whole value, then as ``ReminderHarness/advance(to:)``; prefer
    ///   ``reading(at:_:)``, which copies only when moving time changes something.
    package func advanced(to time: SimTime) -> PhoneReminders {
        var copy = self
        copy.harness.advance(to: Self.reminderTime(time))
        copy.catchUp()
        return copy
    }

    /// Answers `question` about the reminders as they are at `time`, without changing the run:
    /// in place when moving time there would change nothing (``ReminderHarness/isQuiet(through:)``,
    /// the usual case), else on a copy moved there (``advanced(to:)``).
    ///
    /// - Complexity: O(log W + log N) besides `question` when quiet.
    package func reading<Result>(at time: SimTime, _ question: (PhoneReminders) -> Result) -> Result {
        if harness.isQuiet(through: Self.reminderTime(time)) { return question(self) }
        return question(advanced(to: time))
    }

    /// Records that the item with `key` is due at `due` from `time` on (`nil`: completed or removed).
    ///
    /// - Complexity: O(1) amortized.
    mutating func log(_ key: Int, due: SimTime?, at time: SimTime) {
        dueLog.append(DueChange(time: time, key: key, due: due))
        latestDue[key].current = due
        if let due { latestDue[key].lastOpen = due }
    }

    /// Records that the completed item with `key` now has the due date `due`, unarmed: it is not
    /// due (no change of the overdue list), and it comes back with this date when it is put back
    /// on the list (rule R2).
    ///
    /// - Complexity: O(1).
    mutating func logCompletedDue(_ key: Int, due: SimTime) {
        latestDue[key] = (nil, due)
    }

    /// Records that the item with `key` was removed from the list: it is no longer due, and a later
    /// reopen has no due date to come back with.
    ///
    /// - Complexity: O(1) amortized.
    mutating func logRemoval(_ key: Int, at time: SimTime) {
        dueLog.append(DueChange(time: time, key: key, due: nil))
        latestDue[key] = (nil, nil)
    }

    /// Moves the reminder world to `now` (performing the app runs the system or the user start on
    /// their own on the way) and traces the new deliveries, misses and app runs.
    ///
    /// - Complexity: as ``ReminderHarness/advance(to:)``; O(1) when nothing happened.
    mutating func advance(to now: SimTime, trace: TraceMode, into effects: inout WorldEffects) {
        harness.advance(to: Self.reminderTime(now))
        traceNew(now, trace: trace, into: &effects)
    }

    /// The user taps `action` on the delivered notification `identifier` about `item` at `now`:
    /// the app runs (``ReminderHarness/respond(to:with:at:)``), a completion is logged, and the
    /// action, then the new deliveries, misses and app runs, are traced. In place (no copy of the
    /// reminders); on an error nothing is traced (time has moved anyway).
    ///
    /// - Returns: what the action did.
    /// - Complexity: as one app run.
    mutating func respondToAction(
        _ action: ReminderAction, on identifier: NotificationIdentifier, item: ItemID, at now: SimTime,
        trace: TraceMode, into effects: inout WorldEffects
    ) throws(ReminderSchedulerError) -> ActionOutcome {
        let outcome = try harness.respond(to: identifier, with: action, at: Self.reminderTime(now))
        if outcome == .completed, let key = catalog.key(of: item) { log(key, due: nil, at: now) }
        effects.append(
            .trace(
                .phoneNotificationAction, at: now,
                [
                    "item": .string(item), "action": .string(action.rawValue),
                    "outcome": .string(outcome.name), "badge": .int(Int64(harness.center.badge)),
                ]))
        traceNew(now, trace: trace, into: &effects)
        return outcome
    }

    /// The phone app runs now for `reason`: time moves to now, `change` is applied, and the
    /// scheduler refills; new deliveries, misses and app runs are traced, in that order (so what
    /// moving time delivered comes first, and before the error if `change` fails). A background
    /// refresh runs in the system's background task (rule S6).
    ///
    /// - Complexity: as ``ReminderHarness/run(at:reason:_:)``, in place (no copy of the reminders).
    mutating func appRun(
        _ reason: ReminderScheduler.AppRunReason, at now: SimTime, trace: TraceMode, into effects: inout WorldEffects,
        _ change: (inout ReminderScheduler) throws(ReminderSchedulerError) -> Void
    ) {
        let at = Self.reminderTime(now)
        if reason == .backgroundRefresh {
            harness.refreshInBackground(at: at)
        } else {
            do {
                _ = try harness.run(at: at, reason: reason, change)
            } catch {
                // What moving time delivered came before the change that failed.
                traceNew(now, trace: trace, into: &effects)
                if case .recorded = trace {
                    effects.append(
                        .trace(
                            .phoneReminderError, at: now,
                            ["reason": .string(reason.rawValue), "error": .string(error.description)]))
                }
            }
        }
        traceNew(now, trace: trace, into: &effects)
    }

    /// The phone app's first run, now, whatever started it: the app launches (an app run with
    /// reason `launch`, ``appRun(_:at:trace:into:_:)``), loads `list` (the open items with a due
    /// date) and the repeating reminders, then applies `change`.
    ///
    /// - Complexity: as one app run, plus O(n) for the n items and repeating reminders loaded.
    mutating func launch(
        at now: SimTime, loading list: [(id: String, due: ReminderTime?)], trace: TraceMode,
        into effects: inout WorldEffects, _ change: (inout ReminderScheduler) throws(ReminderSchedulerError) -> Void
    ) {
        let at = Self.reminderTime(now)
        let repeating = settings.repeating.map { spec in
            RepeatingReminder(
                id: spec.id, title: spec.title, start: Self.reminderTime(spec.start),
                interval: spec.every.nanoseconds / 1_000_000_000)
        }
        lifecycle = .launched
        appRun(.launch, at: now, trace: trace, into: &effects) { (scheduler) throws(ReminderSchedulerError) in
            if !list.isEmpty { scheduler.load(list, now: at) }
            for reminder in repeating { try scheduler.addRepeating(reminder, now: at) }
            try change(&scheduler)
        }
    }

    /// Counts the new deliveries with a wrong app badge (``wrongBadges``), and the deliveries,
    /// misses and app runs as traced.
    ///
    /// - Complexity: O(new deliveries).
    mutating func catchUp() {
        // The count is compared first: a move of time that delivered nothing reads no log.
        if harness.deliveries.recordedCount > tracedDeliveries {
            wrongBadges += harness.deliveries.records(from: tracedDeliveries).count {
                $0.appBadge != $0.overdueAtFire
            }
        }
        tracedDeliveries = harness.deliveries.recordedCount
        tracedMisses = harness.missed.recordedCount
        tracedRuns = harness.snapshots.recordedCount
    }

    /// Forgets the deliveries, misses and app runs past the ones the harness keeps in full: the
    /// trace, the wrong-badge count (``catchUp()``) and the run's checks have read them
    /// (``ReminderHarness/releaseRecords()``). The run calls it after the checks of each event the
    /// phone handles. While every log keeps all it made (no ``RecordLog/droppedCount``: the usual
    /// run) there is nothing to forget.
    ///
    /// - Complexity: O(1).
    package mutating func releaseRecords() {
        guard
            harness.deliveries.droppedCount > 0 || harness.missed.droppedCount > 0 || harness.snapshots.droppedCount > 0
        else { return }
        catchUp()
        harness.releaseRecords()
    }

    /// Appends trace records for the deliveries, misses and app runs not traced yet, and counts
    /// them as traced (with the trace off nothing is built: they are only counted, and the wrong
    /// badges among the new deliveries: ``catchUp()``).
    ///
    /// - Complexity: O(new records).
    mutating func traceNew(_ now: SimTime, trace: TraceMode, into effects: inout WorldEffects) {
        if case .recorded = trace { appendTraces(now, into: &effects) }
        catchUp()
    }

    /// Appends trace records for the deliveries, misses and app runs not traced yet (``traceNew(_:trace:into:)``).
    ///
    /// - Complexity: O(new records).
    private func appendTraces(_ now: SimTime, into effects: inout WorldEffects) {
        for delivery in harness.deliveries.records(from: tracedDeliveries) {
            var fields: [(key: String, value: TraceValue)] = [
                ("id", .string(delivery.identifier)),
                ("at", .duration(Self.simTime(delivery.at).offset)),
                ("badge", delivery.badge.map { .int(Int64($0)) } ?? .string("unchanged")),
                ("appBadge", .int(Int64(delivery.appBadge))),
            ]
            if delivery.presentation == .quiet { fields.append(("presentation", .string("quiet"))) }
            effects.append(.trace(.phoneNotificationDelivered, at: now, fieldList: fields))
        }
        for miss in harness.missed.records(from: tracedMisses) {
            effects.append(
                .trace(
                    .phoneReminderMissed, at: now,
                    [
                        "id": .string(miss.identifier), "due": .duration(Self.simTime(miss.due).offset),
                        "reason": .string(miss.reason.description),
                    ]))
        }
        for run in harness.snapshots.records(from: tracedRuns) {
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
            if let request = run.refreshRequest {
                // The refresh asked for, and when the system will run it (rules P9, P10).
                fields.append(("refreshEarliest", .duration(Self.simTime(request.earliest).offset)))
                fields.append(("refreshAt", .duration(Self.simTime(request.runsAt).offset)))
            }
            effects.append(.trace(.phoneRefill, at: now, fieldList: fields))
        }
    }

    /// Puts the wake-up at the next fire date, unless one is already pending at or before it (and
    /// after `now`): returns the time of the wake-up to schedule and how many events it is, if one
    /// is needed. A wake at the current instant never counts as pending: it is the one firing, or
    /// one that will find a later wake already scheduled when it fires. So at most one instant of
    /// wakes is pending after now.
    ///
    /// **Every delivery and every miss is an event** (issue #33 item 8): the wake-up at an instant
    /// is one event per notification the system delivers then and per held reminder that comes due
    /// then (at least one), so the scenario's event limit counts them. The first of them moves the
    /// reminders to the instant and delivers them all, in order; the others find them delivered.
    /// A run that would deliver millions of notifications (64 repeating reminders every minute for
    /// a month) stops at the event limit with its located error instead of exhausting memory.
    ///
    /// - Complexity: O(log W + log N + p + m log W) (the next fire date, the p ≤ 64 pending
    ///   requests, the m reminders due then: ``ReminderHarness/nextWork(after:)``, counted where
    ///   they are). It does not ask ``ReminderHarness/isIdle``: its caller does, first
    ///   (``PhoneFeature/scheduleReminderWake(_:into:)``), as an idle harness has nothing to wake up for.
    mutating func wakeNeeded(after now: SimTime) -> (time: SimTime, events: Int)? {
        // The next instant something happens (a fire date, a reminder coming due, an app run the
        // system or the user starts) and the work then, asked of the harness in one question.
        guard let (next, work) = harness.nextWork(after: Self.reminderTime(now)) else { return nil }
        let time = Self.simTime(next)
        if let wake = nextWake, wake > now, wake <= time { return nil }
        nextWake = time
        return (time, max(1, work))
    }
}

extension PhoneReminders: StorageAdopting {
    /// Keeps these reminders in `old`'s storage: their harness's logs, their due-date log and
    /// latest due dates (``StorageAdopting``).
    ///
    /// - Complexity: O(*n*) for the *n* log entries held.
    package mutating func adoptStorage(of old: inout PhoneReminders) {
        harness.adoptStorage(of: &old.harness)
        dueLog.adoptStorage(of: &old.dueLog)
        latestDue.adoptStorage(of: &old.latestDue)
    }
}
