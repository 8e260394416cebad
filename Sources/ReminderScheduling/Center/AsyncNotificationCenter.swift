/// The part of `UNUserNotificationCenter` that ``ReminderReconciler`` needs, in the system's async
/// shape. The app passes ``UserNotificationCenterAdapter`` (Apple platforms); tests and the example
/// pass ``RecordingNotificationCenter``.
///
/// Requests are the library's ``NotificationRequest`` values; the adapter maps them to and from
/// `UNNotificationRequest`. Every requirement mirrors one `UNUserNotificationCenter` method (pages
/// under https://developer.apple.com/documentation/usernotifications/unusernotificationcenter).
public protocol AsyncNotificationCenter: Sendable {
    /// Schedules `request`, replacing a pending request with the same identifier. The system may
    /// still drop it silently (over its pending limit, a date in the past, not authorized).
    ///
    /// Mirrors `func add(_ request: UNNotificationRequest) async throws` (iOS 10, watchOS 3, macOS 10.14;
    /// `…/unusernotificationcenter/add(_:withcompletionhandler:)`).
    func add(_ request: NotificationRequest) async throws

    /// Removes the app's pending requests with these identifiers; unknown identifiers are ignored.
    ///
    /// Mirrors `func removePendingNotificationRequests(withIdentifiers identifiers: [String])`
    /// (iOS 10, watchOS 3, macOS 10.14; `…/removependingnotificationrequests(withidentifiers:)`), which is
    /// synchronous there; `async` here so that an actor can conform.
    func removePendingNotificationRequests(withIdentifiers identifiers: [String]) async

    /// Every pending request of the app, including those other code of the app added.
    ///
    /// Mirrors `func pendingNotificationRequests() async -> [UNNotificationRequest]` (iOS 10, watchOS 3,
    /// macOS 10.14; `…/getpendingnotificationrequests(completionhandler:)`).
    func pendingNotificationRequests() async -> [NotificationRequest]

    /// Sets the number on the app icon; `0` clears it.
    ///
    /// Mirrors `func setBadgeCount(_ newBadgeCount: Int) async throws` (iOS 16, macOS 13, not watchOS;
    /// `…/setbadgecount(_:withcompletionhandler:)`).
    func setBadgeCount(_ newBadgeCount: Int) async throws

    /// The user's current permission and badge setting.
    ///
    /// Mirrors `func notificationSettings() async -> UNNotificationSettings` (iOS 10, watchOS 3,
    /// macOS 10.14; `…/getnotificationsettings(completionhandler:)`), reduced to what the scheduler reads.
    func notificationSettings() async -> NotificationSettings

    /// Registers the app's notification categories, replacing those registered before.
    ///
    /// Mirrors `func setNotificationCategories(_ categories: Set<UNNotificationCategory>)` (iOS 10,
    /// watchOS 3, macOS 10.14; `…/setnotificationcategories(_:)`).
    func setNotificationCategories(_ categories: Set<NotificationCategory>) async
}

/// What the scheduler reads of `UNNotificationSettings`.
public struct NotificationSettings: Hashable, Sendable {
    /// Whether a notification setting is on (`UNNotificationSetting`).
    public enum Setting: String, Hashable, Sendable, CaseIterable {
        /// The platform has no such setting (`badgeSetting` on watchOS).
        case notSupported
        /// The user turned it off.
        case disabled
        /// The user allows it.
        case enabled
    }

    /// `authorizationStatus`: whether requests are delivered at all, and how prominently.
    public var authorization: NotificationAuthorization
    /// `badgeSetting`: whether the app may badge its icon.
    public var badges: Setting

    /// Creates settings.
    public init(authorization: NotificationAuthorization, badges: Setting) {
        self.authorization = authorization
        self.badges = badges
    }

    /// Authorized, badges on.
    public static let authorized = NotificationSettings(authorization: .authorized, badges: .enabled)

    /// Whether requests carry a badge and the reconciler sets the icon badge: only when delivery is
    /// allowed and the badge setting is enabled.
    public var allowsBadges: Bool { authorization.allowsDelivery && badges == .enabled }
}
