/// How the scheduler uses the system's pending slots.
public enum SchedulingMode: String, Hashable, Sendable, CaseIterable {
    /// Keep the soonest W wanted reminders in the system, hold the rest, refill whenever the app runs,
    /// and keep every pending badge up to date.
    case windowed
    /// What a simple app does: add every reminder when it is wanted, never refill, let the system drop
    /// the excess, and fix each badge at scheduling time.
    case naive
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

    /// Creates a configuration.
    ///
    /// - Throws: ``SchedulerConfigurationError`` if `windowSize` is outside 1…64 or `snoozeSeconds` ≤ 0.
    public init(
        mode: SchedulingMode = .windowed, windowSize: Int = SchedulerConfiguration.defaultWindowSize,
        repeatingBadgePolicy: RepeatingBadgePolicy = .separateCarrier,
        snoozeSeconds: Int64 = SchedulerConfiguration.defaultSnoozeSeconds,
        categoryIdentifier: String = "reminder"
    ) throws(SchedulerConfigurationError) {
        guard (1...Self.maximumWindowSize).contains(windowSize) else { throw .windowSize(windowSize) }
        guard snoozeSeconds > 0 else { throw .snoozeSeconds(snoozeSeconds) }
        self.mode = mode
        self.windowSize = windowSize
        self.repeatingBadgePolicy = repeatingBadgePolicy
        self.snoozeSeconds = snoozeSeconds
        self.categoryIdentifier = categoryIdentifier
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

    public var description: String {
        switch self {
        case .windowSize(let size): "window size must be from 1 to 64 (the system's pending limit), found \(size)"
        case .snoozeSeconds(let seconds): "snooze delay must be positive, found \(seconds) seconds"
        }
    }
}
