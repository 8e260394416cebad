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
}
