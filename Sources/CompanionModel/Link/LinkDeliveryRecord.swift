import SimulationKernel

/// A first delivery of a message to its receiving app (``WatchLink/deliveries``).
///
/// The record keeps what the checks of the link's order and the reports read (the message's
/// identifier, channel, route and send time, and the delivery time), not its payload: keeping a
/// record retains nothing, and a run's records are plain values.
public struct LinkDeliveryRecord: Hashable, Sendable {
    /// The message delivered (its header).
    public var message: LinkMessageHeader
    /// When its receiving app got it.
    public var at: SimTime

    /// A record of `message` delivered at `at`.
    public init(message: LinkMessageHeader, at: SimTime) {
        self.message = message
        self.at = at
    }
}

/// What identifies a message on the link and when it left: everything of a ``LinkMessage`` but
/// its payload.
public struct LinkMessageHeader: Hashable, Sendable {
    /// Its send-order identifier.
    public var id: MessageID
    /// The channel it travels on.
    public var channel: LinkChannel
    /// Who sends it to whom.
    public var route: LinkRoute
    /// When it was sent.
    public var sentAt: SimTime

    /// A header.
    public init(id: MessageID, channel: LinkChannel, route: LinkRoute, sentAt: SimTime) {
        self.id = id
        self.channel = channel
        self.route = route
        self.sentAt = sentAt
    }
}

extension LinkMessage {
    /// The message without its payload.
    ///
    /// - Complexity: O(1); retains nothing.
    public var header: LinkMessageHeader {
        LinkMessageHeader(id: id, channel: channel, route: route, sentAt: sentAt)
    }
}
