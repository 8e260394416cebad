/// The rules of the simulated system notification center, one setting per disputed behaviour
/// (`docs/reminders.md`, rules P1–P8).
public struct PlatformRules: Hashable, Sendable {
    /// The most pending slots an app may use (64).
    public static let defaultLimit = 64

    /// The API the app uses (default ``NotificationAPI/userNotifications``).
    public var api: NotificationAPI
    /// The pending-slot limit (at least 1).
    public var limit: Int
    /// Which requests survive an overflow (default: the API's ``NotificationAPI/defaultRetention``).
    public var retention: OverflowRetention
    /// What re-adding a pending identifier does to its place in the addition order.
    public var replacement: IdentifierReplacement
    /// How many pending slots a repeating request takes (default 1, "counting as a single notification").
    public var repeatingSlots: Int
    /// The user's notification permission.
    public var authorization: NotificationAuthorization

    /// Creates the rules; `retention` defaults to the API's.
    public init(
        api: NotificationAPI = .userNotifications, limit: Int = PlatformRules.defaultLimit,
        retention: OverflowRetention? = nil, replacement: IdentifierReplacement = .inPlace,
        repeatingSlots: Int = 1, authorization: NotificationAuthorization = .authorized
    ) {
        self.api = api
        self.limit = max(1, limit)
        self.retention = retention ?? api.defaultRetention
        self.replacement = replacement
        self.repeatingSlots = min(max(1, repeatingSlots), self.limit)
        self.authorization = authorization
    }
}
