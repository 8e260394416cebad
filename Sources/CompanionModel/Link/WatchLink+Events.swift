import SimulationKernel

extension WatchLink {
    /// An app's API call. A send or transfer on a session that is not activated is refused
    /// (``refuse(_:_:at:into:)``) before any channel rule applies.
    mutating func handle(_ request: LinkRequest, at now: SimTime, apps: LinkApps, into emit: LinkEffectSink) {
        if let error = activation.sendRefusal, let (payload, channel, side) = request.sent {
            return refuse(payload, channel, from: side, error, at: now, into: emit)
        }
        switch request {
        case .sendMessage(let payload, let side):
            sendMessage(payload, from: side, at: now, apps: apps, into: emit)
        case .transferUserInfo(let payload, let side):
            enqueue(payload, channel: .userInfo, from: side, at: now, into: emit)
        case .updateApplicationContext(let payload, let side):
            enqueue(payload, channel: .applicationContext, from: side, at: now, into: emit)
        case .transferCurrentComplicationUserInfo(let payload):
            transferComplication(payload, at: now, into: emit)
        case .cancelTransfer(let id):
            cancelTransfer(id, at: now, into: emit)
        }
    }

    /// Activation is a precondition of sending (issue #38 item 3; PLATFORM.md §2.1: "sending is
    /// a programmer error" before activation): the message is made and failed at once with the
    /// system's error (`error`: 7004 or 7016, ``SessionActivation/sendRefusal``), traced
    /// `link.failed`; it is not queued, nothing is scheduled, and a complication transfer spends
    /// no budget.
    ///
    /// - Complexity: O(1).
    mutating func refuse(
        _ payload: LinkPayload, _ channel: LinkChannel, from side: LinkSide, _ error: LinkError, at now: SimTime,
        into emit: LinkEffectSink
    ) {
        let message = makeMessage(channel, from: side, payload, at: now)
        statistics[channel].sent += 1
        fail(message, error, at: now, reason: "session \(activationName)", into: emit)
    }

    /// A timer the link scheduled.
    mutating func handle(_ timer: LinkTimer, at now: SimTime, apps: LinkApps, into emit: LinkEffectSink) {
        switch timer {
        case .messageArrival(let id): messageArrived(id, at: now, apps: apps, into: emit)
        case .replyArrival(let id): replyArrived(id, at: now, into: emit)
        case .replyTimeout(let id): replyTimedOut(id, at: now, into: emit)
        case .transferArrival(let lane, let id, let epoch):
            transferArrived(lane, id, epoch: epoch, at: now, apps: apps, into: emit)
        case .duplicateArrival(let message): duplicateArrived(message, at: now, apps: apps, into: emit)
        }
    }

    /// A change of the environment: range, complication placement, session; an app lifecycle
    /// change, handed to the app's owner; an app that started or stopped, as its owner says.
    mutating func handle(
        _ change: LinkEnvironmentChange, at now: SimTime, apps: LinkApps, into emit: LinkEffectSink
    ) {
        switch change {
        case .phoneOutOfRange: changeRange(.leave, at: now, into: emit)
        case .phoneInRange: changeRange(.enter, at: now, into: emit)
        case .killPhoneApp: emit(.changeApp(.phone, .terminate, cause: change.name))
        case .launchPhoneApp: emit(.changeApp(.phone, .launch, cause: change.name))
        case .wakePhoneApp: emit(.changeApp(.phone, .wakeInBackground, cause: change.name))
        case .phoneAppToBackground: emit(.changeApp(.phone, .moveToBackground, cause: change.name))
        case .terminateWatchApp: emit(.changeApp(.watch, .terminate, cause: change.name))
        case .relaunchWatchApp: emit(.changeApp(.watch, .launch, cause: change.name))
        case .watchAppToBackground: emit(.changeApp(.watch, .moveToBackground, cause: change.name))
        case .wakeWatchApp: emit(.changeApp(.watch, .wakeInBackground, cause: change.name))
        case .appStarted(let side): deliverArrived(to: side, at: now, apps: apps, into: emit)
        case .appStopped(let side): interactiveAppStopped(side, at: now, into: emit)
        case .complicationPlacement(let placement):
            guard complicationBudget.placement != placement else { return }
            complicationBudget.placement = placement
            trace(
                .linkComplicationFace, at: now,
                [
                    "placement": .string(placement.name),
                    "remaining": .int(Int64(complicationBudget.remaining(at: now))),
                ], into: emit)
        case .session(let event):
            changeSession(event, at: now, into: emit)
        }
    }

    mutating func changeRange(_ event: RadioRange.Event, at now: SimTime, into emit: LinkEffectSink) {
        for effect in range.reduce(event, at: now) {
            switch effect {
            case .linkDown:
                trace(.linkRange, at: now, ["state": "outOfRange"], into: emit)
                epoch += 1
                lastInteractiveArrival = PerSide(watch: nil, phone: nil)
                requeueInFlight()
                failAllInteractive(.notReachable, at: now, reason: "outOfRange", into: emit)
            case .linkUp(let outage):
                trace(.linkRange, at: now, ["state": "inRange", "outage": .duration(outage)], into: emit)
                transmitAll(at: now, into: emit)
            }
        }
    }

    mutating func changeSession(
        _ event: SessionActivation.Event, at now: SimTime, into emit: LinkEffectSink
    ) {
        let transitions = activation.reduce(event)
        trace(.linkSession, at: now, ["state": .string(activationName)], into: emit)
        for transition in transitions {
            switch transition {
            case .cancelInteractiveMessages:
                failAllInteractive(.sessionInactive, at: now, reason: "session \(activationName)", into: emit)
            case .resumeTransfers:
                transmitAll(at: now, into: emit)
            }
        }
    }

    var activationName: String {
        switch activation {
        case .notActivated: return "notActivated"
        case .inactive: return "inactive"
        case .activated: return "activated"
        }
    }
}
