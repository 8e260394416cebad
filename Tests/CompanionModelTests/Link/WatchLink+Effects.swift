import CompanionModel
import SimulationKernel

extension WatchLink {
    /// The effects of `event` at `now` in an array: the link's one entry point
    /// (``reduce(_:at:emit:)``), for tests that look at one event's effects.
    mutating func reduce(_ event: LinkEvent, at now: SimTime) -> [LinkTransportEffect] {
        var effects: [LinkTransportEffect] = []
        reduce(event, at: now) { effects.append($0) }
        return effects
    }
}
