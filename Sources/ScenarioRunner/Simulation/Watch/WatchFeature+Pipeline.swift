import CompanionModel
import SimulationKernel

extension WatchFeature {
    /// Runs the pipeline session up to now, acts on its effects (``actOnPipeline(ready:_:into:)``),
    /// and asks the loop to wake it when it next has something to do.
    ///
    /// - Complexity: O(events the session handles); O(1) per effect besides what it sets off.
    mutating func wakePipeline(_ context: WorldContext, into effects: inout WorldEffects) {
        actOnPipeline(ready: app.session.wake(at: context.now), context, into: &effects)
    }

    /// Acts on the `ready` effects the session holds (what its wake or a tap returned, a tap
    /// being a wake at its time), then asks the loop to wake the session at its
    /// ``PipelineSession/nextEventTime``. The effects are only those of the steps whose role the
    /// watch acts on (``PipelineEffectSelection/actedOn``), taken one by one from the session's
    /// own buffer; those that acting on them sets off (a synchronous send released at once) are
    /// left in the session for the next wake.
    ///
    /// - Complexity: O(1) per effect besides what it sets off.
    mutating func actOnPipeline(ready: Int, _ context: WorldContext, into effects: inout WorldEffects) {
        var due = ready
        while due > 0, let effect = app.session.takeEffect() {
            due -= 1
            performPipeline(effect, context, into: &effects)
        }
        if let next = app.session.nextEventTime, app.scheduledWake != next {
            app.scheduledWake = next
            effects.append(.schedule(.watch(.pipelineWake), at: next))
        }
    }

    /// One pipeline effect, at its time (now), by the role of its step (``PipelineStepRoles``):
    /// - `updateTableModel` ends → the check-off is committed on the watch's list (a toggle decided now);
    /// - `sendMessageToPhone` starts → the operation goes to the app's sync courier (deferred to the
    ///   commit if it comes first); a synchronous send leaves when its CPU work ends and its queue
    ///   stays blocked until the link's outcome (the session records no other step's start:
    ///   ``PipelineEffectSelection/actedOn``);
    /// - `updateComplication` ends → the app asks the complication to reload;
    /// - the removal commits → the row is gone at the next frame (and, without `updateTableModel`,
    ///   the check-off commits here); the tap's handler start comes with it.
    ///
    /// - Complexity: O(1) besides what the commit or the send sets off.
    private mutating func performPipeline(
        _ effect: PipelineEffect, _ context: WorldContext, into effects: inout WorldEffects
    ) {
        let now = context.now
        switch effect {
        case .stepStarted(let tap, _, _), .awaitingOutcome(let tap, _, _):
            sendStep(tap: tap, context, into: &effects)
        case .stepEnded(let tap, let step, _):
            switch app.session.roles.byStep[step] {
            case .commitsCheckOff: commitCheckOff(tap: tap, context, into: &effects)
            case .updatesComplication:
                // Recorded only when a complication listens (``WatchAppState/init(scenario:seed:expectedTaps:)``).
                effects.append(.send(.complication(.reload(.app, app: appLifecycle.runState))))
            case .sendsMessage, .none: break
            }
        case .removalCommitted(let tap, _, let handlerStarted):
            app.taps[tap].handlerStarted = handlerStarted
            if app.session.roles.commitsAtRemoval { commitCheckOff(tap: tap, context, into: &effects) }
            let frame = FrameClock.firstBoundary(atOrAfter: now)
            effects.append(.schedule(.watch(.rowGone(tap: tap, latency: frame - app.taps[tap].time)), at: frame))
        }
    }

    mutating func rowGone(tap: Int, latency: SimDuration, _ context: WorldContext, into effects: inout WorldEffects) {
        app.latencies.append(latency)
        guard case .recorded = context.trace else { return }
        let record = app.taps[tap]
        effects.append(
            .trace(
                .pipelineRowGone, at: context.now,
                [
                    "tap": .int(Int64(tap) + 1), "item": .string(layout.catalog.name(of: record.key)),
                    "latencyMs": LatencyFormat.milliseconds(latency),
                    "queuedMs": LatencyFormat.milliseconds((record.handlerStarted ?? record.time) - record.time),
                ]))
    }

    /// The send step reached the point where the message leaves: send the tap's committed
    /// operation, or send as soon as it commits.
    private mutating func sendStep(tap: Int, _ context: WorldContext, into effects: inout WorldEffects) {
        switch app.taps[tap].checkOff {
        case .awaitingCommit: app.taps[tap].checkOff = .awaitingCommitThenSend
        case .awaitingCommitThenSend, .handedOver: break
        case .committed: send(tap: tap, context, into: &effects)
        }
    }

    /// Tap `tap`'s check-off commits now: the toggle is decided and committed on the watch's
    /// list, and sent at once if the send step started before (else the send step sends it).
    ///
    /// - Complexity: O(1) besides what the commit and the send set off.
    private mutating func commitCheckOff(tap: Int, _ context: WorldContext, into effects: inout WorldEffects) {
        let sequence = commitToggle(of: app.taps[tap].key, context, into: &effects)
        // Usually the send step has not started: the record keeps the number for it.
        let sendsNow = if case .awaitingCommitThenSend = app.taps[tap].checkOff { true } else { false }
        app.taps[tap].checkOff = .committed(sequence: sequence)
        if sendsNow { send(tap: tap, context, into: &effects) }
    }

    /// The send step hands tap `tap`'s committed operation to the app's sender. A synchronous
    /// send (a send step with a reply wait, as in the naive pipeline) then blocks its queue
    /// until the outcome (``releaseHeldSend(sequence:_:into:)``); with nothing to send, it returns
    /// at once.
    ///
    /// The operation's number stays in the tap's record (``sendCheckOff(tap:_:into:)`` reads it
    /// there); the trace names the tapped item.
    private mutating func send(tap: Int, _ context: WorldContext, into effects: inout WorldEffects) {
        let isSynchronous = app.session.roles.synchronousSend != nil
        guard case .committed(let sequence?) = app.taps[tap].checkOff else {
            if isSynchronous { app.session.releaseSend(tap: tap, at: context.now) }
            return
        }
        if isSynchronous { app.heldSends[sequence] = tap }
        if case .recorded = context.trace {
            let item = layout.catalog.name(of: app.taps[tap].key)
            effects.append(
                .trace(.pipelineSend, at: context.now, ["tap": .int(Int64(tap) + 1), "item": .string(item)]))
        }
        effects.append(.send(.watch(.sendCheckOff(tap: tap))))
    }

    /// Hands tap `tap`'s committed operation to the app's sync courier
    /// (``commit(sequence:_:into:)``): the event the send step sent. A tap's record keeps its
    /// operation's number once committed, so it is read here rather than carried in the event,
    /// and handed over once (nothing reads it after: ``PendingCheckOff/handedOver``).
    ///
    /// - Complexity: O(1) besides what the courier does.
    mutating func sendCheckOff(tap: Int, _ context: WorldContext, into effects: inout WorldEffects) {
        guard let sequence = app.taps[tap].checkOff.handOver() else { return }
        commit(sequence: sequence, context, into: &effects)
    }

    /// The outcome of a synchronous send came (the reply, an error, or no interactive send at
    /// all) for the watch operation numbered `sequence`: the blocked queue runs on from now.
    mutating func releaseHeldSend(sequence: Int, _ context: WorldContext, into effects: inout WorldEffects) {
        guard !app.heldSends.isEmpty, let tap = app.heldSends.removeValue(forKey: sequence) else { return }
        app.session.releaseSend(tap: tap, at: context.now)
        wakePipeline(context, into: &effects)
    }

    /// Every blocked send returns (the app stopped: its handlers are gone).
    mutating func releaseAllHeldSends(_ context: WorldContext, into effects: inout WorldEffects) {
        guard !app.heldSends.isEmpty else { return }
        for tap in app.heldSends.values.sorted() { app.session.releaseSend(tap: tap, at: context.now) }
        app.heldSends = [:]
        wakePipeline(context, into: &effects)
    }
}
