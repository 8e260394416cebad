import CompanionModel
import SimulationKernel

/// Runs the runs of a ``SweepPlan``: parses the scenario once, checks every cell's variant before
/// the first run, and then prepares one cell at a time.
///
/// Memory does not grow with the number of cells beyond their statistics: a cell's scenario is
/// made again when its runs begin (runs are numbered cell-major, so a shard enters each of its
/// cells once) and dropped when they end. A cell's variant is decoded from the scenario's JSON
/// with its `--set` values; cells that differ only in watch or pipeline share one decoding.
///
/// ```swift
/// let runner = try SweepRunner(plan: plan, root: try JSONParser.parse(bytes, file: path))
/// let result = try runner.run(plan.shard(2, of: 7))   // a partial result covering shard 3 of 7
/// ```
package struct SweepRunner: Sendable {
    /// The plan.
    package let plan: SweepPlan
    /// The scenario file's parsed JSON, each cell's variant is made from.
    private let root: JSONNode
    /// The plan's cells, in order (at most ``SweepPlan/maximumCells``).
    private let cells: [SweepPlan.Cell]
    /// The variant of the first combination of setting values, decoded while checking: without
    /// `--set`, every cell's (so a sweep without settings decodes the scenario once).
    let firstVariant: Scenario

    /// Checks every cell of `plan` against the scenario's parsed JSON: each combination of
    /// `--set` values is decoded once (the plan has checked the watches and presets).
    ///
    /// - Parameter decoded: `root` decoded as it is, when the caller has already decoded it (to
    ///   name the plan): a first cell with no `--set` values runs it instead of decoding `root`
    ///   again.
    ///
    /// - Throws: ``SweepError/scenario(_:)`` when the scenario, or a cell's variant after its
    ///   `--set` values, is invalid (the message names the setting); ``SweepError/usage(_:)`` when
    ///   a `--set` path runs into a non-object.
    /// - Complexity: one decoding per combination of setting values (none for the first when
    ///   `decoded` is it); memory for one scenario at a time.
    package init(plan: SweepPlan, root: JSONNode, decoded: Scenario? = nil) throws(SweepError) {
        self.plan = plan
        self.root = root
        cells = plan.cells
        let combinations = plan.settingCombinationCount
        // The first cells are the first watch and pipeline with each combination once.
        if let decoded, cells[0].assignments.isEmpty {
            firstVariant = decoded
        } else {
            firstVariant = try SweepRunner.variant(of: root, with: cells[0].assignments, file: plan.file)
        }
        for cell in cells.indices.prefix(combinations).dropFirst() {
            _ = try SweepRunner.variant(of: root, with: cells[cell].assignments, file: plan.file)
        }
    }

    /// The scenario cell `cell` runs: the scenario with the cell's `--set` values, watch and
    /// pipeline preset, its variant decoded only when `decoded` holds another combination of
    /// setting values (and then kept there).
    ///
    /// - Throws: what ``init(plan:root:decoded:)`` checks for (it has checked every cell).
    /// - Complexity: one decoding of the scenario, none when `decoded` holds the cell's.
    func scenario(ofCell cell: Int, reusing decoded: inout (combination: Int, scenario: Scenario))
        throws(SweepError) -> Scenario
    {
        let combination = cell % plan.settingCombinationCount
        if decoded.combination != combination {
            decoded = (combination, try SweepRunner.variant(of: root, with: cells[cell].assignments, file: plan.file))
        }
        do {
            return try LatencyProfile.overriding(
                decoded.scenario, pipeline: cells[cell].pipeline, watch: cells[cell].watch)
        } catch {
            throw .usage(String(describing: error))
        }
    }

    /// Runs `runs` (run numbers of the plan) and returns their statistics as a partial result.
    ///
    /// - Throws: what ``init(plan:root:decoded:)`` checks for, when a cell's scenario is made for its
    ///   runs (it has checked every cell).
    /// - Complexity: the simulations of the runs, plus one decoding of the scenario for each
    ///   combination of setting values entered (once in all without `--set`), and O(cells) for
    ///   the result.
    package func run(_ runs: Range<UInt64>) throws(SweepError) -> SweepResult {
        var statistics = Array(repeating: SweepCellStatistics(), count: plan.cellCount)
        let bounded = min(runs.lowerBound, plan.runCount)..<min(runs.upperBound, plan.runCount)
        guard let firstRun = bounded.first else {
            return SweepResult(plan: plan, covered: RunCoverage(bounded), cells: statistics)
        }
        // Runs are numbered cell-major: each cell's runs in the range are taken together, its
        // scenario made once for them.
        var decoded = (combination: 0, scenario: firstVariant)
        var (cell, seed) = plan.locate(run: firstRun)
        var prepared = PreparedScenario(try scenario(ofCell: cell, reusing: &decoded))
        // One world runs every run, started again for each
        // (``ScenarioSimulation/restart(prepared:seed:trace:)``): it keeps its buffers' room. Made
        // for the first run rather than held in an optional, which a run would copy to ask it.
        var world = ScenarioSimulation(prepared: prepared, seed: seed, trace: .off)
        statistics[cell].add(SweepRunner.observe(&world))
        for run in bounded.dropFirst() {
            let previousCell = cell
            (cell, seed) = plan.locate(run: run)
            if cell != previousCell { prepared = PreparedScenario(try scenario(ofCell: cell, reusing: &decoded)) }
            world.restart(prepared: prepared, seed: seed, trace: .off)
            statistics[cell].add(SweepRunner.observe(&world))
        }
        return SweepResult(plan: plan, covered: RunCoverage(bounded), cells: statistics)
    }

    /// Runs `simulation`, a world about to start, and observes it: the world at the scenario's end
    /// is read once, then settled in place for the verdict (no copy of it).
    static func observe(_ simulation: inout ScenarioSimulation) -> SweepObservation {
        var monitor = SweepObservation.EndMonitor()
        let outcome = simulation.run(RunOptions(keeps: .verdict), monitor: &monitor)
        return SweepObservation(end: monitor.end ?? SweepObservation.EndOfRun(simulation), verdict: outcome.verdict)
    }

    /// The scenario `root` with `assignments` (`--set` values) made, decoded.
    ///
    /// - Complexity: one decoding of the scenario.
    private static func variant(
        of root: JSONNode, with assignments: [(key: String, value: String)], file: String
    ) throws(SweepError) -> Scenario {
        var tree = root
        var label = ""
        for assignment in assignments {
            tree = try SweepSetting.assigning(assignment.value, at: assignment.key, in: tree)
            label += "--set \(ArgumentText.plain(assignment.key))=\(ArgumentText.plain(assignment.value)) "
        }
        do {
            return try ScenarioDecoder.decode(root: tree, file: file)
        } catch {
            guard !label.isEmpty else { throw .scenario(error) }
            var located = error
            located.location = nil
            located.message = "with \(label.dropLast()): \(error.message)"
            throw .scenario(located)
        }
    }
}
