/// The statistics of some or all runs of a ``SweepPlan``: per cell, and which runs they cover.
///
/// Results of disjoint run ranges merge (``SweepMerge``) into the result of their union, exactly:
/// a sweep split into any shards and merged in any order renders the same bytes as one process
/// running everything.
package struct SweepResult: Equatable, Sendable {
    /// The plan the runs belong to.
    package var plan: SweepPlan
    /// The runs counted.
    package var covered: RunCoverage
    /// Statistics per cell, in the plan's cell order (one for each of the plan's cells).
    package internal(set) var cells: [SweepCellStatistics]

    /// The run ranges not yet counted (none: every run of the plan is).
    package var missing: [Range<UInt64>] { covered.missing(runs: plan.runCount) }
}

extension SweepResult: PartResult {
    package static let kind = (noun: "sweep", planFields: "scenario, seeds, watches, pipelines or --set")

    /// The result of `plan` with no run counted: every cell's statistics kept once, for the whole
    /// plan (a part adds only the cells it has records for).
    package init(empty plan: SweepPlan) {
        self.init(
            plan: plan, covered: RunCoverage(), cells: Array(repeating: SweepCellStatistics(), count: plan.cellCount))
    }

    /// Adds the cells `part` has records for.
    ///
    /// - Throws: ``SweepError/parts(_:)`` naming `file` when a count would overflow.
    /// - Complexity: O(the part's records).
    package mutating func add(_ part: SweepPart, file: String) throws(SweepError) {
        for (index, statistics) in part.cells {
            do {
                try cells[index].merge(statistics)
            } catch {
                throw .parts(
                    "\(FileName.display(file)): error: adding its cell \(index) makes a count larger than "
                        + "\(Int.max); the parts cannot be from one sweep")
            }
        }
    }
}
