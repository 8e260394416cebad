import CompanionModel
import SimulationKernel

/// Whether a simulation is running its scenario or being left to finish its link.
enum RunMode: Hashable, Sendable {
    /// Running the scenario: every event is handled.
    case running
    /// Settling (a copy, for the end-of-run check): only link events (and the watch app's lifecycle timers) are handled; other
    /// features' events are not scheduled.
    case settling
}

extension ScenarioSimulation: LinkSettling {
    /// Handles the next link event on the loop, with everything it sets off.
    public mutating func handleNextLinkEvent() -> Bool {
        guard let event = loop.next() else { return false }
        handle(event)
        return true
    }

    /// Applies an environment change to the link now.
    public mutating func applyLinkEnvironment(_ change: LinkEnvironmentChange) {
        handle(.link(.environment(change)))
    }

    /// The world once the link is left to finish from now (``LinkSettling/settle()``): a copy in
    /// which only the link's events (and the watch app's lifecycle timers) are due (the others are dropped, and no new ones are
    /// scheduled); this run is untouched. Its trace holds this run's trace plus what settling added.
    ///
    /// - Complexity: O(*q* log *q*) for the *q* events due now, plus O(*e* log *e*) for those the
    ///   link then produces, plus one copy of the trace.
    public func settled() -> ScenarioSimulation {
        var copy = self
        copy.mode = .settling
        var pending = loop
        var linkOnly = EventLoop<SimEvent>(capacity: 64, limit: loop.limit)
        linkOnly.advance(to: now)
        while let event = pending.next() {
            if event.isSettlingEvent { linkOnly.schedule(event, at: pending.now) }
        }
        copy.loop = linkOnly
        copy.settle()
        return copy
    }
}
