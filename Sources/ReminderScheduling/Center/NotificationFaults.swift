/// Faults a ``RecordingNotificationCenter`` injects, to show that ``ReminderReconciler`` converges.
public struct NotificationFaults: Hashable, Sendable {
    /// The next this many `add` calls throw ``RecordingCenterError/addRefused(_:)`` (nothing is added).
    public var refusedAdds = 0
    /// The next this many reads of the pending list return the list of the read before (stale).
    public var stalePendingReads = 0
    /// After this many more successful adds the app is killed: every later call does nothing (adds and
    /// badge updates throw ``RecordingCenterError/killed``) until ``RecordingNotificationCenter/relaunch()``.
    public var killAfterAdds: Int?

    /// No faults.
    public init(refusedAdds: Int = 0, stalePendingReads: Int = 0, killAfterAdds: Int? = nil) {
        self.refusedAdds = refusedAdds
        self.stalePendingReads = stalePendingReads
        self.killAfterAdds = killAfterAdds
    }
}

/// Why a ``RecordingNotificationCenter`` call failed.
public enum RecordingCenterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A seeded refusal of the request with this identifier.
    case addRefused(NotificationIdentifier)
    /// The app was killed (``NotificationFaults/killAfterAdds``): the call never reached the system.
    case killed

    /// A one-line description.
    public var description: String {
        switch self {
        case .addRefused(let identifier): "the system refused '\(identifier)' (seeded fault)"
        case .killed: "the app was killed before this call reached the system"
        }
    }
}

/// One call the app made to a ``RecordingNotificationCenter``.
public enum NotificationCenterCall: Hashable, Sendable {
    /// `notificationSettings()`.
    case readSettings
    /// `pendingNotificationRequests()`, with how many requests it returned.
    case readPending(count: Int)
    /// `removePendingNotificationRequests(withIdentifiers:)`.
    case remove([NotificationIdentifier])
    /// `add(_:)`, with whether it reached the system.
    case add(NotificationIdentifier, succeeded: Bool)
    /// `setBadgeCount(_:)`.
    case setBadge(Int)
    /// `setNotificationCategories(_:)`, with the category identifiers.
    case setCategories([String])
}
