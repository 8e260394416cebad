/// The statistics of some or all runs of a ``SweepPlan``: per cell, and which runs they cover.
///
/// Results of disjoint run ranges merge (``merging(_:)``) into the result of their union, exactly:
/// merging is associative and commutative, so a sweep split into any shards and merged in any
/// order renders the same bytes as one process running everything.
public struct SweepResult: Hashable, Sendable {
    /// The plan the runs belong to.
    public var plan: SweepPlan
    /// The run ranges counted, ascending, disjoint and not touching (adjacent ranges are joined).
    public internal(set) var covered: [Range<UInt64>]
    /// Statistics per cell, in the plan's cell order.
    public internal(set) var cells: [SweepCellStatistics]

    /// A result; `covered` is normalised (sorted, adjacent ranges joined).
    ///
    /// - Precondition: `cells.count == plan.cellCount` and the ranges do not overlap.
    public init(plan: SweepPlan, covered: [Range<UInt64>], cells: [SweepCellStatistics]) {
        self.plan = plan
        self.covered = SweepResult.normalised(covered) ?? covered
        self.cells = cells
    }

    /// Whether every run of the plan is counted.
    public var isComplete: Bool { covered == [0..<plan.runCount] || (plan.runCount == 0 && covered.isEmpty) }

    /// The run ranges not yet counted.
    public var missing: [Range<UInt64>] {
        var gaps: [Range<UInt64>] = []
        var cursor: UInt64 = 0
        for range in covered {
            if range.lowerBound > cursor { gaps.append(cursor..<range.lowerBound) }
            cursor = range.upperBound
        }
        if cursor < plan.runCount { gaps.append(cursor..<plan.runCount) }
        return gaps
    }

    /// The result of both sets of runs.
    ///
    /// - Throws: ``SweepError/parts(_:)`` when the plans differ or a run is counted twice.
    /// - Complexity: O(cells × buckets + ranges).
    public func merging(_ other: SweepResult) throws(SweepError) -> SweepResult {
        guard other.plan == plan else {
            throw .parts("the parts belong to different sweeps (scenario, seeds, watches, pipelines or --set differ)")
        }
        guard let covered = SweepResult.normalised(covered + other.covered) else {
            throw .parts("runs are counted twice: the parts overlap (the same shard given twice?)")
        }
        var cells = cells
        for index in cells.indices { cells[index].merge(other.cells[index]) }
        return SweepResult(plan: plan, covered: covered, cells: cells)
    }

    /// Sorted, with adjacent ranges joined and empty ones dropped; `nil` when two overlap.
    static func normalised(_ ranges: [Range<UInt64>]) -> [Range<UInt64>]? {
        var result: [Range<UInt64>] = []
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last {
                if range.lowerBound < last.upperBound { return nil }
                if range.lowerBound == last.upperBound {
                    result[result.count - 1] = last.lowerBound..<range.upperBound
                    continue
                }
            }
            result.append(range)
        }
        return result
    }
}
