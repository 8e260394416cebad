import SimulationKernel

/// The counters of one channel the link keeps as it runs (``LinkCounters``); its deliveries are
/// not counted here: they are the link's delivery records (``WatchLink/deliveries``).
package struct ChannelCounters: Hashable, Sendable {
    /// Send or queue requests, including those refused at once.
    package var sent = 0
    /// Extra copies delivered (the phone ignores them).
    package var duplicates = 0
    /// Retransmissions of queued transfers after a drop-out.
    package var retried = 0
    /// Errors reported to the sender (refusals, timeouts, drop-outs, cancellations).
    package var failed = 0
    /// Sends handed to another channel: a check-off re-sent as a queued transfer after an
    /// interactive error, or a complication transfer sent as userInfo for lack of budget.
    package var fellBack = 0
    /// Most messages outstanding at once (interactive: awaiting an outcome).
    package var maxQueueDepth = 0

    mutating func observeDepth(_ depth: Int) {
        maxQueueDepth = max(maxQueueDepth, depth)
    }
}

/// The counters of every channel, stored in place and indexed by the channel (no hashing).
struct LinkCounters: Sendable {
    private var channels = InlineArray<4, ChannelCounters>(repeating: ChannelCounters())

    /// The counters of `channel`, changed in place.
    subscript(channel: LinkChannel) -> ChannelCounters {
        get { channels[Self.index(of: channel)] }
        _modify { yield &channels[Self.index(of: channel)] }
    }

    /// The place of `channel`'s counters.
    private static func index(of channel: LinkChannel) -> Int {
        switch channel {
        case .interactive: 0
        case .userInfo: 1
        case .applicationContext: 2
        case .complication: 3
        }
    }
}

/// Counters and delivery delays of one channel, for the `run` summary
/// (``WatchLink/statistics(_:)``): the link's counters (``ChannelCounters``, read as its own
/// members: `statistics.sent`) with the first deliveries of its records on that channel.
@dynamicMemberLookup
package struct ChannelStatistics: Hashable, Sendable {
    /// The link's counters of the channel.
    package let counters: ChannelCounters
    /// Delivery delays (send → first delivery to the receiving app), in delivery order.
    package let delays: [SimDuration]

    /// First deliveries to the receiving app (duplicates are counted apart).
    package var delivered: Int { delays.count }

    /// `counters` with the delays of `deliveries`, the channel's first deliveries in order.
    init(_ counters: ChannelCounters, deliveries: some Sequence<LinkDeliveryRecord>) {
        self.counters = counters
        delays = deliveries.map { $0.at - $0.sentAt }
    }

    /// A counter of the channel (``ChannelCounters``).
    package subscript(dynamicMember counter: KeyPath<ChannelCounters, Int>) -> Int {
        counters[keyPath: counter]
    }

    /// The nearest-rank `percent`-th percentile (1...100) of the delivery delays (``LatencyStatistics``),
    /// or `nil` if none.
    package func delayPercentile(_ percent: Int) -> SimDuration? {
        LatencyStatistics(delays).percentile(percent)
    }
}
