import CompanionModel
import ReminderScheduling
import SimulationKernel

/// The phone app's reminders in a scenario: a ``ReminderHarness`` (scheduler + simulated system
/// center) plus what the reports need (item due dates over time, what was already traced).
public struct PhoneReminders: Sendable {
    /// Whether the phone app has run yet (it loads the list at its first run).
    public enum Lifecycle: Hashable, Sendable {
        case notLaunched
        case launched(at: SimTime)
    }

    /// One change of an item's reminder state, as the phone learnt it.
    public struct DueChange: Hashable, Sendable {
        public var time: SimTime
        public var item: ItemID
        /// The due date while open, `nil` once completed.
        public var due: SimTime?
    }

    public let settings: RemindersSettings
    public private(set) var harness: ReminderHarness
    public private(set) var lifecycle: Lifecycle = .notLaunched
    /// Every due-date change, in time order (the list as known at the start first).
    public private(set) var dueLog: [DueChange] = []
    /// Each item's latest due date (`nil` once completed or removed) and the last it had while open.
    private var latestDue: [ItemID: (current: SimTime?, lastOpen: SimTime?)] = [:]
    /// How many deliveries, misses and app runs are already in the trace.
    var tracedDeliveries = 0
    var tracedMisses = 0
    var tracedRuns = 0
    /// The wake-up event scheduled last (still pending on the loop if it is after now).
    var nextWake: SimTime?

    /// Creates the phone side; a bad configuration falls back to the defaults (the decoder
    /// already validated the ranges).
    public init(settings: RemindersSettings, items: [ShoppingItem]) {
        self.settings = settings
        let configuration = (try? settings.configuration()) ?? .standard
        harness = ReminderHarness(
            configuration: configuration, rules: settings.rules, start: .zero, user: settings.user,
            refreshBudget: settings.refreshBudget)
        let task = settings.refresh.task
        harness.backgroundTask = { wanted in task.verdict(wantedReminders: wanted) }
        latestDue.reserveCapacity(items.count)
        dueLog.reserveCapacity(items.count)
        for item in items { if let due = item.due { log(item.id, due: due, at: .zero) } }
    }

    /// Simulated time as scheduler time (whole seconds since the scenario start).
    public static func reminderTime(_ time: SimTime) -> ReminderTime {
        ReminderTime(seconds: time.nanoseconds / 1_000_000_000)
    }

    /// Scheduler time as simulated time.
    public static func simTime(_ time: ReminderTime) -> SimTime {
        SimTime(
            nanoseconds: time.seconds.multipliedReportingOverflow(by: 1_000_000_000).overflow
                ? .max : time.seconds * 1_000_000_000)
    }

    /// The due date of `item` as the phone last knew it (`nil` if completed or never due).
    ///
    /// - Complexity: O(1) expected.
    public func currentDue(of item: ItemID) -> SimTime? {
        latestDue[item]?.current ?? nil
    }

    /// The last due date `item` had while open (to reopen it with), if any.
    ///
    /// - Complexity: O(1) expected.
    public func lastDue(of item: ItemID) -> SimTime? {
        latestDue[item]?.lastOpen ?? nil
    }

    /// The items open with a due date at or before `time`, as the phone knew them at `time`,
    /// ordered by (due, item).
    ///
    /// - Complexity: O(c) for c logged changes, plus sorting.
    public func overdue(at time: SimTime) -> [(item: ItemID, due: SimTime)] {
        var state: [ItemID: SimTime?] = [:]
        var order: [ItemID] = []
        for change in dueLog where change.time <= time {
            if state[change.item] == nil { order.append(change.item) }
            state[change.item] = .some(change.due)
        }
        return order.compactMap { item -> (item: ItemID, due: SimTime)? in
            guard let due = state[item] ?? nil, due <= time else { return nil }
            return (item, due)
        }.sorted { ($0.due, $0.item) < ($1.due, $1.item) }
    }

    /// A copy moved to `time` (for questions asked at a time without changing the run).
    public func advanced(to time: SimTime) -> PhoneReminders {
        var copy = self
        copy.harness.advance(to: Self.reminderTime(time))
        return copy
    }

    mutating func markLaunched(at time: SimTime) {
        if case .notLaunched = lifecycle { lifecycle = .launched(at: time) }
    }

    /// Records that `item` is due at `due` from `time` on (`nil`: completed or removed).
    ///
    /// - Complexity: O(1) amortized.
    mutating func log(_ item: ItemID, due: SimTime?, at time: SimTime) {
        dueLog.append(DueChange(time: time, item: item, due: due))
        latestDue[item] = (due, due ?? latestDue[item]?.lastOpen ?? nil)
    }

    /// Records that `item` was removed from the list: it is no longer due, and a later reopen has
    /// no due date to come back with.
    ///
    /// - Complexity: O(1) amortized.
    mutating func logRemoval(_ item: ItemID, at time: SimTime) {
        dueLog.append(DueChange(time: time, item: item, due: nil))
        latestDue[item] = (nil, nil)
    }

    mutating func advance(to time: SimTime) {
        harness.advance(to: Self.reminderTime(time))
    }

    /// The system runs the app for a background refresh, under the task limits (see
    /// ``ReminderHarness/refreshInBackground(at:)``).
    @discardableResult
    mutating func refreshInBackground(at time: SimTime) -> BackgroundTaskVerdict {
        harness.refreshInBackground(at: Self.reminderTime(time))
    }

    /// Runs the app (see ``ReminderHarness/run(at:reason:_:)``).
    mutating func run(
        at time: SimTime, reason: ReminderScheduler.AppRunReason,
        _ change: (inout ReminderScheduler) throws(ReminderSchedulerError) -> Void
    ) throws(ReminderSchedulerError) -> ReminderScheduler.RefillReport {
        try harness.run(at: Self.reminderTime(time), reason: reason, change)
    }

    mutating func respond(to identifier: NotificationIdentifier, with action: ReminderAction, at time: SimTime)
        throws(ReminderSchedulerError) -> ActionOutcome
    {
        try harness.respond(to: identifier, with: action, at: Self.reminderTime(time))
    }

    /// The next instant something happens in the reminder world after `time` (a fire date of a
    /// pending request or of a wanted reminder, or an app run the system or the user starts on
    /// their own), as simulated time.
    func nextEvent(after time: SimTime) -> SimTime? {
        let after = Self.reminderTime(time)
        let candidates = [
            harness.center.nextFireDate, harness.scheduler.nextFire(after: after), harness.nextSystemRun?.at,
        ]
        .compactMap { $0 }.filter { $0 > after }
        return candidates.min().map(Self.simTime)
    }
}
