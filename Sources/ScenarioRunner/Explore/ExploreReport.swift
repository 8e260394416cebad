/// One failing exploration run.
package struct ExploreFailure: Hashable, Sendable {
    /// The run's number.
    package var run: UInt64
    /// The run's seed (`"seed"` in its reproduction file).
    package var seed: UInt64
    /// The invariant failures, as `wristsim run` prints them.
    package var failures: [String]
    /// The invariant of the first failure, when this process checked the run; `nil` for a failure
    /// read from a partial result (shrinking then runs it once more to find out).
    package var invariant: RunInvariant? = nil
}

/// What an exploration is: the scenario file, the base seed and the number of runs. It is written
/// into every partial result, so `merge` can check that parts belong together.
package struct ExplorePlan: Hashable, Sendable {
    /// The scenario file as named on the command line.
    package var file: String
    /// The exploration's base seed (run *k*'s seed derives from it and *k*).
    package var seed: UInt64
    /// The number of runs (run numbers `0..<runs`).
    package var runs: UInt64

    /// The runs of shard `index` of `count` (0-based): contiguous, and together exactly all runs.
    package func shard(_ index: Int, of count: Int) -> Range<UInt64> { ShardSpec.runs(index, of: count, in: runs) }
}

/// What an exploration found: how many runs, how many failed, and the first failures.
///
/// Reports of disjoint run ranges of one plan merge (``ExploreMerge``) into the report of their
/// union, exactly: counts add up and the failures kept are those of the smallest run numbers.
package struct ExploreReport: Hashable, Sendable {
    /// How many failures are kept (those of the smallest run numbers).
    package static let keptFailures = 10

    /// The exploration.
    package var plan: ExplorePlan
    /// The runs explored.
    package var covered = RunCoverage()
    /// Runs that broke an invariant.
    package var failed = 0
    /// The failures of the smallest run numbers, ascending (at most ``keptFailures``).
    package var failures: [ExploreFailure] = []

    /// How many runs were explored: the runs ``covered`` counts (a merge's, once ``PartMerge``
    /// has joined the parts' coverage).
    package var runs: Int { Int(clamping: covered.runCount) }

    /// The failure of the smallest run number.
    package var firstFailure: ExploreFailure? { failures.first }

    /// The run ranges not yet counted (none: every run of the plan is).
    package var missing: [Range<UInt64>] { covered.missing(runs: plan.runs) }

    /// Counts a failing run, keeping it while it is among the smallest run numbers.
    mutating func record(_ failure: ExploreFailure) {
        failed += 1
        failures.append(failure)
        failures.sort { $0.run < $1.run }
        if failures.count > ExploreReport.keptFailures { failures.removeLast() }
    }

    /// The summary line and the failing runs, for `wristsim explore` (and `merge` of its parts).
    package var text: String {
        var lines = [
            "explore   \(plan.file)",
            "runs      \(runs) (seed \(plan.seed)), \(failed) broke an invariant",
        ]
        if !failures.isEmpty {
            lines.append("")
            lines.append("failing runs (first \(min(failed, ExploreReport.keptFailures)))")
            for failure in failures {
                lines.append(
                    "  run \(failure.run)  seed \(failure.seed)  \(failure.failures.first?.split(separator: "\n").first ?? "")"
                )
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension ExploreReport: PartResult, ShardPart {
    package static let kind = (noun: "exploration", planFields: "scenario file, --seed or --runs")

    package init(empty plan: ExplorePlan) { self.init(plan: plan) }

    /// Adds the failures of `part`, and keeps those of the smallest run numbers of both (its runs
    /// are the coverage ``PartMerge`` joins).
    ///
    /// - Throws: ``SweepError/parts(_:)`` naming `file` when the count of failures would overflow.
    /// - Complexity: O(``keptFailures``).
    package mutating func add(_ part: ExploreReport, file: String) throws(SweepError) {
        do {
            failed = try CountOverflow.adding(failed, part.failed)
        } catch {
            throw .parts(
                "\(FileName.display(file)): error: adding the parts makes a count larger than \(Int.max)")
        }
        failures = Array((failures + part.failures).sorted { $0.run < $1.run }.prefix(Self.keptFailures))
    }
}
