import SimulationKernel

extension ScenarioSimulation {
    /// The run's failure when its loop stopped at the scenario's event limit: located by file
    /// and simulated time, naming the limit and how to raise it. Empty when the run finished.
    ///
    /// - Complexity: O(1).
    func eventLimitFailures() -> [InvariantFailure] {
        guard let exceeded = loop.status.exceeded else { return [] }
        let error = ScenarioError(
            file: scenario.file,
            message: "\(exceeded.description) (\(scenario.start.adding(exceeded.time.offset).iso8601)); "
                + "expected fewer events before the end (\(scenario.end)) — "
                + "raise \"eventLimit\" (at most \(ScenarioLimits.maximumEventLimit)) if the run is meant to be this long"
        )
        return [InvariantFailure(.eventLimit, error.description)]
    }
}
