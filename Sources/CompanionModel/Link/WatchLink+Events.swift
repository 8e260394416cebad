import SimulationKernel

extension WatchLink {
    /// An app's API call. A send or transfer on a session that is not activated is refused
    /// (``refuse(_:_:from:_:at:into:)``) before any channel rule applies.
    mutating func handle(_ request: LinkRequest, at moment: LinkMoment, into emit: LinkEffectSink) {
        if let error = connection.activation.sendRefusal, let (payload, channel, side) = request.sent {
            return refuse(payload, channel, from: side, error, at: moment, into: emit)
        }
        switch request {
        case .sendMessage(let payload, let side):
            sendMessage(payload, from: side, at: moment, into: emit)
        case .transferUserInfo(let payload, let side):
            let message = makeMessage(.userInfo, from: side, payload, at: moment.now)
            enqueue(message, lane: side == .watch ? .watchUserInfo : .phoneUserInfo, at: moment, into: emit)
        case .updateApplicationContext(let payload, let side):
            let message = makeMessage(.applicationContext, from: side, payload, at: moment.now)
            enqueue(message, lane: side == .watch ? .watchContext : .phoneContext, at: moment, into: emit)
        case .transferCurrentComplicationUserInfo(let payload):
            transferComplication(payload, at: moment, into: emit)
        case .cancelTransfer(let id):
            cancelTransfer(id, at: moment, into: emit)
        }
    }

    /// A send before activation ("a programmer error", PLATFORM.md §2.1): the message is made and
    /// failed at once with `error` (``SessionActivation/sendRefusal``), traced `link.failed`; not
    /// queued, nothing scheduled, no complication budget spent.
    mutating func refuse(
        _ payload: LinkPayload, _ channel: LinkChannel, from side: LinkSide, _ error: LinkError, at moment: LinkMoment,
        into emit: LinkEffectSink
    ) {
        let message = makeMessage(channel, from: side, payload, at: moment.now)
        counters[channel].sent += 1
        fail(message, error, at: moment, reason: "session \(connection.activation.name)", into: emit)
    }

    /// A timer the link scheduled.
    mutating func handle(_ timer: LinkTimer, at moment: LinkMoment, into emit: LinkEffectSink) {
        switch timer {
        case .messageArrival(let id): messageArrived(id, at: moment, into: emit)
        case .replyArrival(let id): replyArrived(id, at: moment, into: emit)
        case .replyTimeout(let id): replyTimedOut(id, at: moment, into: emit)
        case .transferArrival(let lane, let id, let epoch):
            transferArrived(lane, id, epoch: epoch, at: moment, into: emit)
        case .duplicateArrival(let message): duplicateArrived(message, at: moment, into: emit)
        }
    }

    /// A change of the environment: range, complication placement, session; an app lifecycle
    /// change, handed to the app's owner; an app that started or stopped, as its owner says.
    mutating func handle(
        _ change: LinkEnvironmentChange, at moment: LinkMoment, into emit: LinkEffectSink
    ) {
        switch change {
        case .phoneOutOfRange: changeRange(.leave, at: moment, into: emit)
        case .phoneInRange: changeRange(.enter, at: moment, into: emit)
        case .app(let side, let event): emit(.changeApp(side, event, cause: change.name))
        case .appStarted(let side): deliverArrived(to: side, at: moment, into: emit)
        case .appStopped(let side): interactiveAppStopped(side, at: moment, into: emit)
        case .complicationPlacement(let placement):
            guard complicationBudget.placement != placement else { return }
            complicationBudget.placement = placement
            trace(
                .linkComplicationFace, at: moment,
                [
                    "placement": .string(placement.rawValue),
                    "remaining": .int(Int64(complicationBudget.remaining(at: moment.now))),
                ], into: emit)
        case .session(let event):
            changeSession(event, at: moment, into: emit)
        }
    }

    mutating func changeRange(_ event: RadioRange.Event, at moment: LinkMoment, into emit: LinkEffectSink) {
        switch connection.range.reduce(event, at: moment.now) {
        case .linkDown:
            trace(.linkRange, at: moment, ["state": "outOfRange"], into: emit)
            epoch += 1
            lastInteractiveArrival = (.zero, .zero)
            requeueInFlight()
            failAllInteractive(.notReachable, at: moment, reason: "outOfRange", into: emit)
        case .linkUp(let outage):
            trace(.linkRange, at: moment, ["state": "inRange", "outage": .duration(outage)], into: emit)
            transmitAll(at: moment, into: emit)
        case nil:
            break
        }
    }

    mutating func changeSession(
        _ event: SessionActivation.Event, at moment: LinkMoment, into emit: LinkEffectSink
    ) {
        let transition = connection.activation.reduce(event)
        trace(.linkSession, at: moment, ["state": .string(connection.activation.name)], into: emit)
        switch transition {
        case .cancelInteractiveMessages:
            failAllInteractive(
                .sessionInactive, at: moment, reason: "session \(connection.activation.name)", into: emit)
        case .resumeTransfers:
            transmitAll(at: moment, into: emit)
        case nil:
            break
        }
    }
}
