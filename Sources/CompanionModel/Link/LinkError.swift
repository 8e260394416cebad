/// A WatchConnectivity error code (`WCErrorDomain`), with the platform's numbers (PLATFORM.md §2.2).
///
/// The simulated link reports the same codes an app would see in its error handler, so a
/// trace line such as `link.failed code=7007 error=notReachable` reads like a real log.
package enum LinkError: Int, Error, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// 7004: the session is not activated; sending is a programmer error.
    case sessionNotActivated = 7004
    /// 7007: the counterpart is not reachable ("an immediate message to an app that isn't running").
    case notReachable = 7007
    /// 7009: the payload is larger than the channel's cap.
    case payloadTooLarge = 7009
    /// 7012: no reply arrived within the reply timeout.
    case messageReplyTimedOut = 7012
    /// 7014: a background transfer failed (for example, it was cancelled).
    case deliveryFailed = 7014
    /// 7016: the session became inactive (the user switched watches); interactive messages are cancelled.
    case sessionInactive = 7016

    /// The numeric code, as in `WCError.Code`.
    package var code: Int { rawValue }

    /// The name of the case, as in `WCError.Code` (`"notReachable"`).
    package var name: String {
        switch self {
        case .sessionNotActivated: return "sessionNotActivated"
        case .notReachable: return "notReachable"
        case .payloadTooLarge: return "payloadTooLarge"
        case .messageReplyTimedOut: return "messageReplyTimedOut"
        case .deliveryFailed: return "deliveryFailed"
        case .sessionInactive: return "sessionInactive"
        }
    }

    /// `"7007 notReachable"`.
    package var description: String { "\(rawValue) \(name)" }
}
