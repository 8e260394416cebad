/// The life of one interactive message after it was accepted. It leaves the table exactly once,
/// when its reply or error handler runs (or it can no longer arrive): later timers find nothing.
package enum InteractiveMessageState: Hashable, Sendable {
    /// Dispatched, not yet at the receiving device; the sender waits.
    case inFlight
    /// Delivered; the reply is on its way back.
    case awaitingReply
    /// Delivered, but the receiving app stopped before replying; only the timeout can end it.
    case replyLost
    /// The sending app exited while the message was on the air: it may still arrive, but no
    /// handler will run.
    case orphanedInFlight

    /// Whether a handler on the sender will still run for this message.
    package var senderIsWaiting: Bool { self != .orphanedInFlight }
}

/// An accepted interactive message and its state.
struct InteractiveMessage: Hashable, Sendable {
    var message: LinkMessage
    var state: InteractiveMessageState
}
