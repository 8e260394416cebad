import SimulationKernel

/// What the transport (``WatchLink``) asks of the apps at either end and of the driver.
public enum LinkTransportEffect: Hashable, Sendable {
    /// Schedule a link timer.
    case schedule(LinkTimer, at: SimTime)
    /// Cancel a timer scheduled earlier that can no longer do anything (the reply timeout of a
    /// message that was answered, failed, or whose sender stopped waiting).
    case cancel(LinkTimer)
    /// Hand a message to the receiving app (`didReceiveMessage`, `didReceiveUserInfo`, …).
    case deliver(LinkMessage, duplicate: Bool)
    /// Tell the sending app how its message or transfer ended.
    case outcome(LinkMessage, LinkOutcome)
    /// Record a trace event.
    case trace(TraceEvent)
    /// The system wakes `side`'s app into the background (a complication transfer arrived for a
    /// watch app that does not run, a message from the watch for a phone app that does not run).
    /// The app's owner performs the launch and tells the link how the app runs
    /// (``LinkEnvironmentChange/phoneAppRunState(_:)``, ``LinkEnvironmentChange/watchAppRunState(_:)``):
    /// queued transfers are delivered then; a waking message is delivered right after this effect.
    case wakeApp(LinkSide)
}

/// Where the transport hands each effect as soon as it is decided (``WatchLink/reduce(_:at:emit:)``):
/// the effect is handed over (consumed), so a driver that translates it moves its message on
/// instead of copying it.
public typealias LinkEffectSink = (consuming LinkTransportEffect) -> Void

/// How a message or transfer ended, as its sender learns it.
public enum LinkOutcome: Hashable, Sendable {
    /// The interactive message's reply handler ran.
    case replied
    /// The error handler ran (interactive), or the transfer failed.
    case failed(LinkError)
    /// The transfer was received by the counterpart app (`didFinishUserInfoTransfer` without error).
    case transferFinished
    /// The sender cancelled the transfer.
    case cancelled

    /// The name used in traces.
    public var name: String {
        switch self {
        case .replied: return "replied"
        case .failed(let error): return "failed \(error)"
        case .transferFinished: return "transferFinished"
        case .cancelled: return "cancelled"
        }
    }
}
