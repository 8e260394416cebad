import SimulationKernel

extension PipelineEngine {
    /// The outcome of tap `tap` as recorded so far (complete once ``isFinished(tap:)``).
    ///
    /// - Complexity: O(*s*) for *s* steps.
    func outcome(tap: Int, index: Int, pipeline: CheckOffPipeline, frames: FrameClock) -> TapOutcome {
        let base = tap * stepCount
        var runs: [StepRun] = []
        runs.reserveCapacity(stepCount)
        for step in 0..<stepCount {
            runs.append(StepRun(start: stepStart[base + step], end: stepEnd[base + step], cpu: stepCPU[base + step]))
        }
        let committed = removalCommit[tap]
        let modelIndex = pipeline.steps.firstIndex { $0.kind == .updateTableModel }
        return TapOutcome(
            index: index, tap: tapTimes[tap], handlerStarted: handlerStart[tap], handlerFinished: handlerEnd[tap],
            removalCommitted: committed, rowGone: frames.firstBoundary(atOrAfter: committed), steps: runs,
            checkOffCommitted: modelIndex.map { runs[$0].end } ?? committed,
            messageStepIndex: pipeline.steps.firstIndex { $0.kind == .sendMessageToPhone },
            complicationStepIndex: pipeline.steps.firstIndex { $0.kind == .updateComplication })
    }
}
