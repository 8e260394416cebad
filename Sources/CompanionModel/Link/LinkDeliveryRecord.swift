import SimulationKernel

/// A first delivery of a message to its receiving app (``WatchLink/deliveries``): everything of
/// the ``LinkMessage`` but its payload, so keeping a record retains nothing, and when it arrived.
package struct LinkDeliveryRecord: Hashable, Sendable {
    /// The message's send-order identifier.
    package var id: MessageID
    /// The channel it travelled on.
    package var channel: LinkChannel
    /// Who sent it to whom.
    package var route: LinkRoute
    /// When it was sent.
    package var sentAt: SimTime
    /// When its receiving app got it.
    package var at: SimTime
}
