/// The statistics of some or all runs of a ``SweepPlan``: per cell, and which runs they cover.
///
/// Results of disjoint run ranges merge (``SweepMerge``) into the result of their union, exactly:
/// a sweep split into any shards and merged in any order renders the same bytes as one process
/// running everything.
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
}
