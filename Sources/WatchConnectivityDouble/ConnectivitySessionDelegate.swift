import Foundation

/// What a session tells the app, mirroring `WCSessionDelegate`.
///
/// Every method but ``session(_:activationDidCompleteWith:error:)`` has an empty default, as the
/// optional methods of `WCSessionDelegate` do. A ``SessionPair`` calls these on the thread that
/// advances its clock, one at a time, in a deterministic order.
public protocol ConnectivitySessionDelegate: AnyObject {
    /// Activation finished (`session(_:activationDidCompleteWith:error:)`).
    func session(
        _ session: any ConnectivitySession, activationDidCompleteWith activationState: SessionActivationState,
        error: (any Error)?)
    /// `isReachable` changed (`sessionReachabilityDidChange(_:)`).
    func sessionReachabilityDidChange(_ session: any ConnectivitySession)
    /// A message arrived whose sender waits for no reply (`session(_:didReceiveMessage:)`).
    func session(_ session: any ConnectivitySession, didReceiveMessage message: [String: PropertyListValue])
    /// A message arrived whose sender waits for a reply (`session(_:didReceiveMessage:replyHandler:)`).
    func session(
        _ session: any ConnectivitySession, didReceiveMessage message: [String: PropertyListValue],
        replyHandler: @escaping @Sendable ([String: PropertyListValue]) -> Void)
    /// Message data arrived whose sender waits for no reply (`session(_:didReceiveMessageData:)`).
    func session(_ session: any ConnectivitySession, didReceiveMessageData messageData: Data)
    /// Message data arrived whose sender waits for a reply
    /// (`session(_:didReceiveMessageData:replyHandler:)`).
    func session(
        _ session: any ConnectivitySession, didReceiveMessageData messageData: Data,
        replyHandler: @escaping @Sendable (Data) -> Void)
    /// A userInfo (or complication) transfer arrived (`session(_:didReceiveUserInfo:)`).
    func session(_ session: any ConnectivitySession, didReceiveUserInfo userInfo: [String: PropertyListValue])
    /// An application context arrived (`session(_:didReceiveApplicationContext:)`).
    func session(
        _ session: any ConnectivitySession, didReceiveApplicationContext applicationContext: [String: PropertyListValue]
    )
    /// A userInfo transfer this side sent finished, with an error if it failed
    /// (`session(_:didFinish:error:)`).
    func session(
        _ session: any ConnectivitySession, didFinish userInfoTransfer: any UserInfoTransfer, error: (any Error)?)
    /// The phone's session became inactive: the user is switching watches (`sessionDidBecomeInactive(_:)`).
    func sessionDidBecomeInactive(_ session: any ConnectivitySession)
    /// The phone's session deactivated; call `activate()` again (`sessionDidDeactivate(_:)`).
    func sessionDidDeactivate(_ session: any ConnectivitySession)
}

extension ConnectivitySessionDelegate {
    /// Does nothing.
    public func sessionReachabilityDidChange(_ session: any ConnectivitySession) {}
    /// Does nothing.
    public func session(_ session: any ConnectivitySession, didReceiveMessage message: [String: PropertyListValue]) {}
    /// Does nothing (the sender's reply handler gets an empty reply).
    public func session(
        _ session: any ConnectivitySession, didReceiveMessage message: [String: PropertyListValue],
        replyHandler: @escaping @Sendable ([String: PropertyListValue]) -> Void
    ) {}
    /// Does nothing.
    public func session(_ session: any ConnectivitySession, didReceiveMessageData messageData: Data) {}
    /// Does nothing (the sender's reply handler gets empty data).
    public func session(
        _ session: any ConnectivitySession, didReceiveMessageData messageData: Data,
        replyHandler: @escaping @Sendable (Data) -> Void
    ) {}
    /// Does nothing.
    public func session(_ session: any ConnectivitySession, didReceiveUserInfo userInfo: [String: PropertyListValue]) {}
    /// Does nothing.
    public func session(
        _ session: any ConnectivitySession, didReceiveApplicationContext applicationContext: [String: PropertyListValue]
    ) {}
    /// Does nothing.
    public func session(
        _ session: any ConnectivitySession, didFinish userInfoTransfer: any UserInfoTransfer, error: (any Error)?
    ) {}
    /// Does nothing.
    public func sessionDidBecomeInactive(_ session: any ConnectivitySession) {}
    /// Does nothing.
    public func sessionDidDeactivate(_ session: any ConnectivitySession) {}
}
