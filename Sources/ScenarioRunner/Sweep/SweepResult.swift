/// The statistics of some or all runs of a ``SweepPlan``: per cell, and which runs they cover.
///
/// Results of disjoint run ranges merge (``merging(_:)``) into the result of their union, exactly:
/// merging is associative and commutative, so a sweep split into any shards and merged in any
/// order renders the same bytes as one process running everything.
package struct SweepResult: Hashable, Sendable {
    /// The plan the runs belong to.
    package var plan: SweepPlan
    /// The runs counted.
    package internal(set) var covered: RunCoverage
    /// Statistics per cell, in the plan's cell order.
    package internal(set) var cells: [SweepCellStatistics]

    /// A result.
    ///
    /// - Precondition: `cells.count == plan.cellCount`.
    package init(plan: SweepPlan, covered: RunCoverage, cells: [SweepCellStatistics]) {
        self.plan = plan
        self.covered = covered
        self.cells = cells
    }

    /// Whether every run of the plan is counted.
    package var isComplete: Bool { covered.isComplete(runs: plan.runCount) }

    /// The run ranges not yet counted.
    package var missing: [Range<UInt64>] { covered.missing(runs: plan.runCount) }

    /// The result of both sets of runs.
    ///
    /// - Throws: ``SweepError/parts(_:)`` when the plans differ, a run is counted twice or a count
    ///   would overflow.
    /// - Complexity: O(cells × buckets + ranges). (`wristsim merge` adds many parts with
    ///   ``SweepMerge``, in time linear in their size.)
    package func merging(_ other: SweepResult) throws(SweepError) -> SweepResult {
        guard other.plan == plan else {
            throw .parts("the parts belong to different sweeps (scenario, seeds, watches, pipelines or --set differ)")
        }
        guard let covered = covered.union(other.covered) else {
            throw .parts("runs are counted twice: the parts overlap (the same shard given twice?)")
        }
        var cells = cells
        for index in cells.indices {
            do {
                try cells[index].merge(other.cells[index])
            } catch {
                throw .parts("adding cell \(index) makes a count larger than \(Int.max)")
            }
        }
        return SweepResult(plan: plan, covered: covered, cells: cells)
    }
}
