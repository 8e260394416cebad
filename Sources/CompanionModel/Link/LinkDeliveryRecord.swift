import SimulationKernel

/// A first delivery of a message to its receiving app (``WatchLink/deliveries``): its header,
/// not its payload, so keeping a record retains nothing.
package struct LinkDeliveryRecord: Hashable, Sendable {
    /// The message delivered (its header).
    package var message: LinkMessageHeader
    /// When its receiving app got it.
    package var at: SimTime

    /// A record of `message` delivered at `at`.
    package init(message: LinkMessageHeader, at: SimTime) {
        self.message = message
        self.at = at
    }
}

/// Everything of a ``LinkMessage`` but its payload.
package struct LinkMessageHeader: Hashable, Sendable {
    /// Its send-order identifier.
    package var id: MessageID
    /// The channel it travels on.
    package var channel: LinkChannel
    /// Who sends it to whom.
    package var route: LinkRoute
    /// When it was sent.
    package var sentAt: SimTime

    /// A header.
    package init(id: MessageID, channel: LinkChannel, route: LinkRoute, sentAt: SimTime) {
        self.id = id
        self.channel = channel
        self.route = route
        self.sentAt = sentAt
    }
}

extension LinkMessage {
    /// The message without its payload.
    package var header: LinkMessageHeader {
        LinkMessageHeader(id: id, channel: channel, route: route, sentAt: sentAt)
    }
}
