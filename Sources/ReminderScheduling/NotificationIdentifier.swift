/// The identifier of a notification request in the system's notification center.
/// Adding a request whose identifier is already pending replaces it.
public typealias NotificationIdentifier = String
