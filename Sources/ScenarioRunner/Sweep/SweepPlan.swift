import CompanionModel
import SimulationKernel

/// What a sweep runs: a scenario over seeds × watches × pipelines × settings.
///
/// The plan is a pure description (it is written into every partial result, so `merge` can
/// check that parts belong together and render the result without the scenario file). Its
/// cells are the product watches × pipelines × setting values, in that nesting order; its runs
/// are numbered cell-major: run *r* is cell `r / seedCount` with seed `firstSeed + r % seedCount`.
/// A shard is a contiguous range of run numbers.
package struct SweepPlan: Hashable, Sendable {
    /// The scenario file as named on the command line.
    package var file: String
    /// The scenario's name.
    package var name: String
    /// The first and last seed (inclusive).
    package var firstSeed: UInt64
    package var lastSeed: UInt64
    /// The watch models (the scenario's own when none was asked for).
    package var watches: [String]
    /// The pipeline presets, or the scenario's own pipeline name (`nil` entries: keep the scenario's).
    package var pipelines: [String?]
    /// The `--set` settings, in command-line order.
    package var settings: [SweepSetting]

    /// The most runs a sweep may ask for (10¹²): more is a usage error rather than a run that
    /// never ends.
    package static let maximumRuns: UInt64 = 1_000_000_000_000

    /// The most cells a sweep may have (10,000: every watch × every preset × 107 values of a
    /// setting): a result keeps statistics for each cell and prints a row for each, so more is
    /// a usage error rather than a result too large to keep or read.
    package static let maximumCells = 10_000

    /// One cell: a watch, a pipeline and one value of each setting.
    package struct Cell: Sendable {
        package var watch: String
        /// The preset, or `nil` for the scenario's own pipeline.
        package var pipeline: String?
        /// `(key, value)` for each setting, in the plan's order.
        package var assignments: [(key: String, value: String)]
    }

    /// A plan, checked: at least one seed; known watches and presets, none named twice; setting
    /// keys named once, and each setting's values once (by value: `0.1` and `0.10` are one
    /// value); at most ``maximumCells`` cells and ``maximumRuns`` runs.
    ///
    /// - Throws: ``SweepError/usage(_:)``.
    /// - Complexity: O(*w* + *p* + *v*) for *w* watches, *p* pipelines and *v* setting values.
    package init(
        file: String, name: String, firstSeed: UInt64, lastSeed: UInt64, watches: [String], pipelines: [String?],
        settings: [SweepSetting]
    ) throws(SweepError) {
        guard firstSeed <= lastSeed else {
            throw .usage("--seeds expects A..B with A ≤ B; found \(firstSeed)..\(lastSeed)")
        }
        guard !watches.isEmpty, !pipelines.isEmpty else { throw .usage("a sweep needs a watch and a pipeline") }
        for watch in watches where !WatchModel.knownNames.contains(watch) {
            throw .usage(WatchNameSuggestion.message(for: watch, also: "'all'", quote: ArgumentText.quoted))
        }
        for case let pipeline? in pipelines {
            _ = try PipelineSettings.preset(named: pipeline, quote: ArgumentText.quoted, else: SweepError.usage)
        }
        try SweepPlan.checkNamedOnce(watches) {
            "--watch names \(ArgumentText.quoted($0)) twice; each of its cells would run twice"
        }
        try SweepPlan.checkNamedOnce(pipelines.map { $0 ?? "(the scenario's)" }) {
            "--pipeline names \(ArgumentText.quoted($0)) twice; each of its cells would run twice"
        }
        try SweepPlan.checkNamedOnce(settings.map(\.key)) { key in
            "--set gives \(ArgumentText.quoted(key)) twice; give its values once, comma-separated (--set \(ArgumentText.plain(key))=A,B)"
        }
        for setting in settings {
            var firstSpelling: [String: String] = [:]
            for value in setting.values {
                guard let first = firstSpelling.updateValue(value, forKey: SweepSetting.sameValueKey(value)) else {
                    continue
                }
                let spellings = first == value ? "" : " (as \(ArgumentText.quoted(value)))"
                throw .usage(
                    "--set \(ArgumentText.plain(setting.key)) lists \(ArgumentText.quoted(first)) twice\(spellings); "
                        + "each of its cells would run twice")
            }
        }
        self.file = file
        self.name = name
        self.firstSeed = firstSeed
        self.lastSeed = lastSeed
        self.watches = watches
        self.pipelines = pipelines
        self.settings = settings
        var cells = UInt64(watches.count) * UInt64(pipelines.count)
        for setting in settings where cells <= UInt64(SweepPlan.maximumCells) {
            let (product, overflow) = cells.multipliedReportingOverflow(by: UInt64(setting.values.count))
            cells = overflow ? .max : product
        }
        guard cells <= UInt64(SweepPlan.maximumCells) else {
            throw .usage(
                "the sweep has more than \(SweepPlan.maximumCells) cells (watches × pipelines × the values of each "
                    + "--set); narrow --watch, --pipeline or --set, or run several sweeps")
        }
        let (seeds, seedOverflow) = (lastSeed - firstSeed).addingReportingOverflow(1)
        let (runs, runsOverflow) = cells.multipliedReportingOverflow(by: seeds)
        guard !seedOverflow, !runsOverflow, runs <= SweepPlan.maximumRuns else {
            throw .usage("the sweep asks for more than \(SweepPlan.maximumRuns) runs; narrow --seeds, --watch or --set")
        }
    }

    /// Seeds per cell.
    package var seedCount: UInt64 { lastSeed - firstSeed + 1 }

    /// The cells, watch-major, then pipeline, then each setting's values (the first setting outermost).
    ///
    /// - Complexity: O(cells × settings).
    package var cells: [Cell] {
        var combos: [[(key: String, value: String)]] = [[]]
        for setting in settings {
            combos = combos.flatMap { combo in setting.values.map { combo + [(setting.key, $0)] } }
        }
        return watches.flatMap { watch in
            pipelines.flatMap { pipeline in combos.map { Cell(watch: watch, pipeline: pipeline, assignments: $0) } }
        }
    }

    /// The number of cells (at most ``maximumCells``).
    package var cellCount: Int { watches.count * pipelines.count * settingCombinationCount }

    /// The number of combinations of setting values (1 without `--set`): cell *c* has combination
    /// `c % settingCombinationCount`, innermost in the cells' order.
    package var settingCombinationCount: Int { settings.reduce(1) { $0 * $1.values.count } }

    /// Throws a usage error, `message` of the first of `names` that appears twice.
    ///
    /// - Complexity: O(*n*) for *n* names.
    private static func checkNamedOnce(_ names: [String], _ message: (String) -> String) throws(SweepError) {
        var seen = Set<String>()
        for name in names where !seen.insert(name).inserted { throw .usage(message(name)) }
    }

    /// The number of runs: cells × seeds (at most ``maximumRuns``).
    package var runCount: UInt64 { UInt64(cellCount) * seedCount }

    /// The runs of shard `index` of `count` (0-based): contiguous, and together exactly all runs.
    package func shard(_ index: Int, of count: Int) -> Range<UInt64> { ShardSpec.runs(index, of: count, in: runCount) }

    /// The cell and seed of run `run`.
    package func locate(run: UInt64) -> (cell: Int, seed: UInt64) {
        (Int(run / seedCount), firstSeed + run % seedCount)
    }
}
