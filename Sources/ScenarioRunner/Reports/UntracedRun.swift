import SimulationKernel

/// A run for output that prints no trace (`run` without `--trace` or `--svg`, `check`,
/// `timeline`): the simulation runs with its trace off (``TraceMode/off``), and only a run that
/// fails is run once more with the trace recorded, because a broken invariant's message shows
/// the item's trace trail. Either way the outcome prints exactly as a recorded run's would: the
/// verdict does not depend on the trace (same scenario and seed, same run). A run stopped at its
/// event limit is the exception: it is not run again, and its messages have no trails.
package struct UntracedRun {
    /// The simulation at the end of the run.
    package var simulation: ScenarioSimulation
    /// What the run produced; its trace is empty when the run passed.
    package var outcome: ScenarioOutcome

    /// Runs `scenario` (with `seed` overriding its seed).
    ///
    /// - Complexity: that of ``ScenarioSimulation/run()`` without building or keeping trace events
    ///   when the run passes; twice that when it fails.
    package init(_ scenario: Scenario, seed: UInt64? = nil) {
        var simulation = ScenarioSimulation(scenario: scenario, seed: seed, trace: .off)
        var outcome = simulation.run()
        // A run stopped at its event limit is not run again: recording its every event would
        // cost memory the limit was set to bound, and a run that never reached its end has no
        // trail worth showing (docs/limits.md).
        if !outcome.passed, !outcome.invariantFailures.contains(where: { $0.invariant == .eventLimit }) {
            simulation = ScenarioSimulation(scenario: scenario, seed: seed, trace: .recorded)
            outcome = simulation.run()
        }
        self.simulation = simulation
        self.outcome = outcome
    }
}
