import SimulationKernel

/// A step's measured cost, fitted to the pipeline's jitter model: a lognormal around the
/// median (`cost = median × exp(spread × Z)`) plus, rarely, a pause.
///
/// The fit is robust, so the rare long intervals do not drag it: the median is the samples'
/// median; an interval longer than both twice the median and `median × exp(4 × spread)` is a
/// **pause** (the engine's factor never exceeds `exp(6 × spread)` and a 4σ draw happens once in
/// 30,000 runs); the spread is the interquartile range of the other samples' logarithms ÷ 1.349
/// (the interquartile range of a standard normal), first over every sample, then again without
/// the pauses. A pause's length is its excess over the median.
package struct CostFit: Hashable, Sendable {
    /// How many intervals were measured.
    package var samples: Int
    /// The median duration, in nanoseconds (on the recording chip).
    package var median: Int64
    /// The 90th percentile (nearest rank), in nanoseconds.
    package var p90: Int64
    /// The standard deviation of the logarithm of the cost factor.
    package var spread: Double
    /// The excess over the median of each interval taken as a pause, in nanoseconds.
    package var pauses: [Int64]

    /// The median of sorted values (the mean of the two middle ones for an even count).
    static func median(_ sorted: ArraySlice<Int64>) -> Int64 {
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.startIndex + sorted.count / 2
        if sorted.count % 2 == 1 { return sorted[middle] }
        return sorted[middle - 1] / 2 + sorted[middle] / 2 + (sorted[middle - 1] % 2 + sorted[middle] % 2) / 2
    }

    /// The interquartile range of the logarithms of sorted values ÷ 1.349 (0 for fewer than 4).
    static func spread(_ sorted: ArraySlice<Int64>) -> Double {
        guard sorted.count >= 4 else { return 0 }
        let lower = quantile(sorted, 0.25)
        let upper = quantile(sorted, 0.75)
        guard lower > 0, upper > 0 else { return 0 }
        return max(0, (PortableMath.log(upper) - PortableMath.log(lower)) / 1.349)
    }

    /// The `q` quantile of sorted values, linearly interpolated between ranks.
    static func quantile(_ sorted: ArraySlice<Int64>, _ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let below = Int(position)
        let fraction = position - Double(below)
        let low = Double(sorted[sorted.startIndex + below])
        let high = Double(sorted[sorted.startIndex + min(sorted.count - 1, below + 1)])
        return low + (high - low) * fraction
    }
}

extension CostFit {
    /// The fit of `durations` (nanoseconds; sorted in place).
    ///
    /// - Complexity: O(*n* log *n*).
    package init(durations: inout [Int64]) {
        durations.sort()
        guard !durations.isEmpty else {
            self.init(samples: 0, median: 0, p90: 0, spread: 0, pauses: [])
            return
        }
        let median = CostFit.median(durations[...])
        let p90 = durations[min(durations.count - 1, max(0, (durations.count * 9 + 9) / 10 - 1))]
        let firstSpread = CostFit.spread(durations[...])
        let threshold = max(2 * Double(median), Double(median) * PortableMath.exp(4 * firstSpread))
        var kept = durations.count
        while kept > 0, Double(durations[kept - 1]) > threshold { kept -= 1 }
        self.init(
            samples: durations.count, median: median, p90: p90,
            spread: kept >= 4 ? CostFit.spread(durations[..<kept]) : firstSpread,
            pauses: durations[kept...].map { $0 - median })
    }
}
