import SimulationKernel

/// A scheduler wired to a simulated system center along one timeline: the phone app of the simulator.
///
/// Every app run first moves time (the center delivers what fired, in order), then applies what the
/// app learnt (a completion, a snooze, a new item), then refills. Between runs nothing changes but
/// time — except the runs the simulated system and user start on their own: a granted background
/// refresh (``SchedulingMode/backgroundRefresh``) and the user opening the overflow notice
/// (``SchedulingMode/overflowNotice``, ``SimulatedUser``). So after each step the harness knows exactly
/// which wanted reminders reached the user and which were missed, and why.
///
/// ```swift
/// var phone = try ReminderHarness(configuration: .standard, start: .zero)
/// try phone.run(at: .zero, reason: .launch) { $0.setItem("milk", due: ReminderTime(seconds: 600), now: .zero) }
/// phone.advance(to: ReminderTime(seconds: 3_600))
/// phone.deliveries   // milk at +10m, badge 1
/// ```
public struct ReminderHarness: Sendable {
    /// The app's scheduler.
    public private(set) var scheduler: ReminderScheduler
    /// The simulated system.
    public private(set) var center: SimulatedNotificationCenter
    /// Every delivery, in time order: the first ``RecordLog/limit`` kept in full, every one counted
    /// (``RecordLog/recordedCount``).
    public private(set) var deliveries = RecordLog<ReminderDelivery>()
    /// How many deliveries showed an alert (badge carriers do not), over every delivery.
    public private(set) var alertCount = 0
    /// The latest delivery of each notification about an item, by identifier and by item (only a
    /// notification about an item offers actions the app answers: ``respond(to:with:at:)``).
    private var latestByIdentifier: [NotificationIdentifier: ReminderDelivery] = [:]
    private var latestByItem: [String: ReminderDelivery] = [:]
    /// Every wanted reminder that did not reach the user, in time order: the first
    /// ``RecordLog/limit`` kept in full, every one counted, and tallied by reason (``missedByCode``).
    public private(set) var missed = RecordLog<ReminderMiss>()
    /// How many wanted reminders were missed for each reason code, over every miss, indexed by
    /// ``MissedReminder/Reason/Code/rawValue`` (in ``MissedReminder/Reason/Code/allCases`` order).
    public private(set) var missedByCode = [Int](repeating: 0, count: MissedReminder.Reason.Code.allCases.count)
    /// The pending window after every app run: the first ``RecordLog/limit`` kept in full, every
    /// run counted.
    public private(set) var snapshots = RecordLog<WindowSnapshot>()
    /// The most requests pending in the system at any instant.
    public private(set) var pendingMax = 0
    /// The number of requests the app added to the system (new or re-sent), over all runs.
    public private(set) var requestsSent = 0
    /// The time up to which deliveries and misses are known.
    public private(set) var now: ReminderTime
    /// What the simulated user does on their own.
    public let user: SimulatedUser
    /// The simulated system's background refresh budget.
    public private(set) var refreshBudget: BackgroundRefreshBudget
    /// When the simulated system runs a refresh after the earliest begin date the app asked for
    /// (rule P10: punctual, or a seeded delay), and the stream the delays are drawn from. The
    /// embedding simulator sets it (default: punctual); one draw per refresh request.
    public var refreshDelays = AppRefreshDelays()
    /// When the system will run the app for the outstanding background refresh request, if any.
    public private(set) var scheduledRefresh: ReminderTime?
    /// When the user will open the app from the overflow notice, if it was delivered.
    public private(set) var scheduledNoticeOpen: ReminderTime?
    /// How a background refresh task ends, given the number of reminders the app wants (window and
    /// held) when it starts: the system's task limits, applied by the embedding simulator (default:
    /// every task completes). A terminated task refills nothing and asks for no next refresh (rule S6).
    public var backgroundTask: @Sendable (_ wantedReminders: Int) -> BackgroundTaskVerdict = { _ in .completed }
    /// The background refresh tasks the system terminated, in time order.
    public private(set) var terminations: [BackgroundTermination] = []
    /// The next occurrence of each repeating reminder after ``now``, kept as time moves and built
    /// again after every app run (the only time the scheduler changes).
    private var calendar = RepeatingCalendar()
    /// The deliveries of the latest move of time (one array for every move, emptied in between).
    private var delivered: [NotificationDelivery] = []

    /// Creates a phone at `start` with the reminder and overflow-notice categories registered.
    public init(
        configuration: SchedulerConfiguration, rules: PlatformRules, start: ReminderTime,
        user: SimulatedUser = SimulatedUser(), refreshBudget: BackgroundRefreshBudget = BackgroundRefreshBudget()
    ) {
        scheduler = ReminderScheduler(configuration: configuration)
        center = SimulatedNotificationCenter(now: start, rules: rules)
        center.register(ReminderAction.category(identifier: configuration.categoryIdentifier))
        center.register(NotificationCategory(identifier: OverflowNotice.categoryIdentifier, checkedActions: []))
        now = start
        self.user = user
        self.refreshBudget = refreshBudget
    }

    /// Creates a phone at `start` (UserNotifications rules, authorized).
    public init(
        configuration: SchedulerConfiguration, retention: OverflowRetention = .mostRecentlyAdded,
        limit: Int = SimulatedNotificationCenter.defaultLimit, start: ReminderTime
    ) {
        self.init(
            configuration: configuration,
            rules: PlatformRules(api: configuration.api, limit: limit, retention: retention), start: start)
    }

    /// Reserves room for the deliveries of `reminderCount` distinct reminders (one per item with a
    /// due date and per repeating reminder, say) in ``deliveries`` (up to the ones it keeps in
    /// full), so recording them does not regrow it. (The latest delivery of each identifier and
    /// item grow as they fill; a harness started again for another run keeps their room:
    /// ``adoptStorage(of:)``.)
    ///
    /// - Complexity: O(`reminderCount`).
    public mutating func reserveCapacity(deliveries reminderCount: Int) {
        guard reminderCount > 0 else { return }
        deliveries.reserveCapacity(reminderCount)
    }

    /// Reserves room for `itemCount` items in the scheduler (``ReminderScheduler/reserveCapacity(_:)``),
    /// so registering them does not regrow its item records and identifier index.
    ///
    /// - Complexity: O(`itemCount`).
    public mutating func reserveCapacity(items itemCount: Int) {
        scheduler.reserveCapacity(itemCount)
    }

    /// Reserves room for the snapshots of `runCount` app runs (``snapshots``, up to the ones it
    /// keeps in full), so recording them does not regrow the array.
    ///
    /// - Complexity: O(`runCount`).
    public mutating func reserveCapacity(runs runCount: Int) {
        guard runCount > 0 else { return }
        snapshots.reserveCapacity(runCount)
    }

    /// Whether nothing happens in the reminder world unless the app runs: no request is pending in
    /// the system, the scheduler wants no reminder, and no app run by the system or the user is
    /// scheduled (a list without due dates, say). Then ``nextEvent(after:)`` is `nil`, moving time
    /// only moves the clocks, and an app run that changes nothing refills nothing.
    ///
    /// - Complexity: O(1). (Inlinable, like what it reads: the phone asks it at every app run and
    ///   wake-up, and a call across modules would copy the whole harness to pass it.)
    @inlinable
    public var isIdle: Bool {
        scheduledRefresh == nil && scheduledNoticeOpen == nil && center.pending.isEmpty && scheduler.wantsNothing
    }

    /// The next app run the system or the user starts on their own, if any.
    public var nextSystemRun: (at: ReminderTime, reason: ReminderScheduler.AppRunReason)? {
        switch (scheduledRefresh, scheduledNoticeOpen) {
        case (nil, nil): nil
        case (let refresh?, nil): (refresh, .backgroundRefresh)
        case (nil, let open?): (open, .foreground)
        case (let refresh?, let open?): open <= refresh ? (open, .foreground) : (refresh, .backgroundRefresh)
        }
    }

    /// The next instant after `time` at which something happens: a pending request fires, a
    /// wanted reminder fires or comes due, or the system or the user runs the app on their own.
    ///
    /// - Complexity: O(log W + log N) when `time` is ``now`` (the repeating reminders' next
    ///   occurrence is kept); O(R) more for R repeating reminders otherwise; O(1) when the
    ///   scheduler wants nothing.
    public func nextEvent(after time: ReminderTime) -> ReminderTime? {
        var earliest = Self.earlier(nextSystemRun?.at, than: nil, after: time)
        earliest = Self.earlier(center.nextFireDate, than: earliest, after: time)
        guard !scheduler.wantsNothing else { return earliest }
        earliest = Self.earlier(scheduler.nextQueuedFire(after: time), than: earliest, after: time)
        // The repeating reminders' next occurrence after now is kept.
        let occurrence = time == now ? calendar.first : scheduler.nextOccurrence(after: time)
        return Self.earlier(occurrence, than: earliest, after: time)
    }

    /// The next instant after `time` at which something happens (``nextEvent(after:)``) and the
    /// work the harness does then as things stand (``workCount(at:)``), in one question.
    ///
    /// - Complexity: as ``nextEvent(after:)`` and ``workCount(at:)``.
    public func nextWork(after time: ReminderTime) -> (at: ReminderTime, work: Int)? {
        guard let next = nextEvent(after: time) else { return nil }
        return (next, workCount(at: next))
    }

    /// How many notifications the system delivers at `time` and how many wanted reminders come due
    /// then that the system does not hold (held back, or a repeating request it dropped: each one a
    /// miss), as things stand. Counted where they are: no list of requests or reminders is made.
    ///
    /// - Complexity: O(p + log N + m) for the p ≤ 64 pending requests firing by `time` and the m
    ///   reminders due then, when `time` is after ``now`` and no repeating occurrence comes before
    ///   it; O(R) more for R repeating reminders otherwise.
    public func workCount(at time: ReminderTime) -> Int {
        let before = time + -1
        var count = center.pendingCount(firingAt: time)
        count += scheduler.heldReminderCount(after: before, through: time)
        // A repeating occurrence the system does not hold (held back, or dropped) is a miss.
        if time > now, calendar.first.map({ $0 >= time }) ?? true {
            // No occurrence between now and `time`: the ones at `time` are the calendar's.
            for standing in calendar.reminders(dueAt: time) where standing.misses { count += 1 }
        } else {
            let records = scheduler.repeatRecords
            for position in records.indices where records[position].next(after: before) == time {
                let placement = scheduler.repeatingQueuedKey(at: position).placement
                if placement == .held || !center.isPending(records[position].identifier) { count += 1 }
            }
        }
        return count
    }

    /// `candidate` if it is after `time` and before `earliest` (or `earliest` is `nil`), else `earliest`.
    private static func earlier(_ candidate: ReminderTime?, than earliest: ReminderTime?, after time: ReminderTime)
        -> ReminderTime?
    {
        guard let candidate, candidate > time else { return earliest }
        guard let earliest else { return candidate }
        return candidate < earliest ? candidate : earliest
    }

    /// Whether moving time to `time` (``advance(to:)``) would change nothing but the clocks: no
    /// delivery, no miss, no app run the system or the user starts. Then a question about `time`
    /// can be answered from the harness as it is.
    ///
    /// - Complexity: O(log W + log N).
    public func isQuiet(through time: ReminderTime) -> Bool {
        guard time > now else { return true }
        if let run = nextSystemRun, run.at <= time { return false }
        if let fire = center.nextFireDate, fire <= time { return false }
        if let occurrence = calendar.first, occurrence <= time { return false }
        return scheduler.wantsNothing || !scheduler.hasQueuedReminders(after: now, through: time)
    }

    /// Moves time to `time`, performing on the way every app run the system or the user starts on
    /// their own (``nextSystemRun``). Earlier times are ignored.
    ///
    /// - Complexity: as ``moveTime(to:)``, plus one refill per run on the way.
    public mutating func advance(to time: ReminderTime) {
        // Idle: nothing fires, comes due or runs on the way (``isIdle``); only the clocks move.
        if isIdle { return moveClocks(to: time) }
        while true {
            // Stop at the next run the system or user starts, and at the overflow notice (its delivery
            // schedules the user's open).
            var target = time
            if let wake = nextSystemRun, wake.at < target { target = wake.at }
            // Only the overflow-notice strategy ever sends the notice: no lookup for the others.
            if user.opensOverflowNoticeAfter != nil, scheduler.configuration.mode == .overflowNotice,
                let fire = center.nextFireDate(of: OverflowNotice.identifier), fire < target
            {
                target = fire
            }
            moveTime(to: target)
            if let wake = nextSystemRun, wake.at <= target {
                switch wake.reason {
                case .backgroundRefresh:
                    scheduledRefresh = nil
                    refreshBudget.recordGrant(at: wake.at)
                    // The run (or the termination) is recorded by its snapshot.
                    refreshInBackground(at: wake.at)
                default:
                    scheduledNoticeOpen = nil
                    // The scheduler builds only requests the platform accepts, so a refusal cannot
                    // happen here; the run is recorded by its snapshot either way.
                    _ = try? run(at: wake.at, reason: wake.reason)
                }
                continue
            }
            if target >= time { return }
        }
    }

    /// Moves time to `time` with no app run: the system delivers what fires, and every wanted reminder due
    /// in between that was not delivered is recorded as missed with its reason — one miss for **every**
    /// occurrence of a repeating reminder that comes due while it is not pending (rule R1).
    /// Earlier times are ignored.
    ///
    /// - Complexity: O(d · 64 + m + log N) for d deliveries and m wanted occurrences due in the interval;
    ///   O(log W + log N) and no allocation when nothing fires or comes due in it.
    private mutating func moveTime(to time: ReminderTime) {
        guard time > now else { return }
        // One question of the held reminders: whether any comes due by `time`.
        let heldDue = scheduler.heldNextFire(after: now).map { $0 <= time } ?? false
        if center.nextFireDate.map({ $0 > time }) ?? true, calendar.first.map({ $0 > time }) ?? true, !heldDue,
            scheduler.wantsNothing || !scheduler.hasWindowReminders(after: now, through: time)
        {
            // Nothing is delivered and nothing is missed: only the clocks move.
            return moveClocks(to: time)
        }
        delivered.removeAll(keepingCapacity: true)
        center.advance(to: time, appendingTo: &delivered)
        let seen = DeliveredSet(delivered)
        // Each delivery is read in place and copied once, into its record (a loop variable would
        // copy it once more, and destroy that copy).
        for index in delivered.indices {
            let record = ReminderDelivery(delivered[index], overdueAtFire: scheduler.badge(at: delivered[index].at))
            if let item = record.item {
                latestByIdentifier[record.identifier] = record
                latestByItem[item] = record
            }
            if record.isAlert { alertCount += 1 }
            if record.identifier == OverflowNotice.identifier, let delay = user.opensOverflowNoticeAfter {
                let open = record.at + delay
                scheduledNoticeOpen = min(scheduledNoticeOpen ?? open, open)
            }
            deliveries.append(record)
        }
        // The misses in due order (rule R1): the one-shots (window, then held: every held key is
        // greater) and the repeating occurrences are two sorted lists, put in (due, identifier)
        // order when both have some. Each is read where it is: no list of wanted reminders is made.
        var misses: [ReminderMiss] = []
        var index = scheduler.windowIndex(firingAtOrAfter: now + 1)
        while index < scheduler.entries.count, scheduler.entries[index].key.fire <= time {
            let kind = scheduler.entries[index].key.kind
            if kind == .item || kind == .snooze,
                !seen.contains(at: scheduler.entries[index].key.fire, scheduler.entries[index].identifier)
            {
                let key = scheduler.entries[index].key
                misses.append(miss(key, due: key.fire, placement: .window))
            }
            index += 1
        }
        if heldDue {
            for key in scheduler.heldReminders(after: now, through: time)
            where key.kind == .item || key.kind == .snooze {
                guard !seen.contains(at: key.fire, key.identifier) else { continue }
                misses.append(miss(key, due: key.fire, placement: .held))
            }
        }
        let oneShots = misses.count
        // Every occurrence of a repeating reminder due by `time`, in (due, identifier) order: the
        // calendar moves past them.
        let records = scheduler.repeatRecords
        while let (due, position, standing) = calendar.popOccurrence(through: time, of: records) {
            guard !seen.contains(at: due, records[position].identifier) else { continue }
            misses.append(miss(records[position].queuedKey, due: due, placement: standing.placement))
        }
        if oneShots > 0, misses.count > oneShots {
            misses.sort { ($0.due, $0.identifier) < ($1.due, $1.identifier) }
        }
        for miss in misses {
            missedByCode[miss.reason.code.rawValue] += 1
            missed.append(miss)
        }
        now = time
    }

    /// Moves the clocks to `time` (later than ``now``), when nothing fires or comes due on the way.
    ///
    /// - Complexity: O(1).
    private mutating func moveClocks(to time: ReminderTime) {
        guard time > now else { return }
        // Nothing fires: the center only moves its clock (into the deliveries buffer, left empty).
        center.advance(to: time, appendingTo: &delivered)
        now = time
    }

    /// The system runs the app at `time` for a background refresh: a background task with the
    /// system's limits (``backgroundTask``). Within them the app refills as in ``run(at:reason:_:)``;
    /// over them the system terminates it: nothing reaches the system, no next refresh is requested
    /// (rule S6), and the termination is recorded (``terminations``, and a snapshot).
    ///
    /// - Returns: how the task ended.
    @discardableResult
    public mutating func refreshInBackground(at time: ReminderTime) -> BackgroundTaskVerdict {
        advance(to: time)
        // The task's work is measured on what the app wants then, without changing the scheduler:
        // a terminated task changes nothing, not even which reminders the window holds (rule S6).
        let verdict = backgroundTask(scheduler.wantedCount(at: max(time, now)))
        switch verdict {
        case .completed:
            // The scheduler builds only requests the platform accepts, so a refusal cannot happen here.
            _ = try? run(at: time, reason: .backgroundRefresh)
        case .terminated(let code, let detail):
            recordTermination(at: max(time, now), code: code, detail: detail)
        }
        return verdict
    }

    /// The system terminated the app during a background refresh at `time`: nothing reaches the
    /// system and no next refresh is requested (rule S6); the attempt is recorded as a run.
    private mutating func recordTermination(at time: ReminderTime, code: String, detail: String) {
        terminations.append(BackgroundTermination(at: time, code: code, detail: detail))
        let range = center.pendingFireRange
        snapshots.append(
            WindowSnapshot(
                at: time, reason: .backgroundRefresh, pending: center.pendingCount, held: scheduler.heldCount,
                firstFire: range?.lowerBound, lastFire: range?.upperBound, appBadge: center.badge,
                authorization: center.authorizationStatus, windowCount: center.pendingCount,
                backgroundTask: .terminated(code: code, detail: detail)))
    }

    /// The miss of the wanted reminder `key` due at `due`, with its reason.
    private func miss(_ key: ReminderKey, due: ReminderTime, placement: ScheduledReminder.Placement) -> ReminderMiss {
        ReminderMiss(
            identifier: key.identifier, kind: key.kind, owner: key.owner, due: due,
            reason: reason(for: key.identifier, placement: placement))
    }

    /// Forgets the deliveries, misses and app runs past the ones each log keeps in full
    /// (``RecordLog/release()``): the embedding has read them (its totals, trace and checks).
    ///
    /// - Complexity: O(1).
    public mutating func releaseRecords() {
        deliveries.release()
        missed.release()
        snapshots.release()
    }

    /// The app runs at `time` for `reason`: time moves, `change` tells the scheduler what happened,
    /// then the scheduler refills the system.
    ///
    /// - Throws: what `change` or the refill throws; time has moved anyway.
    @discardableResult
    public mutating func run(
        at time: ReminderTime, reason: ReminderScheduler.AppRunReason,
        _ change: (inout ReminderScheduler) throws(ReminderSchedulerError) -> Void = { _ in }
    ) throws(ReminderSchedulerError) -> ReminderScheduler.RefillReport {
        advance(to: time)
        // The scheduler changes only here: the calendar of its repeating reminders follows (with
        // none, an empty calendar stays empty: the usual run, with nothing to copy or sort).
        defer {
            if !scheduler.repeatRecords.isEmpty || calendar.first != nil {
                calendar.rebuild(scheduler: scheduler, center: center, after: now)
            }
        }
        let at = max(time, now)
        try change(&scheduler)
        let report = try scheduler.refill(now: at, reason: reason, center: &center)
        requestsSent += report.added
        var refreshAt: ReminderTime?
        if let earliest = report.refreshRequest {
            // The system runs the task when it decides: not before the earliest begin date, a
            // drawn delay after it (rule P10), and within its budget (rule P9).
            let granted = refreshBudget.grantTime(earliest: earliest + refreshDelays.next())
            scheduledRefresh = granted
            refreshAt = granted
        }
        pendingMax = max(pendingMax, center.pendingCount)
        let range = center.pendingFireRange
        snapshots.append(
            WindowSnapshot(
                at: at, reason: reason, pending: center.pendingCount,
                held: scheduler.heldCount, firstFire: range?.lowerBound,
                lastFire: range?.upperBound, appBadge: center.badge, authorization: report.authorization,
                noticeHeld: report.notice?.heldCount, added: report.added, removed: report.removed,
                windowCount: report.windowCount, backgroundTask: reason == .backgroundRefresh ? .completed : nil,
                refreshRequest: report.refreshRequest.map { RefreshRequest(earliest: $0, runsAt: refreshAt ?? $0) }))
        return report
    }

    /// The latest delivery of a notification about `item`, if any.
    ///
    /// - Complexity: O(1) expected.
    public func latestDelivery(ofItem item: String) -> ReminderDelivery? {
        latestByItem[item]
    }

    /// The user taps `action` on the delivered notification `identifier` at `time`: the app runs in
    /// the background (reason ``ReminderScheduler/AppRunReason/notificationAction``) and refills,
    /// whatever the action does — also when the item is already completed (rule R3).
    ///
    /// - Returns: what the action did.
    /// - Throws: ``ReminderSchedulerError/noActionableNotification(_:action:)`` if no delivered
    ///   notification with that identifier offers the action in a banner.
    @discardableResult
    public mutating func respond(
        to identifier: NotificationIdentifier, with action: ReminderAction,
        at time: ReminderTime
    ) throws(ReminderSchedulerError) -> ActionOutcome {
        advance(to: time)
        guard let delivery = latestByIdentifier[identifier],
            let item = delivery.item,
            center.visibleActions(of: delivery.request, on: .banner).contains(where: {
                $0.identifier == action.rawValue
            })
        else { throw .noActionableNotification(identifier, action: action.rawValue) }
        var outcome = ActionOutcome.ignoredCompleted
        try run(at: time, reason: .notificationAction) { (scheduler) throws(ReminderSchedulerError) in
            outcome = try scheduler.handle(action, item: item, now: time)
        }
        return outcome
    }

    private func reason(for identifier: NotificationIdentifier, placement: ScheduledReminder.Placement)
        -> MissedReminder.Reason
    {
        // Not authorized: the app scheduled nothing, held or not (rule R9).
        guard center.authorizationStatus.allowsDelivery else { return .notAuthorized(center.authorizationStatus) }
        switch placement {
        case .held:
            return .outsideWindow(lastRun: scheduler.lastRun?.at, windowEnd: scheduler.windowEndAtLastRun)
        case .window:
            if let drop = center.lastDrop(of: identifier) {
                return .droppedBySystem(drop.reason, at: drop.at)
            }
            return .neverScheduled
        }
    }

    private struct DeliveredKey: Hashable {
        var identifier: NotificationIdentifier
        var at: ReminderTime
    }

    /// The deliveries of one move of time, asked "was this delivered?" for every wanted reminder
    /// due in it. A move usually delivers one or two notifications: up to ``linearLimit`` they are
    /// searched in place (fire date first, so an identifier is built only for a delivery at the
    /// same instant; nothing is allocated); more go in a hash set.
    private struct DeliveredSet {
        static let linearLimit = 16
        private let deliveries: [NotificationDelivery]
        private let set: Set<DeliveredKey>

        /// - Complexity: O(1) up to ``linearLimit`` deliveries, else O(d) for d deliveries.
        init(_ deliveries: [NotificationDelivery]) {
            self.deliveries = deliveries
            set =
                deliveries.count <= Self.linearLimit
                ? [] : Set(deliveries.lazy.map { DeliveredKey(identifier: $0.request.identifier, at: $0.at) })
        }

        /// Whether the notification `identifier` was delivered at `time`.
        ///
        /// - Complexity: O(``linearLimit``) or O(1) expected.
        func contains(at time: ReminderTime, _ identifier: @autoclosure () -> NotificationIdentifier) -> Bool {
            if deliveries.count <= Self.linearLimit {
                return deliveries.contains { $0.at == time && $0.request.identifier == identifier() }
            }
            return set.contains(DeliveredKey(identifier: identifier(), at: time))
        }
    }
}

/// A notification that reached the user.
public struct ReminderDelivery: Hashable, Sendable {
    public var at: ReminderTime
    /// The delivered request's identifier (read from ``request``: stored once).
    public var identifier: NotificationIdentifier {
        get { request.identifier }
        set { request.identifier = newValue }
    }
    /// The item it is about (`nil` for a repeating reminder or a badge carrier).
    public var item: String? {
        get { request.content.itemID }
        set { request.content.itemID = newValue }
    }
    /// The badge the notification carried (`nil`: left the app badge unchanged).
    public var badge: Int? {
        get { request.content.badge }
        set { request.content.badge = newValue }
    }
    /// The app badge right after it.
    public var appBadge: Int
    /// The delivered request.
    public var request: NotificationRequest
    /// How it was presented (quietly under provisional authorization).
    public var presentation: NotificationPresentation
    /// How many incomplete items were due at or before ``at`` as the app knew them at its last
    /// run (``ReminderScheduler/badge(at:)`` when it fired: the scheduler changes only when the app
    /// runs). The badge an item notification should carry, under every strategy but `naive`.
    public var overdueAtFire: Int

    init(_ delivery: NotificationDelivery, overdueAtFire: Int) {
        self.overdueAtFire = overdueAtFire
        at = delivery.at
        appBadge = delivery.badgeAfter
        request = delivery.request
        presentation = delivery.presentation
    }

    /// Whether it showed an alert (a badge carrier does not).
    public var isAlert: Bool { !request.content.title.isEmpty }
}

/// A wanted reminder that was due but not delivered.
public struct ReminderMiss: Hashable, Sendable {
    public var identifier: NotificationIdentifier
    public var kind: ReminderKind
    /// The item (or repeating reminder) it was for.
    public var owner: String
    /// When it should have fired.
    public var due: ReminderTime
    public var reason: MissedReminder.Reason
}

/// The pending window right after an app run.
public struct WindowSnapshot: Hashable, Sendable {
    public var at: ReminderTime
    public var reason: ReminderScheduler.AppRunReason
    /// Requests pending in the system.
    public var pending: Int
    /// Wanted reminders the scheduler holds back.
    public var held: Int
    /// The earliest and latest next fire dates pending in the system.
    public var firstFire: ReminderTime?
    public var lastFire: ReminderTime?
    /// The app badge after the run.
    public var appBadge: Int
    /// The permission the app found (nothing was scheduled unless it allows delivery).
    public var authorization: NotificationAuthorization = .authorized
    /// With an overflow notice pending: the number of reminders it says are held.
    public var noticeHeld: Int?
    /// Requests the run added (new or re-sent) and removed.
    public var added = 0
    public var removed = 0
    /// Reminders the scheduler counts in its window (naive: every one it has scheduled).
    public var windowCount = 0
    /// For a background refresh: how its task ended (`nil` for other runs). A terminated one
    /// changed nothing.
    public var backgroundTask: BackgroundTaskVerdict?
    /// The background refresh the run asked for (``SchedulingMode/backgroundRefresh``), if any.
    public var refreshRequest: RefreshRequest?
}

/// A background refresh an app run asked for: the earliest begin date it gave, and when the
/// simulated system will run it (rules P9, P10).
public struct RefreshRequest: Hashable, Sendable {
    /// The request's earliest begin date.
    public var earliest: ReminderTime
    /// When the system runs it (unless a later request replaces it).
    public var runsAt: ReminderTime
}

/// A background refresh task the system terminated (rule S6).
public struct BackgroundTermination: Hashable, Sendable {
    /// When the task started (the granted refresh).
    public var at: ReminderTime
    /// The crash report's exception code (`0x8badf00d` for an iPhone refresh task, ``AppRefreshTaskLimits``).
    public var code: String
    /// Which limit, and what the task needed.
    public var detail: String
}

/// What the simulated user does without being told by the scenario.
public struct SimulatedUser: Hashable, Sendable {
    /// The default delay before the user opens the app from an overflow notice: 10 minutes.
    public static let defaultNoticeDelay: Int64 = 600

    /// Seconds after an overflow notice is delivered at which the user opens the app from it
    /// (`nil`: never).
    public var opensOverflowNoticeAfter: Int64?

    public init(opensOverflowNoticeAfter: Int64? = SimulatedUser.defaultNoticeDelay) {
        self.opensOverflowNoticeAfter = opensOverflowNoticeAfter.map { max(0, $0) }
    }
}

extension ReminderHarness: StorageAdopting {
    /// Keeps this harness exactly, moving its logs (deliveries, misses, snapshots, terminations),
    /// its latest deliveries by identifier and by item, and the deliveries of a move of time into
    /// `old`'s storage where that has room (``StorageAdopting``), and its scheduler's
    /// (``ReminderScheduler/adoptStorage(of:)``): a simulator started again for another run keeps
    /// the room the last run grew. The center keeps its own storage.
    ///
    /// - Complexity: O(*n*) for the *n* log entries and items this harness holds, plus emptying `old`'s.
    public mutating func adoptStorage(of old: inout ReminderHarness) {
        scheduler.adoptStorage(of: &old.scheduler)
        deliveries.adoptStorage(of: &old.deliveries)
        missed.adoptStorage(of: &old.missed)
        snapshots.adoptStorage(of: &old.snapshots)
        terminations.adoptStorage(of: &old.terminations)
        latestByIdentifier.adoptStorage(of: &old.latestByIdentifier)
        latestByItem.adoptStorage(of: &old.latestByItem)
        delivered.adoptStorage(of: &old.delivered)
    }
}
