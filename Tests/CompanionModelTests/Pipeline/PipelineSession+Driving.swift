import SimulationKernel

@testable import CompanionModel

extension PipelineSession {
    /// Wakes the session at `time` (``wake(at:)``) and takes every effect it has not handed over
    /// yet, in time order: a driver that acts on a whole wake at once.
    mutating func wakeTakingAll(at time: SimTime) -> [PipelineEffect] {
        _ = wake(at: time)
        var effects: [PipelineEffect] = []
        while let effect = takeEffect() { effects.append(effect) }
        return effects
    }

    /// The run of `taps` (in time order) through a new session of `pipeline` on `watch` that
    /// records no effects, once every tap has ended: a batch driven through the session's inputs.
    static func run(
        _ pipeline: CheckOffPipeline, on watch: WatchModel, sharing: CPUSharing = .processorSharing,
        jitter: PipelineJitter = .exact, jitterSeed: UInt64 = 0, taps: [SimTime]
    ) -> PipelineRun {
        var session = PipelineSession(
            pipeline: pipeline, watch: watch, sharing: sharing, jitter: jitter, jitterSeed: jitterSeed,
            effects: .nothing, expectedTaps: taps.count)
        for time in taps { _ = session.tap(at: time) }
        return session.run(through: .distantFuture)
    }
}

extension PipelineEffect {
    /// When it happened (what every case carries as `at`).
    var time: SimTime {
        switch self {
        case .stepStarted(_, _, let time), .awaitingOutcome(_, _, let time), .stepEnded(_, _, let time),
            .removalCommitted(_, let time, _):
            time
        }
    }
}

extension PipelineRun {
    /// When tap `tap`'s complication update was requested: the end of its `updateComplication`
    /// step (`nil`: the pipeline has none).
    func complicationUpdateRequested(_ tap: Int) -> SimTime? {
        pipeline.steps.firstIndex { $0.kind == .updateComplication }.map { taps[tap].steps[$0].end }
    }
}
