import CompanionModel
import SimulationKernel

/// `wristsim explore`: runs a scenario under randomised fault schedules (one draw per run, see
/// ``ExploreDraw``) and checks every invariant; shrinks a failing run to a small standalone
/// reproduction.
///
/// ```swift
/// let explorer = try ExploreRunner(file: path, root: try JSONParser.parse(bytes, file: path), seed: 1)
/// let report = explorer.explore(runs: 0..<100_000)
/// if let failure = report.firstFailure { let repro = explorer.shrink(failure) }
/// ```
package struct ExploreRunner: Sendable {
    /// The scenario file as named.
    package let file: String
    /// The base seed: run *k*'s seed is derived from it and *k*.
    package let seed: UInt64
    /// The base scenario (decoded once).
    package let scenario: Scenario
    /// The base scenario's file, which each run's faults are written into.
    let variant: ExploreVariant

    /// The exploration of `runs` runs (for partial results and their merging).
    package func plan(runs: UInt64) -> ExplorePlan { ExplorePlan(file: file, seed: seed, runs: runs) }

    /// Prepares an exploration of the scenario whose parsed file is `root`, with base seed
    /// `seed`, or the scenario's own `"seed"` when `seed` is `nil` (the file is decoded once).
    ///
    /// - Throws: ``SweepError/scenario(_:)`` when the scenario is invalid.
    package init(file: String, root: JSONNode, seed: UInt64?) throws(SweepError) {
        self.file = file
        do {
            scenario = try ScenarioDecoder.decode(root: root, file: file)
        } catch {
            throw .scenario(error)
        }
        self.seed = seed ?? scenario.seed
        variant = ExploreVariant(root: root, scenario: scenario)
    }

    /// The seed of run `run` (below 2⁶³, so it is a plain JSON number in a reproduction file).
    package func runSeed(_ run: UInt64) -> UInt64 {
        var rng = SplitMix64(seed: seed ^ (run &* 0x9E37_79B9_7F4A_7C15))
        return rng.next() >> 1
    }

    /// The faults drawn for run `run`.
    package func faults(_ run: UInt64) -> [ExploreFault] {
        ExploreDraw.faults(
            seed: runSeed(run), span: scenario.end.offset, hasReminders: scenario.sections.reminders != nil)
    }

    /// Runs `runs` and returns what failed.
    ///
    /// - Parameters:
    ///   - runs: the run numbers (a shard of `plan`, or all of it).
    ///   - plan: the whole exploration (default: runs `0..<runs.upperBound`).
    ///   - starting: called with each run's number and seed before it runs (the command line
    ///     keeps them where a crash handler can print them).
    /// - Complexity: one decoding and one simulation per run.
    package func explore(
        runs: Range<UInt64>, of plan: ExplorePlan? = nil,
        starting: (_ run: UInt64, _ seed: UInt64) -> Void = { _, _ in }
    ) -> ExploreReport {
        var report = ExploreReport(plan: plan ?? self.plan(runs: runs.upperBound), covered: RunCoverage(runs))
        var events = 0  // an exploration has no event budget
        for run in runs {
            let seed = runSeed(run)
            starting(run, seed)
            let outcome = check(seed: seed, faults: faults(run), events: &events)
            guard let findings = outcome, !findings.isEmpty else { continue }
            report.record(
                ExploreFailure(
                    run: run, seed: seed, failures: findings.map(\.message), invariant: findings.first?.invariant))
        }
        return report
    }

    /// The invariant failures of one run (see ``scenario(seed:faults:removed:)``), adding the
    /// events it handled to `events`; `nil` for a draw the scenario format cannot express
    /// (counted as passing).
    func check(seed: UInt64, faults: [ExploreFault], removed: Set<Int> = [], events: inout Int)
        -> [InvariantFailure]?
    {
        scenario(seed: seed, faults: faults, removed: removed).map {
            ExploreRunner.invariantFailures(of: $0, events: &events)
        }
    }

    /// The scenario of one run: its file (``ExploreVariant``) decoded, exactly as a reproduction
    /// is, so a reproduction runs what explore ran; `nil` when the file does not decode (a draw
    /// the scenario format cannot express, or a script step naming an item only a step that
    /// shrinking `removed` added).
    ///
    /// The run's file is decoded without its `"history"`, and the base scenario's learned store
    /// order is put back (the history is the same in every run: it is learned once).
    ///
    /// - Complexity: O(*n* log *n*) in the file's size.
    func scenario(seed: UInt64, faults: [ExploreFault], removed: Set<Int> = []) -> Scenario? {
        let tree = variant.tree(seed: seed, faults: faults, removed: removed, withHistory: false)
        return (try? ScenarioDecoder.decode(root: tree, file: file)).map { Scenario($0, historyOf: scenario) }
    }

    /// Every invariant of one run of `scenario`, as `wristsim run` reports them
    /// (``ScenarioOutcome/invariantFailures``, ``RunChecks``). The run keeps its verdict only; a
    /// run that broke an invariant is run again in full, for the messages with their trails. As
    /// in ``UntracedRun``, a run stopped at its event limit is run again without its trace: its
    /// messages have no trails, and recording its every event would cost the memory the limit
    /// bounds. The events handled are added to `events` (twice for a run made again).
    static func invariantFailures(of scenario: Scenario, events: inout Int) -> [InvariantFailure] {
        var simulation = ScenarioSimulation(scenario: scenario, trace: .off)
        let verdict = simulation.run(RunOptions(keeps: .verdict)).verdict
        events += verdict.events
        guard verdict.invariantsBroken > 0 else { return [] }
        var full = ScenarioSimulation(scenario: scenario, trace: verdict.loopStatus.exceeded != nil ? .off : .recorded)
        events += verdict.events
        return full.run().invariantFailures
    }
}

extension Scenario {
    /// `decoded` with the learned store order of `base` (so the order is not learned again).
    init(_ decoded: Scenario, historyOf base: Scenario) {
        self = decoded
        storeOrder = base.storeOrder
    }
}
