import CompanionModel
import SimulationKernel

/// Everything a sweep keeps about the runs of one cell (one watch × pipeline × settings), in a
/// form that merges exactly: counts add, fixed-bucket histograms add, extremes take min/max and
/// the failing seeds keep the smallest few. So any split of the runs into shards, merged in any
/// order, gives the same statistics as one process running them all.
package struct SweepCellStatistics: Equatable, Sendable {
    /// How many failing seeds a cell keeps (the smallest ones).
    package static let failingSeedLimit = 10

    /// Runs counted.
    package var runs = 0
    /// Runs whose expectations all held and whose invariants were kept.
    package var passed = 0
    /// Failed expectations over all runs.
    package var expectationFailures = 0
    /// Broken invariants over all runs.
    package var invariantFailures = 0
    /// The smallest seeds of failing runs, ascending (at most ``failingSeedLimit``).
    package var failingSeeds: [UInt64] = []
    /// Every tap's latency, pooled over the runs.
    package var pooled = FixedHistogram()
    /// Each run's own nearest-rank p50 (runs without taps are not counted).
    package var runP50 = FixedHistogram()
    /// Each run's own nearest-rank p99.
    package var runP99 = FixedHistogram()
    /// Check-offs lost, doubled, reordered and late (see ``SweepObservation``), summed.
    package var lost = 0
    package var doubled = 0
    package var reordered = 0
    package var late = 0
    /// Runs with at least one lost, doubled or reordered check-off.
    package var runsWithLinkFaults = 0
    /// Missed reminders by reason, indexed like ``SweepObservation/missedReasonCodes``.
    package var missed = Array(repeating: 0, count: SweepObservation.missedReasonCodes.count)
    /// Each run's stale complication time.
    package var stale = FixedHistogram()

    /// Counts one run.
    ///
    /// - Complexity: O(*t* log *t*) for the run's *t* taps.
    package mutating func add(_ run: SweepObservation) {
        runs += 1
        if run.verdict.passed {
            passed += 1
        } else {
            insertFailing(run.verdict.seed)
        }
        expectationFailures += run.verdict.expectationsFailed
        invariantFailures += run.verdict.invariantsBroken
        addLatencies(run.end.latencies)
        lost += run.lost
        doubled += run.doubled
        reordered += run.reordered
        late += run.end.late
        if run.lost + run.doubled + run.reordered > 0 { runsWithLinkFaults += 1 }
        for (index, count) in run.end.missed.enumerated() where index < missed.count { missed[index] += count }
        stale.add(run.end.staleComplication)
    }

    /// Counts one run's tap latencies: each in ``pooled`` (equal ones together, as one count: the
    /// same histogram as adding them one by one), and the run's own p50 and p99.
    ///
    /// - Complexity: O(*t* log *t*) for *t* latencies.
    private mutating func addLatencies(_ latencies: [SimDuration]) {
        guard !latencies.isEmpty else { return }
        withUnsafeTemporaryAllocation(of: SimDuration.self, capacity: latencies.count) { buffer in
            var sorted = buffer
            _ = sorted.initialize(fromContentsOf: latencies)
            sorted.sort()
            var first = 0
            while first < sorted.count {
                var end = first + 1
                while end < sorted.count, sorted[end] == sorted[first] { end += 1 }
                pooled.add(sorted[first], count: end - first)
                first = end
            }
            runP50.add(sorted[LatencyStatistics.nearestRank(percent: 50, count: sorted.count) - 1])
            runP99.add(sorted[LatencyStatistics.nearestRank(percent: 99, count: sorted.count) - 1])
            sorted.deinitialize()
        }
    }

    /// Adds every count of `other` (runs of the same cell from another shard).
    ///
    /// - Throws: ``CountOverflow`` when a count would pass `Int.max` (only counts read from
    ///   partial results can be that large); the statistics are then unchanged.
    /// - Complexity: O(buckets + failing seeds).
    package mutating func merge(_ other: SweepCellStatistics) throws(CountOverflow) {
        var merged = self
        for (_, field) in Self.fields {
            switch field {
            case .count(let count):
                merged[keyPath: count] = try CountOverflow.adding(self[keyPath: count], other[keyPath: count])
            case .failingSeeds: for seed in other.failingSeeds { merged.insertFailing(seed) }
            case .histogram(let histogram): try merged[keyPath: histogram].merge(other[keyPath: histogram])
            case .missed:
                for index in missed.indices where index < other.missed.count {
                    merged.missed[index] = try CountOverflow.adding(missed[index], other.missed[index])
                }
            }
        }
        self = merged
    }

    /// What one field of the statistics holds.
    enum Field {
        case count(WritableKeyPath<SweepCellStatistics, Int>)
        case failingSeeds
        case histogram(WritableKeyPath<SweepCellStatistics, FixedHistogram>)
        case missed
    }

    /// Every field by its key in partial results, in the order the parts write them: what merging,
    /// writing and reading a part go through.
    static var fields: [(key: String, field: Field)] {
        [
            ("runs", .count(\.runs)), ("passed", .count(\.passed)),
            ("expectationFailures", .count(\.expectationFailures)),
            ("invariantFailures", .count(\.invariantFailures)), ("failingSeeds", .failingSeeds),
            ("pooled", .histogram(\.pooled)), ("runP50", .histogram(\.runP50)), ("runP99", .histogram(\.runP99)),
            ("lost", .count(\.lost)), ("doubled", .count(\.doubled)), ("reordered", .count(\.reordered)),
            ("late", .count(\.late)), ("runsWithLinkFaults", .count(\.runsWithLinkFaults)), ("missed", .missed),
            ("stale", .histogram(\.stale)),
        ]
    }

    private mutating func insertFailing(_ seed: UInt64) {
        if failingSeeds.count == SweepCellStatistics.failingSeedLimit, let last = failingSeeds.last, seed >= last {
            return
        }
        let low = failingSeeds.partitionPoint { $0 >= seed }
        if low < failingSeeds.count, failingSeeds[low] == seed { return }
        failingSeeds.insert(seed, at: low)
        if failingSeeds.count > SweepCellStatistics.failingSeedLimit { failingSeeds.removeLast() }
    }

    /// Missed reminders over all reasons.
    package var missedTotal: Int { missed.reduce(0, +) }
}
