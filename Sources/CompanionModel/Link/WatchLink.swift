import SimulationKernel

/// The simulated WatchConnectivity transport between the watch and the phone.
///
/// `WatchLink` is a pure state machine: ``reduce(_:at:emit:)``, its one entry point, takes a
/// request, an environment change or one of its own timers, updates the state, and hands out
/// ``LinkTransportEffect``s as they are decided. It applies the platform's rules (PLATFORM.md §2):
///
/// - a send or transfer on a session that is not activated is refused at once with 7004
///   ``LinkError/sessionNotActivated`` (7016 ``LinkError/sessionInactive`` while inactive): not
///   queued, no complication budget spent, traced `link.failed`;
/// - interactive messages need an activated session and reachability, else fail at once with
///   ``LinkError/notReachable``; larger than the cap they fail with ``LinkError/payloadTooLarge``;
///   a watch message wakes the phone app; exactly one of reply or error comes, at the latest at
///   the reply timeout (``LinkError/messageReplyTimedOut``);
/// - userInfo transfers are FIFO and guaranteed: a drop-out puts the transfer back in the queue,
///   it survives the sender's exit, and is delivered when the receiving app next runs; it is
///   listed as outstanding until then and can be cancelled;
/// - the application context keeps only the latest value per direction;
/// - complication transfers use a daily budget and fall back to userInfo at 0.
///
/// Latency and duplicates are drawn from sub-streams of the generator passed to the initializer,
/// split by label, so adding a fault source never shifts the draws of another.
package struct WatchLink: Sendable {
    /// The settings and faults.
    package let configuration: LinkConfiguration
    /// The session's activation and the phone's range (``LinkConnection``).
    package internal(set) var connection: LinkConnection
    /// The complication transfer budget.
    package internal(set) var complicationBudget: ComplicationTransferBudget
    /// Per-channel counters (sends, failures, …); deliveries are counted by their records.
    var counters = LinkCounters()
    /// Every first delivery to an app, in order (for FIFO checks, message trails and delays).
    package internal(set) var deliveries: [LinkDeliveryRecord] = []

    var interactive = InteractiveMessages()
    var lanes = TransferLanes()
    /// The arrival time of the last interactive message from each side, which the next one from
    /// that side may not precede (FIFO per direction; forgotten at a drop-out).
    var lastInteractiveArrival = (watch: SimTime.zero, phone: SimTime.zero)
    var nextID: MessageID = 1
    /// Incremented at each drop-out; transmissions from an earlier epoch are void.
    var epoch = 0
    var latencyRNG: SplitMix64
    var duplicateRNG: SplitMix64

    /// Sub-stream labels. New fault sources take new labels.
    enum StreamLabel {
        static let latency: UInt64 = 1
        static let duplicates: UInt64 = 2
    }

    /// A link in the configuration's initial state, its fault streams drawn from `rng` (one draw).
    package init(configuration: LinkConfiguration, rng: inout SplitMix64) {
        self.configuration = configuration
        connection = LinkConnection(activation: configuration.initialActivation)
        complicationBudget = ComplicationTransferBudget(
            placement: configuration.complicationPlacement, dailyLimit: configuration.complicationTransfersPerDay,
            firstReset: configuration.complicationBudgetFirstReset)
        (latencyRNG, duplicateRNG) = Self.streams(&rng)
    }

    /// Draws this link's fault streams from `rng` instead (which advances by one draw): on a link
    /// that has not run, what ``init(configuration:rng:)`` makes with `rng`.
    package mutating func reseed(_ rng: inout SplitMix64) {
        (latencyRNG, duplicateRNG) = Self.streams(&rng)
    }

    /// Reserves room for `count` first deliveries (a check-off each): their records in
    /// ``deliveries``.
    package mutating func reserveCapacity(deliveries count: Int) {
        guard count > 0 else { return }
        deliveries.reserveCapacity(count)
    }

    /// The counters of `channel` with the delays of the first deliveries recorded on it.
    ///
    /// - Complexity: O(*n*) for *n* deliveries.
    package func statistics(_ channel: LinkChannel) -> ChannelStatistics {
        ChannelStatistics(counters[channel], deliveries: deliveries.lazy.filter { $0.channel == channel })
    }

    /// The latency and duplicate sub-streams of `rng`, split by label; `rng` advances by one draw.
    private static func streams(_ rng: inout SplitMix64) -> (latency: SplitMix64, duplicates: SplitMix64) {
        var latency = rng
        var duplicates = rng
        _ = rng.next()
        return (latency.split(label: StreamLabel.latency), duplicates.split(label: StreamLabel.duplicates))
    }

    /// Handles one event and hands each effect it produces to `emit` (which owns it), in order, as
    /// soon as it is decided: the link's one entry point.
    ///
    /// `moment` is the time, how each app runs as its owner says, and whether the driver keeps a
    /// trace (the link copies none of them); with the trace off no trace effect is produced.
    ///
    /// - Complexity: O(1) amortized for most events (O(log *n*) to find a queued transfer); a
    ///   drop-out or an app stop is O(*n*) in the messages outstanding.
    package mutating func reduce(_ event: LinkEvent, at moment: LinkMoment, emit: LinkEffectSink) {
        switch event {
        case .request(let request): handle(request, at: moment, into: emit)
        case .environment(let change): handle(change, at: moment, into: emit)
        case .timer(let timer): handle(timer, at: moment, into: emit)
        }
    }

    /// `outstandingUserInfoTransfers` of `side`: its userInfo and complication transfers not yet
    /// received by the counterpart app, oldest first.
    package func outstandingTransfers(from side: LinkSide) -> [QueuedTransfer] {
        Array(lanes[side == .watch ? .watchUserInfo : .phoneUserInfo].entries)
    }

    /// A new message, with the next send-order ID.
    mutating func makeMessage(_ channel: LinkChannel, from side: LinkSide, _ payload: LinkPayload, at now: SimTime)
        -> LinkMessage
    {
        defer { nextID += 1 }
        return LinkMessage(id: nextID, channel: channel, route: LinkRoute(from: side), payload: payload, sentAt: now)
    }

    /// One hop's delay, drawn from the latency stream.
    mutating func latency() -> SimDuration {
        configuration.faults.latency.sample(using: &latencyRNG)
    }

    /// Whether this delivery is repeated, and after what delay (both drawn from the duplicate
    /// stream, so duplicates never shift the latency of other messages).
    mutating func duplicateDelay() -> SimDuration? {
        let p = configuration.faults.duplicateProbability
        guard p > 0, duplicateRNG.bernoulli(p) else { return nil }
        return configuration.faults.latency.sample(using: &duplicateRNG)
    }

    /// Keeps the record (no payload) of the first delivery of `message` at `now`: what counts
    /// it, and its delay, in ``statistics(_:)``.
    mutating func recordFirstDelivery(_ message: borrowing LinkMessage, at now: SimTime) {
        deliveries.append(
            LinkDeliveryRecord(
                id: message.id, channel: message.channel, route: message.route, sentAt: message.sentAt, at: now))
    }

    /// Hands the trace event for `message` to `emit`: its id, channel, route, payload and
    /// item, then `extra`; with the trace off nothing, and `extra` is not evaluated.
    ///
    /// The trace keeps every field list for the whole run: it is allocated at its exact size.
    func trace(
        _ kind: TraceKind, _ message: LinkMessage, at moment: LinkMoment,
        _ extra: @autoclosure () -> [(key: String, value: TraceValue)] = [],
        into emit: LinkEffectSink
    ) {
        guard case .recorded = moment.trace else { return }
        let extra = extra()
        let item = message.payload.listOperation?.item
        var fields: [(key: String, value: TraceValue)] = []
        fields.reserveCapacity(4 + (item == nil ? 0 : 1) + extra.count)
        fields.append(("id", .int(Int64(message.id))))
        fields.append(("channel", .string(message.channel.name)))
        fields.append(("route", .string(message.route.name)))
        fields.append(("payload", .string(message.payload.summary)))
        if let item { fields.append(("item", .string(item))) }
        fields.append(contentsOf: extra)
        emit(.trace(TraceEvent(time: moment.now, kind: kind, fieldList: fields)))
    }

    /// Hands over a trace event without a message, built only when the trace is kept.
    func trace(
        _ kind: TraceKind, at moment: LinkMoment, _ fields: @autoclosure () -> KeyValuePairs<String, TraceValue>,
        into emit: LinkEffectSink
    ) {
        guard case .recorded = moment.trace else { return }
        emit(.trace(TraceEvent(time: moment.now, kind: kind, fields: fields())))
    }

    /// Records for its maximum how many messages on `channel` are in flight or queued now (read
    /// from the table or lanes holding them, not through the whole link, which a read of `self`
    /// would copy while a counter is being changed).
    mutating func observeDepth(_ channel: LinkChannel) {
        let depth = channel == .interactive ? interactive.count : lanes.count(of: channel)
        counters[channel].observeDepth(depth)
    }
}

extension WatchLink: StorageAdopting {
    /// Keeps this link in `old`'s storage (``StorageAdopting``).
    package mutating func adoptStorage(of old: inout WatchLink) {
        deliveries.adoptStorage(of: &old.deliveries)
        interactive.adoptStorage(of: &old.interactive)
        lanes.adoptStorage(of: &old.lanes)
    }
}
