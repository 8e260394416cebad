import SimulationKernel

extension PipelineEngine {
    /// The outcome of tap `tap`, reported as the `index`-th tap, once every step of it has ended
    /// (else `nil`).
    ///
    /// - Precondition: the engine keeps runs (``keepsRuns``).
    /// - Complexity: O(*s*) for *s* steps.
    func outcome(tap: Int, index: Int, frames: FrameClock) -> TapOutcome? {
        precondition(keepsRuns, "PipelineEngine.outcome(tap:index:frames:): this engine keeps no runs")
        let times = taps[tap]
        let base = tap * stepCount
        let steps = records.runs[base..<base + stepCount].compactMap { $0 }
        guard steps.count == stepCount, let handlerStarted = times.handlerStart,
            let handlerFinished = times.handlerEnd, let removalCommitted = times.removalCommit
        else { return nil }
        return TapOutcome(
            index: index, tap: times.tap, handlerStarted: handlerStarted, handlerFinished: handlerFinished,
            removalCommitted: removalCommitted, rowGone: frames.firstBoundary(atOrAfter: removalCommitted),
            steps: steps, checkOffCommitted: roles.tableModelStep.map { steps[$0].end } ?? removalCommitted,
            messageStepIndex: roles.messageStep, complicationStepIndex: roles.complicationStep)
    }
}
