import SimulationKernel

/// Counters and delivery delays of one channel, for the `run` summary.
package struct ChannelStatistics: Hashable, Sendable {
    /// Send or queue requests, including those refused at once.
    package var sent = 0
    /// First deliveries to the receiving app (duplicates are counted apart).
    package var delivered = 0
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
    /// Delivery delays (send → first delivery to the receiving app), in delivery order.
    package private(set) var delays: [SimDuration] = []

    /// Empty statistics.
    package init() {}

    /// Reserves room for `count` delivery delays.
    mutating func reserveCapacity(_ count: Int) {
        delays.reserveCapacity(count)
    }

    mutating func recordDelivery(delay: SimDuration) {
        delivered += 1
        delays.append(delay)
    }

    mutating func observeDepth(_ depth: Int) {
        maxQueueDepth = max(maxQueueDepth, depth)
    }

    /// The nearest-rank `percent`-th percentile (1...100) of the delivery delays (``LatencyStatistics``),
    /// or `nil` if none.
    package func delayPercentile(_ percent: Int) -> SimDuration? {
        LatencyStatistics(delays).percentile(percent)
    }
}

/// Statistics of every channel, one stored value per channel.
package struct LinkStatistics: Hashable, Sendable {
    private var interactive = ChannelStatistics()
    private var userInfo = ChannelStatistics()
    private var applicationContext = ChannelStatistics()
    private var complication = ChannelStatistics()

    /// Empty statistics for every channel.
    package init() {}

    /// The statistics of `channel`, changed in place.
    package subscript(channel: LinkChannel) -> ChannelStatistics {
        get {
            switch channel {
            case .interactive: interactive
            case .userInfo: userInfo
            case .applicationContext: applicationContext
            case .complication: complication
            }
        }
        _modify {
            switch channel {
            case .interactive: yield &interactive
            case .userInfo: yield &userInfo
            case .applicationContext: yield &applicationContext
            case .complication: yield &complication
            }
        }
    }
}

extension ChannelStatistics: StorageAdopting {
    /// Keeps these statistics in `old`'s storage for delays (``StorageAdopting``).
    package mutating func adoptStorage(of old: inout ChannelStatistics) {
        delays.adoptStorage(of: &old.delays)
    }
}

extension LinkStatistics: StorageAdopting {
    /// Keeps every channel's statistics in `old`'s storage (``StorageAdopting``).
    package mutating func adoptStorage(of old: inout LinkStatistics) {
        interactive.adoptStorage(of: &old.interactive)
        userInfo.adoptStorage(of: &old.userInfo)
        applicationContext.adoptStorage(of: &old.applicationContext)
        complication.adoptStorage(of: &old.complication)
    }
}
