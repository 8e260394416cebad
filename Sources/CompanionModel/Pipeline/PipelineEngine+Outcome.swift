import SimulationKernel

extension PipelineEngine {
    /// The outcome of tap `tap` as recorded so far (complete once ``isFinished(tap:)``).
    ///
    /// - Complexity: O(*s*) for *s* steps.
    func outcome(tap: Int, index: Int, frames: FrameClock) -> TapOutcome {
        let base = tap * stepCount
        let runs = Array(endedRuns[base..<base + stepCount])
        let times = taps[tap]
        return TapOutcome(
            index: index, tap: times.tap, handlerStarted: times.handlerStart, handlerFinished: times.handlerEnd,
            removalCommitted: times.removalCommit, rowGone: frames.firstBoundary(atOrAfter: times.removalCommit),
            steps: runs, checkOffCommitted: roles.tableModelStep.map { runs[$0].end } ?? times.removalCommit,
            messageStepIndex: roles.messageStep, complicationStepIndex: roles.complicationStep)
    }
}
