/// The WatchConnectivity channels the link simulates (PLATFORM.md §2.2–2.4).
package enum LinkChannel: String, Hashable, Sendable, CaseIterable {
    /// `sendMessage`: immediate, needs reachability, one reply or one error.
    case interactive
    /// `transferUserInfo`: queued, FIFO, guaranteed, delivered when the receiving app runs.
    case userInfo
    /// `updateApplicationContext`: a single slot, last write wins, delivered on the next launch.
    case applicationContext
    /// `transferCurrentComplicationUserInfo` (phone → watch only): 50 a day with the complication
    /// on the active face, 0 otherwise; at 0 it falls back to ``userInfo``.
    case complication

    /// The name used in traces, reports and scenario files: the case's (`"userInfo"`).
    package var name: String { rawValue }
}

/// Identifies one message or transfer on the link, assigned in send order from 1.
package typealias MessageID = UInt64

/// The direction of a message.
package struct LinkRoute: Hashable, Sendable {
    /// The sending side.
    package var from: LinkSide
    /// The receiving side.
    package var to: LinkSide { from.counterpart }

    /// Watch → phone (check-offs).
    package static let watchToPhone = LinkRoute(from: .watch)
    /// Phone → watch (complication updates).
    package static let phoneToWatch = LinkRoute(from: .phone)

    /// `"watch→phone"`.
    package var name: String { from.name + "→" + to.name }
}
