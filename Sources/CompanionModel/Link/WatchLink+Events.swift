import SimulationKernel

extension WatchLink {
    /// An app's API call.
    mutating func handle(_ request: LinkRequest, at now: SimTime) -> [LinkTransportEffect] {
        switch request {
        case .sendMessage(let payload, let side):
            return sendMessage(payload, from: side, at: now)
        case .transferUserInfo(let payload, let side):
            return enqueue(payload, channel: .userInfo, from: side, at: now)
        case .updateApplicationContext(let payload, let side):
            return enqueue(payload, channel: .applicationContext, from: side, at: now)
        case .transferCurrentComplicationUserInfo(let payload):
            return transferComplication(payload, at: now)
        case .cancelTransfer(let id):
            return cancelTransfer(id, at: now)
        }
    }

    /// A timer the link scheduled.
    mutating func handle(_ timer: LinkTimer, at now: SimTime) -> [LinkTransportEffect] {
        switch timer {
        case .messageArrival(let id): return messageArrived(id, at: now)
        case .replyArrival(let id): return replyArrived(id, at: now)
        case .replyTimeout(let id): return replyTimedOut(id, at: now)
        case .transferArrival(let lane, let id, let epoch): return transferArrived(lane, id, epoch: epoch, at: now)
        case .duplicateArrival(let message): return duplicateArrived(message, at: now)
        }
    }

    /// A change of the environment: range, apps, complication placement, session.
    mutating func handle(_ change: LinkEnvironmentChange, at now: SimTime) -> [LinkTransportEffect] {
        switch change {
        case .phoneOutOfRange: return changeRange(.leave, at: now)
        case .phoneInRange: return changeRange(.enter, at: now)
        case .killPhoneApp: return changeApp(.phone, .terminate, at: now, cause: change.name)
        case .launchPhoneApp: return changeApp(.phone, .launch, at: now, cause: change.name)
        case .wakePhoneApp: return changeApp(.phone, .wakeInBackground, at: now, cause: change.name)
        case .phoneAppToBackground: return changeApp(.phone, .moveToBackground, at: now, cause: change.name)
        case .terminateWatchApp: return changeApp(.watch, .terminate, at: now, cause: change.name)
        case .relaunchWatchApp: return changeApp(.watch, .launch, at: now, cause: change.name)
        case .watchAppToBackground: return changeApp(.watch, .moveToBackground, at: now, cause: change.name)
        case .wakeWatchApp: return changeApp(.watch, .wakeInBackground, at: now, cause: change.name)
        case .watchAppRunState(let state): return setApp(.watch, to: state, at: now)
        case .phoneAppRunState(let state): return setApp(.phone, to: state, at: now)
        case .complicationPlacement(let placement):
            guard complicationBudget.placement != placement else { return [] }
            complicationBudget.placement = placement
            return [
                .trace(
                    TraceEvent(
                        time: now, kind: .linkComplicationFace,
                        fields: [
                            "placement": .string(placement.name),
                            "remaining": .int(Int64(complicationBudget.remaining(at: now))),
                        ]))
            ]
        case .session(let event):
            return changeSession(event, at: now)
        }
    }

    mutating func changeRange(_ event: RadioRange.Event, at now: SimTime) -> [LinkTransportEffect] {
        var effects: [LinkTransportEffect] = []
        for effect in range.reduce(event, at: now) {
            switch effect {
            case .linkDown:
                effects.append(.trace(TraceEvent(time: now, kind: .linkRange, fields: ["state": "outOfRange"])))
                epoch += 1
                lastInteractiveArrival = [:]
                requeueInFlight()
                effects += failAllInteractive(.notReachable, at: now, reason: "outOfRange")
            case .linkUp(let outage):
                effects.append(
                    .trace(
                        TraceEvent(
                            time: now, kind: .linkRange,
                            fields: [
                                "state": "inRange", "outage": .duration(outage),
                            ])))
                effects += transmitAll(at: now)
            }
        }
        return effects
    }

    mutating func changeApp(_ side: LinkSide, _ event: AppRunState.Event, at now: SimTime, cause: String)
        -> [LinkTransportEffect]
    {
        var state = app(side)
        let transitions = state.reduce(event)
        let changed = state != app(side)
        setApp(side, state)
        var effects: [LinkTransportEffect] = []
        if changed {
            effects.append(
                .trace(
                    TraceEvent(
                        time: now, kind: .app(side),
                        fields: [
                            "state": .string(state.name), "cause": .string(cause),
                        ])))
        }
        for transition in transitions {
            switch transition {
            case .started: effects += deliverArrived(to: side, at: now)
            case .stopped: effects += interactiveAppStopped(side, at: now)
            }
        }
        return effects
    }

    /// Takes the owner's word for how `side`'s app runs (no trace: the owner traces its own
    /// lifecycle): delivers what waits for an app that started, orphans the handlers of one that
    /// stopped.
    mutating func setApp(_ side: LinkSide, to state: AppRunState, at now: SimTime) -> [LinkTransportEffect] {
        let wasRunning = app(side).isRunning
        setApp(side, state)
        if !wasRunning, state.isRunning { return deliverArrived(to: side, at: now) }
        if wasRunning, !state.isRunning { return interactiveAppStopped(side, at: now) }
        return []
    }

    mutating func changeSession(_ event: SessionActivation.Event, at now: SimTime) -> [LinkTransportEffect] {
        let transitions = activation.reduce(event)
        var effects: [LinkTransportEffect] = [
            .trace(TraceEvent(time: now, kind: .linkSession, fields: ["state": .string(activationName)]))
        ]
        for transition in transitions {
            switch transition {
            case .cancelInteractiveMessages:
                effects += failAllInteractive(.sessionInactive, at: now, reason: "session \(activationName)")
            case .resumeTransfers:
                effects += transmitAll(at: now)
            }
        }
        return effects
    }

    var activationName: String {
        switch activation {
        case .notActivated: return "notActivated"
        case .inactive: return "inactive"
        case .activated: return "activated"
        }
    }
}
