/// The part of the system notification center the scheduler needs.
///
/// A real app wraps `UNUserNotificationCenter` in a type conforming to this protocol;
/// the simulator uses ``SimulatedNotificationCenter``. Requirements are `mutating` so value
/// types conform; a class conforms as is.
public protocol SystemNotificationCenter {
    /// Schedules `request`, replacing a pending request with the same identifier.
    /// The system may silently drop it (past one-shot, over the pending limit).
    ///
    /// - Throws: a ``NotificationRequestError`` for a request the system refuses outright.
    mutating func add(_ request: NotificationRequest) throws(NotificationRequestError)

    /// Removes the pending requests with these identifiers; unknown identifiers are ignored.
    mutating func removePendingRequests(withIdentifiers identifiers: [NotificationIdentifier])

    /// The pending requests, ordered by (next fire date, identifier).
    func pendingRequests() -> [NotificationRequest]

    /// Sets the app badge: `0` clears it, a positive number shows it.
    mutating func setBadgeCount(_ count: Int)

    /// The user's notification permission (`getNotificationSettings`' `authorizationStatus`).
    var authorizationStatus: NotificationAuthorization { get }
}

extension SystemNotificationCenter {
    /// Authorized, for a center that does not model permissions.
    public var authorizationStatus: NotificationAuthorization { .authorized }
}
