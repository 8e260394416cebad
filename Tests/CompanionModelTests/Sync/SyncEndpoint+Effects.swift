import CompanionModel
import SimulationKernel

extension SyncEndpoint {
    /// The effects of `event` at `now` in a fresh array: the endpoint's one entry point
    /// (``reduce(_:at:trace:into:)``), for tests that look at one event's effects.
    mutating func reduce(_ event: Event, at now: SimTime) -> [Effect] {
        var effects: [Effect] = []
        reduce(event, at: now, into: &effects)
        return effects
    }
}
