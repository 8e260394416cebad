import SimulationKernel

/// Latencies counted into equal-width bins, for the text and SVG histograms.
///
/// Bin *i* holds values in `[start + i·width, start + (i+1)·width)`. The automatic width is the
/// smallest "nice" width (1, 2 or 5 × 10ᵏ ns, from 1 ms up) that covers the values in at most
/// `maxBins` bins; `start` is the minimum rounded down to a multiple of the width.
package struct LatencyHistogram: Hashable, Sendable {
    /// The lower edge of the first bin.
    package var start: SimDuration
    /// The width of every bin.
    package var binWidth: SimDuration
    /// The count in each bin.
    package var counts: [Int]

    /// A histogram of `values` with a nice bin width and at most `maxBins` bins (at least 1).
    ///
    /// - Complexity: O(*n*) plus O(log range) to choose the width.
    package init(_ values: [SimDuration], maxBins: Int = 20) {
        let low = values.min() ?? .zero
        let high = values.max() ?? .zero
        var width: Int64 = 1_000_000
        var multiplier = 0
        while true {
            let first = LatencyHistogram.floorDiv(low.nanoseconds, width)
            let last = LatencyHistogram.floorDiv(high.nanoseconds, width)
            if last - first + 1 <= Int64(max(1, maxBins)) || width > Int64.max / 10 { break }
            width = width / [1, 2, 5][multiplier] * [2, 5, 10][multiplier]
            multiplier = (multiplier + 1) % 3
        }
        let start = LatencyHistogram.floorDiv(low.nanoseconds, width) * width
        self.start = SimDuration(nanoseconds: start)
        binWidth = SimDuration(nanoseconds: width)
        counts = Array(repeating: 0, count: Int(LatencyHistogram.floorDiv(high.nanoseconds - start, width)) + 1)
        for value in values { counts[Int(LatencyHistogram.floorDiv(value.nanoseconds - start, width))] += 1 }
    }

    /// Each bin's lower and upper edge and count.
    package var bins: [(lower: SimDuration, upper: SimDuration, count: Int)] {
        counts.enumerated().map { index, count in
            let lower = start + binWidth * Int64(index)
            return (lower, lower + binWidth, count)
        }
    }

    static func floorDiv(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
