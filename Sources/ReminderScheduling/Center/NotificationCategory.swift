/// A button on a notification.
public struct NotificationAction: Hashable, Sendable {
    /// The identifier the app receives when the user taps the button (`"complete"`).
    public var identifier: String
    public var title: String
    /// Whether tapping brings the app to the foreground (otherwise it runs in the background, §1.4).
    public var opensApp: Bool

    public init(identifier: String, title: String, opensApp: Bool = false) {
        self.identifier = identifier
        self.title = title
        self.opensApp = opensApp
    }
}

/// Where a notification is shown, which limits how many of its category's actions are visible.
public enum NotificationSurface: Hashable, Sendable, CaseIterable {
    /// A banner or another space-limited presentation: the first two actions.
    case banner
    /// The expanded (long-look) view: the first four actions (HIG).
    case expanded

    /// How many actions the surface shows (PLATFORM.md §1.4: 2 in banners, 4 expanded).
    public var visibleActionLimit: Int {
        switch self {
        case .banner: 2
        case .expanded: 4
        }
    }
}

/// A notification type and its actions, registered with the system center.
public struct NotificationCategory: Hashable, Sendable {
    /// At most this many actions can be registered (`UNNotificationCategory`: "up to 10").
    public static let registeredActionLimit = 10

    public var identifier: String
    public var actions: [NotificationAction]

    /// Creates a category.
    ///
    /// - Throws: ``NotificationRequestError/tooManyActions(category:count:limit:)`` above 10 actions.
    public init(identifier: String, actions: [NotificationAction]) throws(NotificationRequestError) {
        guard actions.count <= Self.registeredActionLimit else {
            throw .tooManyActions(category: identifier, count: actions.count, limit: Self.registeredActionLimit)
        }
        self.identifier = identifier
        self.actions = actions
    }

    /// A category whose action count the caller has already checked (at most 10).
    init(identifier: String, checkedActions: [NotificationAction]) {
        self.identifier = identifier
        self.actions = Array(checkedActions.prefix(Self.registeredActionLimit))
    }

    /// The actions a user can tap on `surface`: the first ``NotificationSurface/visibleActionLimit``.
    public func visibleActions(on surface: NotificationSurface) -> [NotificationAction] {
        Array(actions.prefix(surface.visibleActionLimit))
    }
}
