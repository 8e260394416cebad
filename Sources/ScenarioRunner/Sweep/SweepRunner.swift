import CompanionModel
import SimulationKernel

/// Runs the runs of a ``SweepPlan``: decodes the scenario once, derives each cell's variant
/// once, and then only simulates.
///
/// ```swift
/// let runner = try SweepRunner(plan: plan, root: try JSONParser.parse(bytes, file: path))
/// let result = runner.run(plan.shard(2, of: 7))   // a partial result covering shard 3 of 7
/// ```
public struct SweepRunner: Sendable {
    /// The plan.
    public let plan: SweepPlan
    /// The scenario of each cell, in the plan's cell order.
    public var scenarios: [Scenario] { prepared.map(\.scenario) }
    /// The scenario of each cell prepared for its runs (``PreparedScenario``), in the plan's
    /// cell order.
    public let prepared: [PreparedScenario]

    /// Prepares every cell of `plan` from the scenario's parsed JSON.
    ///
    /// - Throws: ``SweepError/scenario(_:)`` when the scenario, or a cell's variant after its
    ///   `--set` values, is invalid (the message names the setting); ``SweepError/usage(_:)`` when
    ///   a `--set` path runs into a non-object.
    public init(plan: SweepPlan, root: JSONNode) throws(SweepError) {
        self.plan = plan
        var scenarios: [Scenario] = []
        var decoded: [String: Scenario] = [:]
        for cell in plan.cells {
            var tree = root
            var label = ""
            for assignment in cell.assignments {
                tree = try SweepSetting.assigning(assignment.value, at: assignment.key, in: tree)
                label += "--set \(assignment.key)=\(assignment.value) "
            }
            var scenario: Scenario
            if let known = decoded[label] {
                scenario = known
            } else {
                do {
                    scenario = try ScenarioDecoder.decode(root: tree, file: plan.file)
                } catch {
                    guard !label.isEmpty else { throw .scenario(error) }
                    var located = error
                    located.location = nil
                    located.message = "with \(label.dropLast()): \(error.message)"
                    throw .scenario(located)
                }
                decoded[label] = scenario
            }
            scenario.watch = cell.watch
            if let preset = cell.pipeline {
                var settings = scenario.sections.pipeline ?? .defaults
                do {
                    settings.pipeline = try CheckOffPipeline.preset(named: preset)
                } catch {
                    throw .usage(error.description)
                }
                scenario.sections.pipeline = settings
            }
            scenarios.append(scenario)
        }
        prepared = scenarios.map(PreparedScenario.init)
    }

    /// Runs `runs` (run numbers of the plan) and returns their statistics as a partial result.
    ///
    /// - Complexity: the simulations of the runs, plus O(cells) for the result.
    public func run(_ runs: Range<UInt64>) -> SweepResult {
        var cells = Array(repeating: SweepCellStatistics(), count: plan.cellCount)
        let bounded = min(runs.lowerBound, plan.runCount)..<min(runs.upperBound, plan.runCount)
        // One world runs every run, started again for each
        // (``ScenarioSimulation/restart(prepared:seed:trace:)``): it keeps its buffers' room.
        var world: ScenarioSimulation?
        for run in bounded {
            let (cell, seed) = plan.locate(run: run)
            if world == nil {
                world = ScenarioSimulation(prepared: prepared[cell], seed: seed, trace: .off)
            } else {
                world!.restart(prepared: prepared[cell], seed: seed, trace: .off)
            }
            cells[cell].add(SweepRunner.observe(&world!))
        }
        return SweepResult(plan: plan, covered: RunCoverage(bounded), cells: cells)
    }

    /// One run of cell `cell` with `seed`: the world at the scenario's end is read once, then
    /// settled in place for the verdict (no copy of it).
    public func observe(cell: Int, seed: UInt64) -> SweepObservation {
        var simulation = ScenarioSimulation(prepared: prepared[cell], seed: seed, trace: .off)
        return SweepRunner.observe(&simulation)
    }

    /// Runs `simulation`, a world about to start, and observes it (``observe(cell:seed:)``).
    static func observe(_ simulation: inout ScenarioSimulation) -> SweepObservation {
        var monitor = NoRunMonitor()
        let (verdict, end) = simulation.runForVerdict(monitor: &monitor, observingEnd: SweepObservation.EndOfRun.init)
        return SweepObservation(end: end, verdict: verdict)
    }
}
