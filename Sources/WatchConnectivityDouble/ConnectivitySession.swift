import Foundation

/// The activation state of a session (`WCSessionActivationState`).
public enum SessionActivationState: Int, Hashable, Sendable {
    /// Not activated: nothing can be sent (`.notActivated`).
    case notActivated = 0
    /// Inactive: the user is switching watches; nothing can be sent (`.inactive`, iOS).
    case inactive = 1
    /// Activated: both apps may communicate (`.activated`).
    case activated = 2
}

/// A `WCSession` as an app's code uses it: the members an app calls, with the system's
/// behaviour. App code written against this protocol runs on `WCSession` (through
/// `SystemConnectivitySession`, on Apple platforms) and in tests on a ``SessionPair``'s sessions.
///
/// Payloads are property-list dictionaries (``PropertyListValue``). Handlers and delegate
/// methods run as WatchConnectivity runs them: later, never inside the call that sent.
public protocol ConnectivitySession: AnyObject, Sendable {
    /// The object that receives the session's events (`WCSession.delegate`).
    var delegate: (any ConnectivitySessionDelegate)? { get set }
    /// The session's activation state (`activationState`).
    var activationState: SessionActivationState { get }
    /// Whether the counterpart app is reachable for ``sendMessage(_:replyHandler:errorHandler:)``
    /// now (`isReachable`).
    var isReachable: Bool { get }
    /// The last application context this side sent (`applicationContext`).
    var applicationContext: [String: PropertyListValue] { get }
    /// The last application context received from the counterpart (`receivedApplicationContext`).
    var receivedApplicationContext: [String: PropertyListValue] { get }
    /// The userInfo transfers not yet received by the counterpart, oldest first
    /// (`outstandingUserInfoTransfers`).
    var outstandingUserInfoTransfers: [any UserInfoTransfer] { get }

    /// Activates the session; the delegate hears when activation completes (`activate()`).
    func activate()
    /// Sends a message to the counterpart now (`sendMessage(_:replyHandler:errorHandler:)`): with a
    /// reply handler, exactly one of the two handlers runs.
    func sendMessage(
        _ message: [String: PropertyListValue],
        replyHandler: (@Sendable ([String: PropertyListValue]) -> Void)?,
        errorHandler: (@Sendable (any Error) -> Void)?)
    /// Sends bytes to the counterpart now (`sendMessageData(_:replyHandler:errorHandler:)`).
    func sendMessageData(
        _ data: Data, replyHandler: (@Sendable (Data) -> Void)?, errorHandler: (@Sendable (any Error) -> Void)?)
    /// Queues a guaranteed, in-order transfer to the counterpart (`transferUserInfo(_:)`).
    @discardableResult
    func transferUserInfo(_ userInfo: [String: PropertyListValue]) -> any UserInfoTransfer
    /// Replaces the context the counterpart receives (`updateApplicationContext(_:)`).
    ///
    /// - Throws: a ``WatchConnectivityError`` when the system refuses it (7004, 7009, 7016).
    func updateApplicationContext(_ applicationContext: [String: PropertyListValue]) throws
}

extension ConnectivitySession {
    /// Sends `message` and waits for the reply (the async form of
    /// ``sendMessage(_:replyHandler:errorHandler:)``).
    ///
    /// - Throws: the error the error handler gets (7007 when unreachable, 7012 at the reply
    ///   timeout …).
    public func sendMessage(_ message: [String: PropertyListValue]) async throws -> [String: PropertyListValue] {
        try await withCheckedThrowingContinuation { continuation in
            sendMessage(
                message, replyHandler: { continuation.resume(returning: $0) },
                errorHandler: { continuation.resume(throwing: $0) })
        }
    }

    /// Sends `data` and waits for the reply (the async form of
    /// ``sendMessageData(_:replyHandler:errorHandler:)``).
    ///
    /// - Throws: the error the error handler gets.
    public func sendMessageData(_ data: Data) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            sendMessageData(
                data, replyHandler: { continuation.resume(returning: $0) },
                errorHandler: { continuation.resume(throwing: $0) })
        }
    }
}

/// The phone's session: the members `WCSession` has on iOS only.
public protocol PhoneConnectivitySession: ConnectivitySession {
    /// Whether a watch is paired (`isPaired`).
    var isPaired: Bool { get }
    /// Whether the watch app is installed (`isWatchAppInstalled`).
    var isWatchAppInstalled: Bool { get }
    /// Whether the app's complication is on the active watch face (`isComplicationEnabled`).
    var isComplicationEnabled: Bool { get }
    /// How many budgeted complication transfers are left today
    /// (`remainingComplicationUserInfoTransfers`).
    var remainingComplicationUserInfoTransfers: Int { get }
    /// Sends complication data to the watch, waking its app, while the daily budget lasts; then as
    /// an ordinary userInfo transfer (`transferCurrentComplicationUserInfo(_:)`).
    @discardableResult
    func transferCurrentComplicationUserInfo(_ userInfo: [String: PropertyListValue]) -> any UserInfoTransfer
}

/// A userInfo transfer in progress (`WCSessionUserInfoTransfer`).
public protocol UserInfoTransfer: AnyObject, Sendable {
    /// What it carries (`userInfo`).
    var userInfo: [String: PropertyListValue] { get }
    /// Whether it is still under way (`isTransferring`).
    var isTransferring: Bool { get }
    /// Whether it was sent with `transferCurrentComplicationUserInfo` (`isCurrentComplicationInfo`).
    var isCurrentComplicationInfo: Bool { get }
    /// Cancels it if the counterpart has not received it (`cancel()`).
    func cancel()
}
