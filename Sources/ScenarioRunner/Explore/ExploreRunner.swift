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
public struct ExploreRunner: Sendable {
    /// The scenario file as named.
    public let file: String
    /// The base seed: run *k*'s seed is derived from it and *k*.
    public let seed: UInt64
    /// The base scenario (decoded once).
    public let scenario: Scenario
    let variant: ExploreVariant

    /// Prepares an exploration of the scenario whose parsed file is `root`.
    ///
    /// - Throws: ``SweepError/scenario(_:)`` when the scenario is invalid.
    public init(file: String, root: JSONNode, seed: UInt64) throws(SweepError) {
        self.file = file
        self.seed = seed
        do {
            scenario = try ScenarioDecoder.decode(root: root, file: file)
        } catch {
            throw .scenario(error)
        }
        variant = ExploreVariant(root: root, scenario: scenario)
    }

    /// The seed of run `run` (below 2⁶³, so it is a plain JSON number in a reproduction file).
    public func runSeed(_ run: UInt64) -> UInt64 {
        var rng = SplitMix64(seed: seed ^ (run &* 0x9E37_79B9_7F4A_7C15))
        return rng.next() >> 1
    }

    /// The faults drawn for run `run`.
    public func faults(_ run: UInt64) -> [ExploreFault] {
        ExploreDraw.faults(
            seed: runSeed(run), span: scenario.end.offset, hasReminders: scenario.sections.reminders != nil)
    }

    /// Runs `runs` and returns what failed.
    ///
    /// - Complexity: one decode and one simulation per run.
    public func explore(runs: Range<UInt64>) -> ExploreReport {
        var report = ExploreReport(covered: runs.isEmpty ? [] : [runs])
        for run in runs {
            let outcome = check(seed: runSeed(run), faults: faults(run), removed: [])
            report.runs += 1
            guard let failures = outcome, !failures.isEmpty else { continue }
            report.record(ExploreFailure(run: run, seed: runSeed(run), failures: failures))
        }
        return report
    }

    /// The invariant failures of one run (`nil` when the drawn file does not decode: a draw the
    /// scenario format cannot express, counted as passing).
    func check(seed: UInt64, faults: [ExploreFault], removed: Set<Int>) -> [String]? {
        guard
            let scenario = try? ScenarioDecoder.decode(
                root: variant.tree(seed: seed, faults: faults, removed: removed), file: file)
        else { return nil }
        var simulation = ScenarioSimulation(scenario: scenario)
        let outcome = simulation.run()
        return ExploreRunner.invariantFailures(simulation: simulation, outcome: outcome)
    }

    /// Every invariant: the world's own (the phone's list converges to what the user did, each
    /// operation applied exactly once and in order per item), plus the pending-notification limit.
    static func invariantFailures(simulation: ScenarioSimulation, outcome: ScenarioOutcome) -> [String] {
        var failures = outcome.invariantFailures
        if let pendingMax = simulation.reminders?.harness.pendingMax, pendingMax > 64 {
            failures.append("reminders: \(pendingMax) notifications pending at once; expected at most 64")
        }
        return failures
    }

    /// What kind of failure a message is (`link: doubled`, `reminders`), to shrink only while a
    /// run keeps failing the same way.
    static func kind(of failure: String) -> String {
        let words = failure.split(separator: " ", maxSplits: 2)
        if words.first == "link:", words.count > 1 { return "link: " + words[1] }
        return String(failure.prefix { $0 != ":" })
    }
}
