import SimulationKernel

extension WatchLink {
    /// `sendMessage` from `side`: refused at once if too large or unreachable, otherwise put on
    /// the air (FIFO per direction) with a reply timeout.
    mutating func sendMessage(
        _ payload: LinkPayload, from side: LinkSide, at moment: LinkMoment, into emit: LinkEffectSink
    ) {
        let message = makeMessage(.interactive, from: side, payload, at: moment.now)
        counters[.interactive].sent += 1
        trace(.linkSend, message, at: moment, into: emit)
        if payload.byteCount > configuration.messagePayloadLimit {
            let reason = "\(payload.byteCount)B > \(configuration.messagePayloadLimit)B"
            return fail(message, .payloadTooLarge, at: moment, reason: reason, into: emit)
        }
        if case .unreachable(let reason) = connection.reachability(from: side, apps: moment.apps) {
            return fail(message, .notReachable, at: moment, reason: reason.name, into: emit)
        }
        let earliest = side == .watch ? lastInteractiveArrival.watch : lastInteractiveArrival.phone
        let arrival = max(moment.now + latency(), earliest)
        if side == .watch { lastInteractiveArrival.watch = arrival } else { lastInteractiveArrival.phone = arrival }
        let id = message.id
        interactive.insert(InteractiveMessage(message: consume message, state: .inFlight), id: id)
        observeDepth(.interactive)
        emit(.timer(.scheduleInteractive(id, arrival: arrival, replyTimeout: moment.now + configuration.replyTimeout)))
    }

    /// An interactive message reaches the receiving device. A watch message wakes the phone app
    /// (``LinkTransportEffect/changeApp(_:_:cause:)`` before it delivers); a phone message finds
    /// the watch app stopped and fails. The message is moved, not copied, when nobody waits.
    mutating func messageArrived(_ id: MessageID, at moment: LinkMoment, into emit: LinkEffectSink) {
        guard let (state, route) = interactive.stateAndRoute(of: id) else { return }
        let receiver = route.to
        let wakesReceiver = receiver == .phone && !moment.apps.phone.isRunning && connection.range.isInRange
        guard wakesReceiver || moment.apps[receiver].isRunning, connection.range.isInRange else {
            guard let message = interactive.take(id)?.message else { return }
            if !state.senderIsWaiting { return trace(.linkLost, message, at: moment, into: emit) }
            emit(.timer(.cancelReplyTimeout(id)))
            return fail(
                message, .notReachable, at: moment, reason: "receiver \(moment.apps[receiver].name)", into: emit)
        }
        if wakesReceiver { emit(.changeApp(.phone, .wakeInBackground, cause: "watchMessage")) }
        // Nobody waits for an outcome: the message leaves the table now, moved, not copied.
        guard let message = interactive.deliver(id) else { return }
        recordFirstDelivery(message, at: moment.now)
        trace(.linkDelivered, message, at: moment, [("delay", .duration(moment.now - message.sentAt))], into: emit)
        // Drawn before the delivery is handed over (no other draw comes between), so that
        // without a duplicate the message is moved into the delivery.
        if let delay = duplicateDelay() {
            emit(.deliver(message, duplicate: false))
            emit(.timer(.schedule(.duplicateArrival(consume message), at: moment.now + delay)))
        } else {
            emit(.deliver(consume message, duplicate: false))
        }
        guard state.senderIsWaiting else { return }
        emit(.timer(.schedule(.replyArrival(id), at: moment.now + latency())))
    }

    /// The reply reaches the sender: its reply handler runs (the message moved into the outcome).
    mutating func replyArrived(_ id: MessageID, at moment: LinkMoment, into emit: LinkEffectSink) {
        guard let message = interactive.take(id, if: { $0 == .awaitingReply })?.message else { return }
        emit(.timer(.cancelReplyTimeout(id)))
        trace(.linkReplied, message, at: moment, into: emit)
        emit(.outcome(consume message, .replied))
    }

    /// The reply timeout: if the sender still waits, its error handler runs with 7012 (a message
    /// that ends otherwise cancels its timeout: ``LinkTimerEffect/cancelReplyTimeout(_:)``).
    mutating func replyTimedOut(_ id: MessageID, at moment: LinkMoment, into emit: LinkEffectSink) {
        guard let record = interactive.take(id, if: \.senderIsWaiting) else { return }
        fail(
            record.message, .messageReplyTimedOut, at: moment, reason: "no reply in \(configuration.replyTimeout)",
            into: emit)
    }

    /// A second copy of a delivered message reaches the receiving device.
    mutating func duplicateArrived(
        _ message: LinkMessage, at moment: LinkMoment, into emit: LinkEffectSink
    ) {
        let receiver = message.route.to
        guard moment.apps[receiver].isRunning else {
            return trace(
                .linkDuplicateDropped, message, at: moment, [("reason", .string("receiver notRunning"))], into: emit)
        }
        counters[message.channel].duplicates += 1
        trace(.linkDuplicate, message, at: moment, into: emit)
        emit(.deliver(message, duplicate: true))
    }

    /// Fails every interactive message whose sender still waits (drop-out, session inactive).
    mutating func failAllInteractive(
        _ error: LinkError, at moment: LinkMoment, reason: String, into emit: LinkEffectSink
    ) {
        for id in interactive.ids {
            guard let record = interactive.take(id) else { continue }
            if record.state.senderIsWaiting {
                emit(.timer(.cancelReplyTimeout(id)))
                fail(record.message, error, at: moment, reason: reason, into: emit)
            } else {
                trace(.linkLost, record.message, at: moment, [("reason", .string(reason))], into: emit)
            }
        }
    }

    /// The app on `side` stopped: its own messages lose their handlers, and messages it had
    /// received will never be answered.
    mutating func interactiveAppStopped(_ side: LinkSide, at moment: LinkMoment, into emit: LinkEffectSink) {
        for id in interactive.ids {
            guard let record = interactive[id] else { continue }
            if record.message.route.from == side {
                switch record.state {
                case .inFlight:
                    interactive.setState(.orphanedInFlight, of: id)
                    emit(.timer(.cancelReplyTimeout(id)))
                    trace(.linkOrphaned, record.message, at: moment, into: emit)
                case .awaitingReply, .replyLost:
                    _ = interactive.take(id)
                    emit(.timer(.cancelReplyTimeout(id)))
                    trace(.linkAbandoned, record.message, at: moment, into: emit)
                case .orphanedInFlight:
                    break
                }
            } else if record.state == .awaitingReply {
                interactive.setState(.replyLost, of: id)
                trace(.linkReplyLost, record.message, at: moment, into: emit)
            }
        }
    }

    /// Fails `message` with `error`: its sender's error handler runs.
    mutating func fail(
        _ message: LinkMessage, _ error: LinkError, at moment: LinkMoment, reason: String,
        into emit: LinkEffectSink
    ) {
        counters[message.channel].failed += 1
        trace(
            .linkFailed, message, at: moment,
            [("code", .int(Int64(error.code))), ("error", .string(error.name)), ("reason", .string(reason))],
            into: emit)
        emit(.outcome(message, .failed(error)))
    }
}
