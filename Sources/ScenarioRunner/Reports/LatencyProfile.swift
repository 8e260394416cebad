import CompanionModel
import SimulationKernel

/// One scenario run seen through its check-off pipeline: what `wristsim latency` reports.
package struct LatencyProfile: Sendable {
    /// The run's outcome (expectations, summary).
    package var outcome: ScenarioOutcome
    /// Every tap that reached the list, through the pipeline, in tap order.
    package var run: PipelineRun
    /// The item of each tap, by tap index.
    package var items: [ItemID]
    /// The next-item report of each wrist raise or app launch.
    package var visibility: [(time: SimTime, visibility: NextItemVisibility)]

    /// Runs `scenario` (with `seed` overriding its seed) and collects the profile.
    ///
    /// - Parameter trace: ``TraceMode/recorded`` (the default) keeps the run's trace in
    ///   ``outcome``, for pictures drawn from it (the HTML report's link lane);
    ///   ``TraceMode/off`` for `wristsim latency`, which prints nothing from it.
    /// - Complexity: the simulation's, plus O(*t* log *t*) for *t* taps.
    package static func run(_ scenario: Scenario, seed: UInt64? = nil, trace: TraceMode = .recorded) -> LatencyProfile {
        var simulation = ScenarioSimulation(scenario: scenario, seed: seed, trace: trace)
        let outcome = simulation.run()
        return LatencyProfile(
            outcome: outcome, run: simulation.watch.app.session.run(through: simulation.now),
            items: simulation.watch.tappedItems, visibility: simulation.watch.app.visibilityReports)
    }

    /// `scenario` with its pipeline replaced by the preset `name` (other `"pipeline"` settings kept).
    ///
    /// - Throws: a ``ScenarioError`` naming the presets for an unknown preset
    ///   (``PipelineSettings/preset(named:quote:else:)``), ``WatchModelError`` for an unknown watch.
    package static func overriding(_ scenario: Scenario, pipeline name: String?, watch: String?) throws -> Scenario {
        var scenario = scenario
        if let name {
            var settings = scenario.sections.pipeline ?? .defaults
            settings.pipeline = try PipelineSettings.preset(named: name) {
                ScenarioError(file: scenario.file, message: $0)
            }
            scenario.sections.pipeline = settings
        }
        if let watch {
            _ = try WatchModel.named(watch)
            scenario.watch = watch
        }
        return scenario
    }

    /// The scenario as run (after `--watch` / `--pipeline` overrides).
    package var scenario: Scenario { outcome.scenario }

    /// The model the run used.
    package var watch: WatchModel { run.watch }
}
