/// The statistics of some or all runs of a ``SweepPlan``: per cell, and which runs they cover.
///
/// Results of disjoint run ranges merge (``merging(_:)``) into the result of their union, exactly:
/// merging is associative and commutative, so a sweep split into any shards and merged in any
/// order renders the same bytes as one process running everything.
public struct SweepResult: Hashable, Sendable {
    /// The plan the runs belong to.
    public var plan: SweepPlan
    /// The runs counted.
    public internal(set) var covered: RunCoverage
    /// Statistics per cell, in the plan's cell order.
    public internal(set) var cells: [SweepCellStatistics]

    /// A result.
    ///
    /// - Precondition: `cells.count == plan.cellCount`.
    public init(plan: SweepPlan, covered: RunCoverage, cells: [SweepCellStatistics]) {
        self.plan = plan
        self.covered = covered
        self.cells = cells
    }

    /// Whether every run of the plan is counted.
    public var isComplete: Bool { covered.isComplete(runs: plan.runCount) }

    /// The run ranges not yet counted.
    public var missing: [Range<UInt64>] { covered.missing(runs: plan.runCount) }

    /// The result of both sets of runs.
    ///
    /// - Throws: ``SweepError/parts(_:)`` when the plans differ or a run is counted twice.
    /// - Complexity: O(cells × buckets + ranges).
    public func merging(_ other: SweepResult) throws(SweepError) -> SweepResult {
        guard other.plan == plan else {
            throw .parts("the parts belong to different sweeps (scenario, seeds, watches, pipelines or --set differ)")
        }
        guard let covered = covered.union(other.covered) else {
            throw .parts("runs are counted twice: the parts overlap (the same shard given twice?)")
        }
        var cells = cells
        for index in cells.indices { cells[index].merge(other.cells[index]) }
        return SweepResult(plan: plan, covered: covered, cells: cells)
    }
}
