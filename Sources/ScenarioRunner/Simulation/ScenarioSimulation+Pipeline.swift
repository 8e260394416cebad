import CompanionModel
import SimulationKernel

extension ScenarioSimulation {
    /// Runs the pipeline session up to now, acts on its effects, and asks the loop to wake it
    /// when it next has something to do.
    mutating func wakePipeline() {
        for effect in watchApp.session.advance(to: now) { performPipeline(effect) }
        if let next = watchApp.session.nextEventTime(), watchApp.scheduledWake != next {
            watchApp.scheduledWake = next
            loop.schedule(.watch(.pipelineWake), at: next)
        }
    }

    /// One pipeline effect, at its time (now):
    /// - `updateTableModel` ends → the check-off is committed on the watch (a toggle decided now);
    /// - `sendMessageToPhone` starts → ``sendToPhone(_:)`` (deferred to the commit if it comes first);
    /// - `updateComplication` ends → ``requestComplicationUpdate(source:)``;
    /// - the removal commits → the row is gone at the next frame (and, without `updateTableModel`,
    ///   the check-off commits here).
    mutating func performPipeline(_ effect: PipelineEffect) {
        switch effect {
        case .handlerStarted(let tap, _):
            watchApp.taps[tap].handlerStarted = now
        case .stepStarted(let tap, let step, _):
            guard watchApp.session.step(step).kind == .sendMessageToPhone else { return }
            switch watchApp.taps[tap].checkOff {
            case .awaitingCommit: watchApp.taps[tap].checkOff = .awaitingCommitThenSend
            case .awaitingCommitThenSend: break
            case .committed(let operation): if let operation { send(operation, tap: tap) }
            }
        case .stepEnded(let tap, let step, _):
            switch watchApp.session.step(step).kind {
            case .updateTableModel: commitCheckOff(tap: tap)
            case .updateComplication: requestComplicationUpdate(source: "app")
            default: break
            }
        case .removalCommitted(let tap, _):
            if !watchApp.session.pipeline.steps.contains(where: { $0.kind == .updateTableModel }) {
                commitCheckOff(tap: tap)
            }
            let frame = watchApp.session.frames.firstBoundary(atOrAfter: now)
            loop.schedule(.watch(.rowGone(tap: tap, latency: frame - watchApp.taps[tap].time)), at: frame)
        }
    }

    private mutating func commitCheckOff(tap: Int) {
        let item = watchApp.taps[tap].item
        let kind: CheckOffKind = watchList.state(of: item)?.isRemaining ?? true ? .check : .uncheck
        let operation = applyOnWatch(kind, item)
        if case .awaitingCommitThenSend = watchApp.taps[tap].checkOff, let operation { send(operation, tap: tap) }
        watchApp.taps[tap].checkOff = .committed(operation)
    }

    private mutating func send(_ operation: CheckOffOperation, tap: Int) {
        record("pipeline.send", ["tap": .int(Int64(tap)), "item": .string(operation.item)])
        sendToPhone(operation)
    }
}
