import SimulationKernel

extension WatchLink {
    /// Queues `message` in `lane`: a userInfo transfer, an application context (which replaces
    /// the pending one), or a complication transfer (in the phone's userInfo lane), which becomes
    /// the lane's one current complication transfer (``untagCurrentComplication(in:by:at:into:)``).
    mutating func enqueue(
        _ message: LinkMessage, lane: TransferLane, at moment: LinkMoment, into emit: LinkEffectSink
    ) {
        counters[message.channel].sent += 1
        trace(.linkQueued, message, at: moment, into: emit)
        let limit = configuration.payloadLimit(for: message.channel)
        if message.payload.byteCount > limit {
            return fail(
                message, .payloadTooLarge, at: moment, reason: "\(message.payload.byteCount)B > \(limit)B", into: emit)
        }
        if lane.channel == .applicationContext {
            for old in lanes[lane].entries {
                trace(.linkSuperseded, old.message, at: moment, [("by", .int(Int64(message.id)))], into: emit)
            }
            lanes[lane].removeAll()
        }
        let isCurrent = message.channel == .complication
        if isCurrent { untagCurrentComplication(in: lane, by: message, at: moment, into: emit) }
        lanes[lane].append(
            QueuedTransfer(message: message, state: .waiting, attempts: 0), asCurrentComplication: isCurrent)
        observeDepth(message.channel)
        if isCurrent { observeDepth(.userInfo) }
        transmit(lane, at: moment, into: emit)
    }

    /// `transferCurrentComplicationUserInfo`: uses the daily budget, or falls back to userInfo.
    /// Either way it joins the phone's one queue of outstanding userInfo transfers, delivered in
    /// send order with them; a budgeted one is tagged current.
    mutating func transferComplication(
        _ payload: LinkPayload, at moment: LinkMoment, into emit: LinkEffectSink
    ) {
        if complicationBudget.spend(at: moment.now) {
            let message = makeMessage(.complication, from: .phone, payload, at: moment.now)
            let left = complicationBudget.remaining(at: moment.now)
            trace(.linkBudget, message, at: moment, [("remaining", .int(Int64(left)))], into: emit)
            return enqueue(message, lane: .phoneUserInfo, at: moment, into: emit)
        }
        counters[.complication].fellBack += 1
        let message = makeMessage(.userInfo, from: .phone, payload, at: moment.now)
        let reason = complicationBudget.placement.allowsTransfers ? "budgetExhausted" : "notOnActiveFace"
        trace(
            .linkBudgetFallback, message, at: moment,
            [
                ("remaining", .int(0)), ("reason", .string(reason)),
                ("resetsIn", .duration(complicationBudget.nextReset(after: moment.now) - moment.now)),
            ], into: emit)
        enqueue(message, lane: .phoneUserInfo, at: moment, into: emit)
    }

    /// WCSession.h: a new current complication user info untags the previous one, which "will
    /// however stay in the queue of outstanding transfers": it becomes an ordinary userInfo
    /// transfer where it is (place, state and budget kept) and no longer wakes the watch app.
    /// Traced `link.untagged` and counted as a complication `fellBack`.
    mutating func untagCurrentComplication(
        in lane: TransferLane, by newer: LinkMessage, at moment: LinkMoment, into emit: LinkEffectSink
    ) {
        guard let untagged = lanes[lane].untagCurrentComplication() else { return }
        counters[.complication].fellBack += 1
        trace(
            .linkUntagged, untagged.message, at: moment,
            [("by", .int(Int64(newer.id))), ("state", .string(untagged.state.name))], into: emit)
    }

    /// Transmits every waiting entry of `lane` (the queue's tail, ``TransferQueue/waitingTail``)
    /// if the session and the radio allow it. Arrivals are kept in queue order.
    mutating func transmit(_ lane: TransferLane, at moment: LinkMoment, into emit: LinkEffectSink) {
        guard connection.activation.canSend, connection.range.isInRange else { return }
        for index in lanes[lane].waitingTail {
            let arrival = max(moment.now + latency(), lanes[lane].lastArrival)
            let sent = lanes[lane].transmit(at: index, epoch: epoch, arrival: arrival)
            let message = sent.message
            if sent.attempts > 1 {
                counters[message.channel].retried += 1
                trace(.linkRetry, message, at: moment, [("attempt", .int(Int64(sent.attempts)))], into: emit)
            }
            emit(.timer(.schedule(.transferArrival(lane, message.id, epoch: epoch), at: arrival)))
        }
    }

    /// Transmits every lane (after the link came back or the session activated).
    mutating func transmitAll(at moment: LinkMoment, into emit: LinkEffectSink) {
        for lane in TransferLane.allCases { transmit(lane, at: moment, into: emit) }
    }

    /// A transfer reaches the receiving device (unless it was voided by a drop-out, superseded,
    /// or cancelled meanwhile). A complication transfer wakes the watch app.
    mutating func transferArrived(
        _ lane: TransferLane, _ id: MessageID, epoch: Int, at moment: LinkMoment, into emit: LinkEffectSink
    ) {
        guard let index = lanes[lane].index(of: id), lanes[lane][index].state == .inFlight(epoch: epoch) else { return }
        lanes[lane][index].state = .arrived
        let message = lanes[lane][index].message
        trace(.linkArrived, message, at: moment, into: emit)
        if let delay = duplicateDelay() {
            emit(.timer(.schedule(.duplicateArrival(message), at: moment.now + delay)))
        }
        if message.channel == .complication, !moment.apps.watch.isRunning {
            // The system launches the watch app into the background; its owner decides and tells
            // the link (``LinkEnvironmentChange/appStarted(_:)``), which then delivers.
            return emit(.changeApp(.watch, .wakeInBackground, cause: "complicationTransfer"))
        }
        deliverArrived(lane, at: moment, into: emit)
    }

    /// Hands arrived transfers at the head of `lane` to the receiving app if it runs, in order.
    mutating func deliverArrived(_ lane: TransferLane, at moment: LinkMoment, into emit: LinkEffectSink) {
        guard moment.apps[lane.route.to].isRunning else { return }
        while let entry = lanes[lane].popArrivedHead() {
            let message = entry.message
            recordFirstDelivery(message, at: moment.now)
            trace(.linkDelivered, message, at: moment, [("delay", .duration(moment.now - message.sentAt))], into: emit)
            emit(.deliver(message, duplicate: false))
            emit(.outcome(message, .transferFinished))
        }
    }

    /// Delivers whatever waits for `side`'s app (it just started).
    mutating func deliverArrived(to side: LinkSide, at moment: LinkMoment, into emit: LinkEffectSink) {
        for lane in TransferLane.allCases where lane.route.to == side {
            deliverArrived(lane, at: moment, into: emit)
        }
    }

    /// Voids every transmission on the air: those transfers wait again and will be retried.
    mutating func requeueInFlight() {
        for lane in TransferLane.allCases { lanes[lane].requeueInFlight() }
    }

    /// `WCSessionUserInfoTransfer.cancel()`: removes an outstanding transfer not yet received by
    /// the counterpart app. Unknown or finished transfers: nothing happens.
    mutating func cancelTransfer(_ id: MessageID, at moment: LinkMoment, into emit: LinkEffectSink) {
        for lane in TransferLane.allCases {
            guard let index = lanes[lane].index(of: id) else { continue }
            let entry = lanes[lane].removeEntry(at: index)
            counters[entry.message.channel].failed += 1
            trace(.linkCancelled, entry.message, at: moment, into: emit)
            return emit(.outcome(entry.message, .cancelled))
        }
    }
}
