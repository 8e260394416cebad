import SimulationKernel

/// How long one hop over the link takes: a distribution sampled with a seeded generator.
package enum LatencyDistribution: Hashable, Sendable {
    /// Always the same delay.
    case fixed(SimDuration)
    /// Uniform between `min` and `max` (inclusive of `min`).
    case uniform(min: SimDuration, max: SimDuration)
    /// `floor` plus an exponential with mean `mean` (a long tail of slow hops).
    case exponential(mean: SimDuration, floor: SimDuration)

    /// The default: uniform between 100 ms and 400 ms. Apple documents no latency; this is a
    /// design choice for a Bluetooth hop (UNCONFIRMED, PLATFORM.md §6 has no figure).
    package static let standard = LatencyDistribution.uniform(min: .milliseconds(100), max: .milliseconds(400))

    /// Draws one delay (random draws rounded to the millisecond).
    package func sample(using rng: inout SplitMix64) -> SimDuration {
        switch self {
        case .fixed(let delay):
            return delay
        case .uniform(let low, let high):
            guard high > low else { return low }
            let span = UInt64(high.nanoseconds - low.nanoseconds)
            let draw = low + .nanoseconds(Int64(rng.next() % (span + 1)))
            return min(max(LatencyDistribution.roundedToMillisecond(draw), low), high)
        case .exponential(let mean, let floor):
            let extra = min(rng.exponential(mean: mean.seconds), LatencyDistribution.longestExtra.seconds)
            let draw = floor + SimDuration.seconds(extra)
            return max(LatencyDistribution.roundedToMillisecond(draw), floor)
        }
    }

    /// The exponential tail is cut at 30 days, so no draw can overflow simulated time.
    static let longestExtra = SimDuration.days(30)

    /// Random draws are kept to whole milliseconds so traces read `delay=249ms`.
    static func roundedToMillisecond(_ duration: SimDuration) -> SimDuration {
        .milliseconds((duration.nanoseconds + 500_000) / 1_000_000)
    }

    /// `"fixed 250ms"`, `"uniform 100ms..400ms"`, `"exponential mean 2s floor 50ms"`.
    package var description: String {
        switch self {
        case .fixed(let delay): return "fixed \(delay)"
        case .uniform(let low, let high): return "uniform \(low)..\(high)"
        case .exponential(let mean, let floor): return "exponential mean \(mean) floor \(floor)"
        }
    }
}
