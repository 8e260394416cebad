import CompanionModel

/// An error a session reports, with the code WatchConnectivity gives for it (`WCErrorDomain`).
///
/// The codes are the system's (`WCError.h`; Apple's `WCError.Code` documentation), so a test can
/// assert on the same numbers an app sees on a device:
///
/// ```swift
/// watch.sendMessage(["item": "milk"], replyHandler: nil) { error in
///     if let error = error as? WatchConnectivityError, error.code == .notReachable { … }
/// }
/// ```
public struct WatchConnectivityError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A WatchConnectivity error code, with its number in `WCErrorDomain`.
    public enum Code: Int, Hashable, Sendable, CaseIterable {
        /// 7004: the session is not activated (before `activate()` completes, or after it deactivated).
        case sessionNotActivated = 7004
        /// 7007: the counterpart is not reachable.
        case notReachable = 7007
        /// 7009: the payload is larger than the channel allows.
        case payloadTooLarge = 7009
        /// 7010: the payload holds a value that is not a property-list type.
        case payloadUnsupportedTypes = 7010
        /// 7011: the reply could not be delivered.
        case messageReplyFailed = 7011
        /// 7012: no reply arrived in time.
        case messageReplyTimedOut = 7012
        /// 7014: a background transfer failed.
        case deliveryFailed = 7014
        /// 7016: the session is inactive (the user is switching watches).
        case sessionInactive = 7016
    }

    /// The error's code.
    public var code: Code

    /// An error with `code`.
    public init(_ code: Code) {
        self.code = code
    }

    /// `"WCErrorDomain 7007 notReachable"`.
    public var description: String { "WCErrorDomain \(code.rawValue) \(code)" }

    /// The error the link model reports, with the same number.
    init(_ error: LinkError) {
        switch error {
        case .sessionNotActivated: code = .sessionNotActivated
        case .notReachable: code = .notReachable
        case .payloadTooLarge: code = .payloadTooLarge
        case .messageReplyTimedOut: code = .messageReplyTimedOut
        case .deliveryFailed: code = .deliveryFailed
        case .sessionInactive: code = .sessionInactive
        }
    }
}
