/// The part of the link an app's `isReachable` depends on: the session's activation and whether
/// the phone is in range (a small value, so asking it does not copy the whole link).
package struct LinkConnection: Hashable, Sendable {
    /// The session's activation state.
    package internal(set) var activation: SessionActivation
    /// Whether the phone is in range (a new connection starts in range).
    package internal(set) var range: RadioRange = .inRange

    /// Whether an interactive message from `side` can be sent now, with the apps running as
    /// `apps` says (`isReachable` on that side).
    package func reachability(from side: LinkSide, apps: LinkApps) -> Reachability {
        guard activation.canSend else { return .unreachable(.sessionNotActivated) }
        guard range.isInRange else { return .unreachable(.outOfRange) }
        switch side {
        case .watch: return apps.watch.isRunning ? .reachable : .unreachable(.senderNotRunning)
        case .phone:
            guard apps.phone.isRunning else { return .unreachable(.senderNotRunning) }
            return apps.watch.isForeground ? .reachable : .unreachable(.counterpartNotRunning)
        }
    }
}
