/// How the scheduler uses the system's pending slots (the strategy; `docs/reminders.md`, "Strategies").
public enum SchedulingMode: String, Hashable, Sendable, CaseIterable {
    /// Keep the soonest W wanted reminders in the system, hold the rest, refill whenever the app runs,
    /// and keep every pending badge up to date.
    case windowed
    /// What a simple app does (the seed tutorial's app): add every reminder when it is wanted, with the
    /// badge computed once, then (the number of incomplete items due at or before its fire date); never
    /// refill, never reconcile with the system, never re-add what the system dropped or what fired.
    case naive
    /// Windowed, with the last pending slot kept for a notice when more are held than fit: "Open the app
    /// to see N more reminders", firing with the last reminder of the window. Opening it runs the app.
    case overflowNotice
    /// Windowed, and at every run the app asks the system for a background app refresh
    /// (``SchedulerConfiguration/refreshInterval`` later); each refresh the system grants refills.
    case backgroundRefresh

    /// Whether the strategy keeps a window and refills it (everything but ``naive``).
    public var refills: Bool { self != .naive }
}

/// How a repeating reminder gets a badge, given that a repeating request carries one fixed badge.
///
/// A precomputed badge is right for one fire date only; a repeating request fires again and again
/// with the same number, "out of phase" with the list.
public enum RepeatingBadgePolicy: String, Hashable, Sendable, CaseIterable {
    /// The repeating alert carries no badge (`nil`, leaves it unchanged) and a badge-only one-shot
    /// ("badge carrier") is scheduled at its next occurrence with the precomputed count. The carrier
    /// takes one window slot and is renewed at every refill after it fires. Default.
    case separateCarrier
    /// The repeating request carries the count for its next occurrence, computed when scheduled;
    /// later occurrences repeat that number until the app runs again (shows the problem).
    case fixedAtScheduling
    /// The repeating alert carries no badge and nothing else is scheduled.
    case noBadge
}

/// The scheduler's settings.
public struct SchedulerConfiguration: Hashable, Sendable {
    /// The largest allowed window: the system's pending limit.
    public static let maximumWindowSize = 64
    /// The default window: 60 leaves four slots of headroom (PLATFORM.md §6).
    public static let defaultWindowSize = 60
    /// "Remind me in 30 minutes".
    public static let defaultSnoozeSeconds: Int64 = 30 * 60

    public var mode: SchedulingMode
    /// W: how many reminders the windowed scheduler keeps in the system (1…64; a repeating one counts once).
    public var windowSize: Int
    public var repeatingBadgePolicy: RepeatingBadgePolicy
    /// The delay of the snooze action, in seconds.
    public var snoozeSeconds: Int64
    /// The category of reminder notifications (its actions are ``ReminderAction``).
    public var categoryIdentifier: String
    /// The notification API the app uses (which repeat intervals it can ask for).
    public var api: NotificationAPI = .userNotifications
    /// ``SchedulingMode/backgroundRefresh``: the earliest begin date the app asks for, in seconds after a run.
    public var refreshInterval: Int64 = SchedulerConfiguration.defaultRefreshInterval

    /// The default earliest begin date of a background refresh request: one hour after the run.
    public static let defaultRefreshInterval: Int64 = 3_600

    /// Creates a configuration.
    ///
    /// - Throws: ``SchedulerConfigurationError`` if `windowSize` is outside 1…64 (2…64 with an overflow
    ///   notice), `snoozeSeconds` ≤ 0 or `refreshInterval` < 60.
    public init(
        mode: SchedulingMode = .windowed, windowSize: Int = SchedulerConfiguration.defaultWindowSize,
        repeatingBadgePolicy: RepeatingBadgePolicy = .separateCarrier,
        snoozeSeconds: Int64 = SchedulerConfiguration.defaultSnoozeSeconds,
        categoryIdentifier: String = "reminder", api: NotificationAPI = .userNotifications,
        refreshInterval: Int64 = SchedulerConfiguration.defaultRefreshInterval
    ) throws(SchedulerConfigurationError) {
        let smallest = mode == .overflowNotice ? 2 : 1
        guard (smallest...Self.maximumWindowSize).contains(windowSize) else { throw .windowSize(windowSize) }
        guard snoozeSeconds > 0 else { throw .snoozeSeconds(snoozeSeconds) }
        guard refreshInterval >= 60 else { throw .refreshInterval(refreshInterval) }
        self.mode = mode
        self.windowSize = windowSize
        self.repeatingBadgePolicy = repeatingBadgePolicy
        self.snoozeSeconds = snoozeSeconds
        self.categoryIdentifier = categoryIdentifier
        self.api = api
        self.refreshInterval = refreshInterval
    }

    /// How many reminders the window holds: W, one less with an overflow notice, unlimited when naive.
    public var reminderCapacity: Int {
        switch mode {
        case .naive: Int.max
        case .overflowNotice: windowSize - 1
        case .windowed, .backgroundRefresh: windowSize
        }
    }

    /// The default settings: windowed, W = 60, separate badge carriers, 30-minute snooze.
    public static let standard = SchedulerConfiguration(
        mode: .windowed, windowSize: defaultWindowSize, repeatingBadgePolicy: .separateCarrier,
        snoozeSeconds: defaultSnoozeSeconds, categoryIdentifier: "reminder", unchecked: ())

    private init(
        mode: SchedulingMode, windowSize: Int, repeatingBadgePolicy: RepeatingBadgePolicy,
        snoozeSeconds: Int64, categoryIdentifier: String, unchecked: Void
    ) {
        self.mode = mode
        self.windowSize = windowSize
        self.repeatingBadgePolicy = repeatingBadgePolicy
        self.snoozeSeconds = snoozeSeconds
        self.categoryIdentifier = categoryIdentifier
    }
}

/// A bad scheduler setting.
public enum SchedulerConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    case windowSize(Int)
    case snoozeSeconds(Int64)
    case refreshInterval(Int64)

    public var description: String {
        switch self {
        case .windowSize(let size):
            "window size must be from 1 to 64 (the system's pending limit; at least 2 with an overflow notice), found \(size)"
        case .refreshInterval(let seconds):
            "background refresh interval must be at least 60 seconds, found \(seconds)"
        case .snoozeSeconds(let seconds): "snooze delay must be positive, found \(seconds) seconds"
        }
    }
}
