import Foundation

/// One measured size of a `scale` input and its growth from the size before it.
struct ScaleMeasurement {
    /// The input's name (`"loader"`).
    var input: String
    /// The size measured.
    var n: Int
    /// Wall time of the child process's run, in seconds.
    var seconds: Double
    /// CPU time (user and system) of the child's run, in seconds.
    var cpuSeconds: Double
    /// Peak resident memory of the child process, in kilobytes.
    var kilobytes: Int
    /// Whether every run of the size passed its checks.
    var passed: Bool
}

/// The growth rule `wristsim-bench scale --max-growth R` enforces, so that CI fails on a path
/// that is quadratic in a user's n (docs/limits.md).
///
/// Between two successive sizes of one input (n and 10·n), linear work grows about ×10 in CPU
/// time, n log n about ×12 to ×13 and quadratic work ×100. Small times are mostly process start
/// and clock resolution, so a pair is judged only when the larger size took at least
/// ``judgedFrom`` CPU-seconds, and the smaller size counts as at least ``smallestBase``.
struct ScaleGrowth {
    /// The largest CPU-time ratio accepted from one size to the next.
    var limit: Double
    /// The CPU time, in seconds, from which the larger size of a pair is judged.
    static let judgedFrom = 0.1
    /// The least CPU time, in seconds, the smaller size of a pair counts as.
    static let smallestBase = 0.01

    /// The CPU-time ratio from `smaller` to `larger`, or `nil` when the pair is too small to judge.
    static func ratio(from smaller: ScaleMeasurement, to larger: ScaleMeasurement) -> Double? {
        guard larger.cpuSeconds >= judgedFrom else { return nil }
        return larger.cpuSeconds / max(smaller.cpuSeconds, smallestBase)
    }

    /// What breaks the rule among `measurements` (in the order measured, sizes ascending per
    /// input): each judged pair whose ratio is above ``limit`` and each size that did not pass.
    func violations(in measurements: [ScaleMeasurement]) -> [String] {
        var found: [String] = []
        for (index, larger) in measurements.enumerated() {
            if !larger.passed { found.append("\(larger.input) at n = \(larger.n): a run did not pass its checks") }
            guard index > 0, measurements[index - 1].input == larger.input else { continue }
            let smaller = measurements[index - 1]
            if let ratio = Self.ratio(from: smaller, to: larger), ratio > limit {
                found.append(
                    String(
                        format: "%@ grew ×%.1f in CPU time from n = %d to n = %d (%.3f to %.3f CPU-s; limit ×%.1f)",
                        larger.input, ratio, smaller.n, larger.n, smaller.cpuSeconds, larger.cpuSeconds, limit))
            }
        }
        return found
    }
}
