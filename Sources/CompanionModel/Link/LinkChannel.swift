/// The WatchConnectivity channels the link simulates (PLATFORM.md §2.2–2.4).
public enum LinkChannel: Hashable, Sendable, CaseIterable, Comparable {
    /// `sendMessage`: immediate, needs reachability, one reply or one error.
    case interactive
    /// `transferUserInfo`: queued, FIFO, guaranteed, delivered when the receiving app runs.
    case userInfo
    /// `updateApplicationContext`: a single slot, last write wins, delivered on the next launch.
    case applicationContext
    /// `transferCurrentComplicationUserInfo` (phone → watch only): 50 a day with the complication
    /// on the active face, 0 otherwise; at 0 it falls back to ``userInfo``.
    case complication

    /// The name used in traces, reports and scenario files.
    public var name: String {
        switch self {
        case .interactive: return "interactive"
        case .userInfo: return "userInfo"
        case .applicationContext: return "applicationContext"
        case .complication: return "complication"
        }
    }
}

/// Identifies one message or transfer on the link; assigned in send order from 1, so
/// comparing two IDs compares their send order.
public typealias MessageID = UInt64

/// The direction of a message.
public struct LinkRoute: Hashable, Sendable, Comparable {
    /// The sending side.
    public var from: LinkSide
    /// The receiving side.
    public var to: LinkSide { from.counterpart }

    /// The route from `from` to its counterpart.
    public init(from: LinkSide) { self.from = from }

    /// Watch → phone (check-offs).
    public static let watchToPhone = LinkRoute(from: .watch)
    /// Phone → watch (complication updates).
    public static let phoneToWatch = LinkRoute(from: .phone)

    /// `"watch→phone"`.
    public var name: String { from.name + "→" + to.name }

    /// Watch → phone sorts first.
    public static func < (lhs: LinkRoute, rhs: LinkRoute) -> Bool { lhs.from == .watch && rhs.from == .phone }
}
