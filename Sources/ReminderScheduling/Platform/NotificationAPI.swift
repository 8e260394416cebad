/// Which notification API the app uses; the simulated system follows that API's rules
/// (`docs/reminders.md`, "Platform modes").
public enum NotificationAPI: String, Hashable, Sendable, CaseIterable {
    /// `UILocalNotification` (iOS 4–10, the seed tutorial's API): `applicationIconBadgeNumber` of 0 or
    /// less means "no change", repeat intervals are calendar units, the soonest-firing 64 are kept.
    case legacy
    /// `UNUserNotificationCenter` (iOS 10+, the default): badge `nil` leaves it, `0` clears it, `n` sets
    /// it; a time-interval trigger may repeat every 60 s or more; calendar triggers repeat by unit.
    case userNotifications

    /// The overflow retention this API's sources describe: the legacy documentation says the soonest
    /// firing are kept; measurements of `UNUserNotificationCenter` saw the most recently added kept.
    public var defaultRetention: OverflowRetention {
        switch self {
        case .legacy: .soonestFiring
        case .userNotifications: .mostRecentlyAdded
        }
    }

    /// Whether a delivered badge value changes the app badge: legacy treats 0 or less as "no change".
    ///
    /// - Returns: the new app badge, or `nil` to leave it.
    public func appliedBadge(_ badge: Int?) -> Int? {
        guard let badge else { return nil }
        switch self {
        case .legacy: return badge > 0 ? badge : nil
        case .userNotifications: return badge
        }
    }

    /// Whether a repeating interval of `seconds` can be expressed with this API.
    public func allowsRepeatInterval(_ seconds: Int64) -> Bool {
        switch self {
        case .legacy: CalendarUnit(seconds: seconds) != nil
        case .userNotifications: seconds >= NotificationTrigger.minimumRepeatInterval
        }
    }
}

/// A calendar unit a repeating notification can repeat by (legacy `repeatInterval`, or the
/// components a repeating `UNCalendarNotificationTrigger` matches). The simulator's clock has a
/// fixed UTC offset (no daylight-saving changes), so each unit has a fixed length; months and
/// years (of varying length) are not simulated.
public enum CalendarUnit: String, Hashable, Sendable, CaseIterable {
    case minute, hour, day, week

    /// The unit's length in seconds.
    public var seconds: Int64 {
        switch self {
        case .minute: 60
        case .hour: 3_600
        case .day: 86_400
        case .week: 604_800
        }
    }

    /// The unit exactly `seconds` long, if any.
    public init?(seconds: Int64) {
        guard let unit = Self.allCases.first(where: { $0.seconds == seconds }) else { return nil }
        self = unit
    }
}
