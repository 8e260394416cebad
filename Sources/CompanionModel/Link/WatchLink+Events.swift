import SimulationKernel

extension WatchLink {
    /// An app's API call.
    mutating func handle(_ request: LinkRequest, at now: SimTime, into emit: LinkEffectSink) {
        switch request {
        case .sendMessage(let payload, let side):
            sendMessage(payload, from: side, at: now, into: emit)
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

    /// A timer the link scheduled.
    mutating func handle(_ timer: LinkTimer, at now: SimTime, into emit: LinkEffectSink) {
        switch timer {
        case .messageArrival(let id): messageArrived(id, at: now, into: emit)
        case .replyArrival(let id): replyArrived(id, at: now, into: emit)
        case .replyTimeout(let id): replyTimedOut(id, at: now, into: emit)
        case .transferArrival(let lane, let id, let epoch):
            transferArrived(lane, id, epoch: epoch, at: now, into: emit)
        case .duplicateArrival(let message): duplicateArrived(message, at: now, into: emit)
        }
    }

    /// A change of the environment: range, apps, complication placement, session.
    mutating func handle(_ change: LinkEnvironmentChange, at now: SimTime, into emit: LinkEffectSink) {
        switch change {
        case .phoneOutOfRange: changeRange(.leave, at: now, into: emit)
        case .phoneInRange: changeRange(.enter, at: now, into: emit)
        case .killPhoneApp: changeApp(.phone, .terminate, at: now, cause: change.name, into: emit)
        case .launchPhoneApp: changeApp(.phone, .launch, at: now, cause: change.name, into: emit)
        case .wakePhoneApp: changeApp(.phone, .wakeInBackground, at: now, cause: change.name, into: emit)
        case .phoneAppToBackground: changeApp(.phone, .moveToBackground, at: now, cause: change.name, into: emit)
        case .terminateWatchApp: changeApp(.watch, .terminate, at: now, cause: change.name, into: emit)
        case .relaunchWatchApp: changeApp(.watch, .launch, at: now, cause: change.name, into: emit)
        case .watchAppToBackground: changeApp(.watch, .moveToBackground, at: now, cause: change.name, into: emit)
        case .wakeWatchApp: changeApp(.watch, .wakeInBackground, at: now, cause: change.name, into: emit)
        case .watchAppRunState(let state): setApp(.watch, to: state, at: now, into: emit)
        case .phoneAppRunState(let state): setApp(.phone, to: state, at: now, into: emit)
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

    mutating func changeApp(
        _ side: LinkSide, _ event: AppRunState.Event, at now: SimTime, cause: String,
        into emit: LinkEffectSink
    ) {
        var state = app(side)
        let transitions = state.reduce(event)
        let changed = state != app(side)
        setApp(side, state)
        if changed {
            trace(.app(side), at: now, ["state": .string(state.name), "cause": .string(cause)], into: emit)
        }
        for transition in transitions {
            switch transition {
            case .started: deliverArrived(to: side, at: now, into: emit)
            case .stopped: interactiveAppStopped(side, at: now, into: emit)
            }
        }
    }

    /// Takes the owner's word for how `side`'s app runs (no trace: the owner traces its own
    /// lifecycle): delivers what waits for an app that started, orphans the handlers of one that
    /// stopped.
    mutating func setApp(
        _ side: LinkSide, to state: AppRunState, at now: SimTime, into emit: LinkEffectSink
    ) {
        let wasRunning = app(side).isRunning
        setApp(side, state)
        if !wasRunning, state.isRunning { return deliverArrived(to: side, at: now, into: emit) }
        if wasRunning, !state.isRunning { return interactiveAppStopped(side, at: now, into: emit) }
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
