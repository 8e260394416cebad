/// Whether the user lets the app post notifications (`UNAuthorizationStatus`).
public enum NotificationAuthorization: String, Hashable, Sendable, CaseIterable {
    /// The app has not asked (or the user has not answered): nothing is delivered.
    case notDetermined
    /// The user said no: requests are accepted without error and never retained.
    case denied
    /// Provisional (iOS 12+): notifications are delivered quietly, to Notification Center only.
    case provisional
    /// The user said yes.
    case authorized

    /// Whether requests added now are retained and delivered.
    public var allowsDelivery: Bool {
        switch self {
        case .notDetermined, .denied: false
        case .provisional, .authorized: true
        }
    }

    /// How a delivered notification is presented.
    public var presentation: NotificationPresentation {
        self == .provisional ? .quiet : .prominent
    }
}

/// How the system presents a delivered notification.
public enum NotificationPresentation: String, Hashable, Sendable {
    /// Banner, sound and lock screen.
    case prominent
    /// Notification Center only, no banner and no sound (provisional authorization).
    case quiet
}
