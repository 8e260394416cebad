import CompanionModel
import SimulationKernel

extension WatchFeature {
    /// Runs the pipeline session up to now, acts on its effects, and asks the loop to wake it
    /// when it next has something to do.
    mutating func wakePipeline(_ context: WorldContext) -> [WorldEffect] {
        var effects = app.session.advance(to: context.now).flatMap { performPipeline($0, context) }
        if let next = app.session.nextEventTime(), app.scheduledWake != next {
            app.scheduledWake = next
            effects.append(.schedule(.watch(.pipelineWake), at: next))
        }
        return effects
    }

    /// One pipeline effect, at its time (now):
    /// - `updateTableModel` ends → the check-off is committed on the watch's list (a toggle decided now);
    /// - `sendMessageToPhone` starts → the operation goes to the app's sync courier (deferred to the
    ///   commit if it comes first); a synchronous send leaves when its CPU work ends and its queue
    ///   stays blocked until the link's outcome;
    /// - `updateComplication` ends → the app asks the complication to reload;
    /// - the removal commits → the row is gone at the next frame (and, without `updateTableModel`,
    ///   the check-off commits here).
    private mutating func performPipeline(_ effect: PipelineEffect, _ context: WorldContext) -> [WorldEffect] {
        let now = context.now
        switch effect {
        case .handlerStarted(let tap, _):
            app.taps[tap].handlerStarted = now
            return []
        case .stepStarted(let tap, let step, _):
            // A synchronous send leaves once its CPU work is done (`awaitingOutcome`).
            guard app.session.step(step).kind == .sendMessageToPhone,
                !app.session.synchronousSendSteps.contains(step)
            else { return [] }
            return sendStep(tap: tap, context)
        case .awaitingOutcome(let tap, _, _):
            return sendStep(tap: tap, context)
        case .stepEnded(let tap, let step, _):
            switch app.session.step(step).kind {
            case .updateTableModel: return commitCheckOff(tap: tap, context)
            case .updateComplication:
                return [.send(.complication(.reload(.app, app: ComplicationAppState(appLifecycle))))]
            default: return []
            }
        case .removalCommitted(let tap, _):
            var effects: [WorldEffect] = []
            if !app.session.pipeline.steps.contains(where: { $0.kind == .updateTableModel }) {
                effects = commitCheckOff(tap: tap, context)
            }
            let frame = app.session.frames.firstBoundary(atOrAfter: now)
            effects.append(.schedule(.watch(.rowGone(tap: tap, latency: frame - app.taps[tap].time)), at: frame))
            return effects
        }
    }

    mutating func rowGone(tap: Int, latency: SimDuration, _ context: WorldContext) -> [WorldEffect] {
        app.latencies.append(latency)
        guard case .recorded = context.trace else { return [] }
        let record = app.taps[tap]
        return [
            .trace(
                .pipelineRowGone, at: context.now,
                [
                    "tap": .int(Int64(tap)), "item": .string(record.item),
                    "latencyMs": LatencyFormat.milliseconds(latency),
                    "queuedMs": LatencyFormat.milliseconds((record.handlerStarted ?? record.time) - record.time),
                ])
        ]
    }

    /// The send step reached the point where the message leaves: send the tap's committed
    /// operation, or send as soon as it commits.
    private mutating func sendStep(tap: Int, _ context: WorldContext) -> [WorldEffect] {
        switch app.taps[tap].checkOff {
        case .awaitingCommit:
            app.taps[tap].checkOff = .awaitingCommitThenSend
            return []
        case .awaitingCommitThenSend: return []
        case .committed(let operation): return send(operation, tap: tap, context)
        }
    }

    private mutating func commitCheckOff(tap: Int, _ context: WorldContext) -> [WorldEffect] {
        let item = app.taps[tap].item
        let kind: CheckOffKind = list.state(of: item)?.isRemaining ?? true ? .check : .uncheck
        let (operation, effects) = applyOnWatch(kind, item, context)
        var all = effects
        let sendNow: Bool
        if case .awaitingCommitThenSend = app.taps[tap].checkOff { sendNow = true } else { sendNow = false }
        app.taps[tap].checkOff = .committed(operation)
        if sendNow { all += send(operation, tap: tap, context) }
        return all
    }

    /// The send step hands the operation to the app's sender. A synchronous send (a send step
    /// with a reply wait, as in the naive pipeline) then blocks its queue until the outcome
    /// (``releaseHeldSend(_:_:)``); with nothing to send, it returns at once.
    private mutating func send(_ operation: ListOperation?, tap: Int, _ context: WorldContext) -> [WorldEffect] {
        let isSynchronous = !app.session.synchronousSendSteps.isEmpty
        guard let operation else {
            if isSynchronous { app.session.releaseSend(tap: tap, at: context.now) }
            return []
        }
        if isSynchronous { app.heldSends[operation] = tap }
        guard case .recorded = context.trace else { return [.send(.watch(.commit(operation)))] }
        return [
            .trace(.pipelineSend, at: context.now, ["tap": .int(Int64(tap)), "item": .string(operation.item)]),
            .send(.watch(.commit(operation))),
        ]
    }

    /// The outcome of a synchronous send came (the reply, an error, or no interactive send at
    /// all): the blocked queue runs on from now.
    mutating func releaseHeldSend(_ operation: ListOperation, _ context: WorldContext) -> [WorldEffect] {
        guard let tap = app.heldSends.removeValue(forKey: operation) else { return [] }
        app.session.releaseSend(tap: tap, at: context.now)
        return wakePipeline(context)
    }

    /// Every blocked send returns (the app stopped: its handlers are gone).
    mutating func releaseAllHeldSends(_ context: WorldContext) -> [WorldEffect] {
        guard !app.heldSends.isEmpty else { return [] }
        for tap in app.heldSends.values.sorted() { app.session.releaseSend(tap: tap, at: context.now) }
        app.heldSends = [:]
        return wakePipeline(context)
    }

    /// Applies a check-off made on the watch to its replica (and so to the shown list) and
    /// returns the operation, sent later by the pipeline's send step; `nil` when the replica
    /// refused it (the item was removed on the phone meanwhile). The complication hears of it.
    mutating func applyOnWatch(_ kind: CheckOffKind, _ item: ItemID, _ context: WorldContext)
        -> (ListOperation?, [WorldEffect])
    {
        let effects = sync.reduce(.edit(item, kind == .check ? .check : .uncheck, reachability: nil), at: context.now)
        var operation: ListOperation?
        for case .made(let made) in effects { operation = made }
        return (operation, syncEffects(effects, context))
    }

    /// The trace of a change of the watch's list (when the trace is kept) and the complication's
    /// notice of it.
    func listChanged(item: ItemID, action: String, _ context: WorldContext) -> [WorldEffect] {
        let notice: WorldEffect = .send(.complication(.listChanged(list)))
        guard case .recorded = context.trace else { return [notice] }
        return [
            .trace(
                .watchListChanged, at: context.now,
                [
                    "item": .string(item), "action": .string(action),
                    "remaining": .int(Int64(list.remainingCount)), "next": .string(list.nextItem?.id ?? "-"),
                ]),
            notice,
        ]
    }
}
