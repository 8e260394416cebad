import SimulationKernel

/// Percentiles of a set of durations by the **nearest-rank** method: the *p*-th percentile of *n*
/// sorted values is the value at rank `ceil(p × n / 100)` (1-based), so it is always one of the
/// observed values (no interpolation) and p100 is the maximum.
///
/// ```swift
/// let stats = LatencyStatistics([.milliseconds(30), .milliseconds(10), .milliseconds(20)])
/// stats.percentile(50)   // 20ms (rank ceil(1.5) = 2)
/// stats.percentile(99)   // 30ms
/// ```
package struct LatencyStatistics: Hashable, Sendable {
    /// The values, ascending.
    package private(set) var sorted: [SimDuration]

    /// Sorts `values`.
    ///
    /// - Complexity: O(*n* log *n*).
    package init(_ values: [SimDuration]) {
        sorted = values.sorted()
    }

    /// The number of values.
    package var count: Int { sorted.count }

    /// The 1-based nearest rank of percentile `percent` (1...100) among `count` values:
    /// `ceil(percent × count / 100)`, at least 1. Integer arithmetic, no rounding error.
    package static func nearestRank(percent: Int, count: Int) -> Int {
        max(1, (percent * count + 99) / 100)
    }

    /// The `percent`-th percentile (clamped to 1...100), or `nil` when there are no values.
    ///
    /// - Complexity: O(1).
    package func percentile(_ percent: Int) -> SimDuration? {
        guard !sorted.isEmpty else { return nil }
        let clamped = min(100, max(1, percent))
        return sorted[LatencyStatistics.nearestRank(percent: clamped, count: sorted.count) - 1]
    }

    /// The largest value, or `nil` when there are none.
    package var maximum: SimDuration? { sorted.last }
}
