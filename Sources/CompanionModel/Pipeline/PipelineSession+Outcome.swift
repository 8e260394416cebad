import SimulationKernel

extension PipelineSession {
    /// Every tap finished by `time` (not before the last time the session was given), as a run
    /// (unfinished taps are left out); `.distantFuture` for every tap of a batch whose steps
    /// await no outcome.
    ///
    /// A step whose end no wake is asked for (``nextEventTime``: the background thread going
    /// idle on a watch with a core per queue) has ended at its own time whether or not the
    /// driver woke the session since: the run is worked out on a copy moved on to `time`, and
    /// the session is left as it is.
    ///
    /// - Precondition: the session keeps its runs (``keepsRuns``).
    /// - Complexity: O(*t* × *s*) for *t* taps of *s* steps, plus the steps due by `time`.
    package func run(through time: SimTime) -> PipelineRun {
        precondition(keepsRuns, "PipelineSession.run(through:): this session keeps no runs (keepsRuns: false)")
        var session = self
        _ = session.wake(at: time)
        let outcomes = (0..<session.tapCount).compactMap { session.outcome(tap: $0) }
        return PipelineRun(pipeline: prepared.pipeline, watch: prepared.watch, taps: outcomes)
    }

    /// The outcome of tap `tap` once every step of it has ended (else `nil`).
    ///
    /// - Precondition: the session keeps runs (``keepsRuns``).
    /// - Complexity: O(*s*) for *s* steps.
    private func outcome(tap: Int) -> TapOutcome? {
        let times = taps[tap]
        let stepCount = prepared.stepCount
        let base = tap * stepCount
        let steps = records.runs[base..<base + stepCount].compactMap { $0 }
        guard steps.count == stepCount, let handlerStarted = times.handlerStart,
            let handlerFinished = times.handlerEnd, let removalCommitted = times.removalCommit
        else { return nil }
        return TapOutcome(
            index: tap, tap: times.tap, handlerStarted: handlerStarted, handlerFinished: handlerFinished,
            removalCommitted: removalCommitted, rowGone: FrameClock.firstBoundary(atOrAfter: removalCommitted),
            steps: steps,
            messageStepIndex: prepared.pipeline.steps.firstIndex { $0.kind == .sendMessageToPhone })
    }
}
