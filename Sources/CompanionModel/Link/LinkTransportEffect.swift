import SimulationKernel

/// What the transport (``WatchLink``) asks of the apps at either end and of the driver.
package enum LinkTransportEffect: Hashable, Sendable {
    /// Schedule or cancel a link timer (a driver performs it with ``LinkTimers``).
    case timer(LinkTimerEffect)
    /// Hand a message to the receiving app (`didReceiveMessage`, `didReceiveUserInfo`, …).
    case deliver(LinkMessage, duplicate: Bool)
    /// Tell the sending app how its message or transfer ended.
    case outcome(LinkMessage, LinkOutcome)
    /// Record a trace event.
    case trace(TraceEvent)
    /// `side`'s app goes through `event`, for `cause` (a scenario step or fault such as
    /// `"killPhoneApp"`, or the system waking it: `"watchMessage"`, `"complicationTransfer"`).
    /// The app's owner performs it and tells the link when the app starts or stops running
    /// (``LinkEnvironmentChange/appStarted(_:)``); a waking message is delivered right after.
    case changeApp(LinkSide, AppRunState.Event, cause: String)
}

/// Where the transport hands each effect as soon as it is decided (``WatchLink/reduce(_:at:emit:)``),
/// consumed, so a driver moves its message on instead of copying it.
package typealias LinkEffectSink = (consuming LinkTransportEffect) -> Void

/// What the transport asks of the driver's event loop (``LinkTimers/perform(_:on:)``).
package enum LinkTimerEffect: Hashable, Sendable {
    /// Schedule a link timer (never a reply timeout: ``scheduleInteractive(_:arrival:replyTimeout:)``).
    case schedule(LinkTimer, at: SimTime)
    /// An interactive message went on the air: schedule its arrival at `arrival`, then its
    /// sender's reply timeout at `replyTimeout` (the two timers every accepted message needs, in
    /// that order, asked as one effect).
    case scheduleInteractive(MessageID, arrival: SimTime, replyTimeout: SimTime)
    /// Cancel the reply timeout of a message that ended otherwise or whose sender stopped waiting.
    case cancelReplyTimeout(MessageID)
}

/// How a message or transfer ended, as its sender learns it.
package enum LinkOutcome: Hashable, Sendable {
    /// The interactive message's reply handler ran.
    case replied
    /// The error handler ran (interactive), or the transfer failed.
    case failed(LinkError)
    /// The transfer was received by the counterpart app (`didFinishUserInfoTransfer` without error).
    case transferFinished
    /// The sender cancelled the transfer.
    case cancelled
}
