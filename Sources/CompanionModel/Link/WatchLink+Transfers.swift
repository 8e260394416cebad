import SimulationKernel

extension WatchLink {
    /// Queues a userInfo transfer or an application context (which replaces the pending one).
    ///
    /// - Complexity: O(*n*) in the lane's length (transmission of waiting entries).
    mutating func enqueue(_ payload: LinkPayload, channel: LinkChannel, from side: LinkSide, at now: SimTime)
        -> [LinkTransportEffect]
    {
        let message = makeMessage(channel, from: side, payload, at: now)
        return enqueue(message, lane: TransferLane.lane(for: channel, from: side), at: now)
    }

    /// Queues `message` in `lane`. A complication transfer (the phone's userInfo lane carries it)
    /// becomes the lane's one current complication transfer, untagging the one before it
    /// (``untagCurrentComplication(in:by:at:)``).
    ///
    /// - Complexity: O(*n*) in the lane's length (transmission of waiting entries).
    mutating func enqueue(_ message: LinkMessage, lane: TransferLane, at now: SimTime) -> [LinkTransportEffect] {
        statistics[message.channel].sent += 1
        var effects = [trace(.linkQueued, message, at: now)]
        let limit = configuration.payloadLimit(for: message.channel)
        if message.payload.byteCount > limit {
            return effects
                + fail(message, .payloadTooLarge, at: now, reason: "\(message.payload.byteCount)B > \(limit)B")
        }
        // Taken out of the dictionary while it changes, so its entries are not copied.
        var queue = lanes.removeValue(forKey: lane) ?? TransferQueue()
        if lane.channel == .applicationContext {
            for old in queue.entries {
                effects.append(trace(.linkSuperseded, old.message, at: now, [("by", .int(Int64(message.id)))]))
            }
            queue.removeAll()
        }
        let isCurrent = message.channel == .complication
        if isCurrent { effects += untagCurrentComplication(in: &queue, by: message, at: now) }
        queue.append(QueuedTransfer(message: message, state: .waiting, attempts: 0), asCurrentComplication: isCurrent)
        lanes[lane] = queue
        observeDepth(message.channel)
        if isCurrent { observeDepth(.userInfo) }
        return effects + transmit(lane, at: now)
    }

    /// `transferCurrentComplicationUserInfo`: uses the daily budget, or falls back to userInfo.
    /// Either way the transfer joins the phone's one queue of outstanding userInfo transfers
    /// ("There can only be one current complication user info in the outstandingUserInfoTransfers
    /// queue"), so it is delivered in send order with them; a budgeted one is tagged current.
    ///
    /// - Complexity: O(*n*) in the phone's outstanding userInfo transfers.
    mutating func transferComplication(_ payload: LinkPayload, at now: SimTime) -> [LinkTransportEffect] {
        if complicationBudget.spend(at: now) {
            let message = makeMessage(.complication, from: .phone, payload, at: now)
            let left = complicationBudget.remaining(at: now)
            return [trace(.linkBudget, message, at: now, [("remaining", .int(Int64(left)))])]
                + enqueue(message, lane: .phoneUserInfo, at: now)
        }
        statistics[.complication].fellBack += 1
        let message = makeMessage(.userInfo, from: .phone, payload, at: now)
        let reason = complicationBudget.placement.allowsTransfers ? "budgetExhausted" : "notOnActiveFace"
        return [
            trace(
                .linkBudgetFallback, message, at: now,
                [
                    ("remaining", .int(0)), ("reason", .string(reason)),
                    ("resetsIn", .duration(complicationBudget.nextReset(after: now) - now)),
                ])
        ] + enqueue(message, lane: .phoneUserInfo, at: now)
    }

    /// WCSession.h: "If a current complication user info is outstanding … and
    /// -transferCurrentComplicationUserInfo: is called again with new user info, the new user info
    /// will be tagged as current and the previously current user info will be untagged. The
    /// previous user info will however stay in the queue of outstanding transfers." The untagged
    /// transfer becomes an ordinary userInfo transfer where it is: its place in send order, its
    /// state (waiting, on the air, or arrived) and its budget are kept; it no longer wakes the
    /// watch app. Traced `link.untagged` and counted as a complication `fellBack`.
    ///
    /// - Complexity: O(log *n*) in the queue's length.
    mutating func untagCurrentComplication(in queue: inout TransferQueue, by newer: LinkMessage, at now: SimTime)
        -> [LinkTransportEffect]
    {
        guard let untagged = queue.untagCurrentComplication() else { return [] }
        statistics[.complication].fellBack += 1
        return [
            trace(
                .linkUntagged, untagged.message, at: now,
                [("by", .int(Int64(newer.id))), ("state", .string(untagged.state.name))])
        ]
    }

    /// Transmits every waiting entry of `lane` if the session and the radio allow it. Arrivals
    /// are kept in queue order.
    ///
    /// Waiting entries are always the queue's tail (entries arrive in queue order, so the queue
    /// reads arrived, then on the air, then waiting; a drop-out turns every one on the air back
    /// into waiting), so only the tail is visited.
    ///
    /// - Complexity: O(*w*) for *w* waiting entries.
    mutating func transmit(_ lane: TransferLane, at now: SimTime) -> [LinkTransportEffect] {
        guard activation.canSend, range.isInRange, lanes[lane] != nil, var queue = lanes.removeValue(forKey: lane)
        else { return [] }
        var effects: [LinkTransportEffect] = []
        var start = queue.entries.endIndex
        while start > queue.entries.startIndex, queue[start - 1].state.isWaiting { start -= 1 }
        for index in start..<queue.entries.endIndex {
            queue[index].attempts += 1
            queue[index].state = .inFlight(epoch: epoch)
            let message = queue[index].message
            let arrival = max(now + latency(), queue.lastArrival)
            queue.lastArrival = arrival
            if queue[index].attempts > 1 {
                statistics[message.channel].retried += 1
                effects.append(
                    trace(.linkRetry, message, at: now, [("attempt", .int(Int64(queue[index].attempts)))]))
            }
            effects.append(.schedule(.transferArrival(lane, message.id, epoch: epoch), at: arrival))
        }
        lanes[lane] = queue
        return effects
    }

    /// Transmits every lane (after the link came back or the session activated).
    mutating func transmitAll(at now: SimTime) -> [LinkTransportEffect] {
        TransferLane.allCases.flatMap { transmit($0, at: now) }
    }

    /// A transfer reaches the receiving device (unless it was voided by a drop-out, superseded,
    /// or cancelled meanwhile). A complication transfer wakes the watch app.
    mutating func transferArrived(_ lane: TransferLane, _ id: MessageID, epoch: Int, at now: SimTime)
        -> [LinkTransportEffect]
    {
        guard let index = lanes[lane]?.index(of: id), lanes[lane]?[index].state == .inFlight(epoch: epoch)
        else { return [] }
        lanes[lane]?[index].state = .arrived
        guard let message = lanes[lane]?[index].message else { return [] }
        var effects = [trace(.linkArrived, message, at: now)]
        if let delay = duplicateDelay() {
            effects.append(.schedule(.duplicateArrival(message), at: now + delay))
        }
        if message.channel == .complication, !watchApp.isRunning {
            // The system launches the watch app into the background; its owner decides and tells
            // the link (``LinkEnvironmentChange/watchAppRunState(_:)``), which then delivers.
            return effects + [.wakeApp(.watch)]
        }
        return effects + deliverArrived(lane, at: now)
    }

    /// Hands arrived transfers at the head of `lane` to the receiving app if it runs, in order.
    ///
    /// - Complexity: O(*n*) in the lane's length (the delivered head is removed at once).
    mutating func deliverArrived(_ lane: TransferLane, at now: SimTime) -> [LinkTransportEffect] {
        guard app(lane.route.to).isRunning, lanes[lane]?.entries.first?.state.hasArrived == true,
            var queue = lanes.removeValue(forKey: lane)
        else { return [] }
        var effects: [LinkTransportEffect] = []
        let delivered = queue.removeArrivedHead()
        for entry in delivered {
            let message = entry.message
            recordFirstDelivery(message, at: now)
            effects.append(trace(.linkDelivered, message, at: now, [("delay", .duration(now - message.sentAt))]))
            effects.append(.deliver(message, duplicate: false))
            effects.append(.outcome(message, .transferFinished))
        }
        lanes[lane] = queue
        return effects
    }

    /// Delivers whatever waits for `side`'s app (it just started).
    mutating func deliverArrived(to side: LinkSide, at now: SimTime) -> [LinkTransportEffect] {
        TransferLane.allCases.filter { $0.route.to == side }.flatMap { deliverArrived($0, at: now) }
    }

    /// Voids every transmission on the air: those transfers wait again and will be retried.
    mutating func requeueInFlight() {
        for lane in TransferLane.allCases {
            guard var queue = lanes.removeValue(forKey: lane) else { continue }
            for index in queue.entries.indices {
                if case .inFlight = queue[index].state { queue[index].state = .waiting }
            }
            queue.lastArrival = .zero
            lanes[lane] = queue
        }
    }

    /// `WCSessionUserInfoTransfer.cancel()`: removes an outstanding transfer not yet received by
    /// the counterpart app. Unknown or finished transfers: nothing happens.
    mutating func cancelTransfer(_ id: MessageID, at now: SimTime) -> [LinkTransportEffect] {
        for lane in TransferLane.allCases {
            guard let index = lanes[lane]?.index(of: id), let entry = lanes[lane]?.removeEntry(at: index) else {
                continue
            }
            statistics[entry.message.channel].failed += 1
            return [trace(.linkCancelled, entry.message, at: now), .outcome(entry.message, .cancelled)]
        }
        return []
    }
}
