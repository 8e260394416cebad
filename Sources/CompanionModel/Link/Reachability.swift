/// The two ends of the link.
package enum LinkSide: Hashable, Sendable, CaseIterable {
    case watch
    case phone

    /// The other side.
    package var counterpart: LinkSide { self == .watch ? .phone : .watch }

    /// `"watch"` or `"phone"`.
    package var name: String { self == .watch ? "watch" : "phone" }
}

/// Whether an interactive message from one side can reach the other right now, and if not, why.
///
/// Both need an activated session and the phone in range. From the watch, the watch app runs (a
/// watch message wakes the phone app, PLATFORM.md §2.2); from the phone, the phone app runs and
/// the watch app is in the foreground (a phone message never wakes it).
package enum Reachability: Hashable, Sendable {
    case reachable
    case unreachable(Reason)

    /// Why a side cannot reach its counterpart.
    package enum Reason: String, Hashable, Sendable {
        case sessionNotActivated
        case outOfRange
        case senderNotRunning
        case counterpartNotRunning

        /// The name used in traces and messages: the case's (`"outOfRange"`).
        package var name: String { rawValue }
    }

    /// Whether a message can be sent now.
    package var isReachable: Bool { self == .reachable }
}
