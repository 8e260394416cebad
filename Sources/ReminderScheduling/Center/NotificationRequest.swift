/// When a notification request fires.
public enum NotificationTrigger: Hashable, Sendable {
    /// Fires once at `date`. Added at or after `date`, the system drops it silently (PLATFORM.md §6).
    case once(at: ReminderTime)
    /// Fires at `start`, `start + interval`, `start + 2·interval`, … for ever. `interval` is in seconds and
    /// must be at least 60 (PLATFORM.md §1.5). It occupies one pending slot however often it fires (§1.1).
    case repeating(start: ReminderTime, interval: Int64)

    /// The minimum interval of a repeating trigger, in seconds (`UNTimeIntervalNotificationTrigger`).
    public static let minimumRepeatInterval: Int64 = 60

    /// Whether the trigger fires more than once.
    public var repeats: Bool {
        if case .repeating = self { return true }
        return false
    }

    /// The first fire date strictly after `now`, or `nil` if a one-shot has already passed.
    ///
    /// - Complexity: O(1).
    public func nextFireDate(after now: ReminderTime) -> ReminderTime? {
        switch self {
        case .once(let date):
            return date > now ? date : nil
        case .repeating(let start, let interval):
            guard start <= now else { return start }
            guard interval > 0 else { return nil }
            let steps = (now - start) / interval + 1
            return start + steps * interval
        }
    }
}

/// What a delivered notification shows and does.
public struct NotificationContent: Hashable, Sendable {
    /// The alert text; empty for a badge-only notification (delivered without an alert).
    public var title: String
    /// UserNotifications: `nil` leaves the app badge unchanged, `0` clears it, a positive value sets it;
    /// negative values are rejected. Legacy: 0 or less (or `nil`) leaves it unchanged.
    public var badge: Int?
    /// The category whose actions the notification offers (`""` for none).
    public var categoryIdentifier: String
    /// The shopping item this notification is about, if any (the app's `userInfo`).
    public var itemID: String?

    public init(title: String, badge: Int? = nil, categoryIdentifier: String = "", itemID: String? = nil) {
        self.title = title
        self.badge = badge
        self.categoryIdentifier = categoryIdentifier
        self.itemID = itemID
    }
}

/// A request to the system notification center: identifier, content and trigger.
public struct NotificationRequest: Hashable, Sendable {
    /// Adding a request with an identifier that is already pending replaces the pending one.
    public var identifier: NotificationIdentifier
    public var content: NotificationContent
    public var trigger: NotificationTrigger

    public init(identifier: NotificationIdentifier, content: NotificationContent, trigger: NotificationTrigger) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }
}

/// Why the system center refused a request (thrown; never a crash).
public enum NotificationRequestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A repeating trigger's interval is under ``NotificationTrigger/minimumRepeatInterval``.
    case repeatIntervalTooShort(identifier: NotificationIdentifier, seconds: Int64)
    /// A legacy repeating interval is not a calendar unit (minute, hour, day, week).
    case repeatIntervalNotACalendarUnit(identifier: NotificationIdentifier, seconds: Int64)
    /// The badge is negative.
    case negativeBadge(identifier: NotificationIdentifier, badge: Int)
    /// A category registers more actions than the system allows.
    case tooManyActions(category: String, count: Int, limit: Int)

    public var description: String {
        switch self {
        case .repeatIntervalTooShort(let identifier, let seconds):
            "notification '\(identifier)': a repeating interval must be at least 60 seconds, found \(seconds)"
        case .repeatIntervalNotACalendarUnit(let identifier, let seconds):
            "notification '\(identifier)': the legacy API repeats by calendar unit (1m, 1h, 1d or 7d), found \(seconds) seconds"
        case .negativeBadge(let identifier, let badge):
            "notification '\(identifier)': badge must be nil, 0 or positive, found \(badge)"
        case .tooManyActions(let category, let count, let limit):
            "category '\(category)': at most \(limit) actions can be registered, found \(count)"
        }
    }
}
