import SimulationKernel

/// Tap times for pipeline session tests: one tap every `spacing` plus a seeded offset below
/// `jitter`, so taps overlap on slow watches; the same seed gives the same times.
func seededTapTimes(_ count: Int, seed: UInt64, spacing: SimDuration, jitter: SimDuration) -> [SimTime] {
    var rng = SplitMix64(seed: seed)
    var time = SimTime.zero
    return (0..<count).map { _ in
        time += spacing + SimDuration(nanoseconds: Int64(rng.next() % UInt64(jitter.nanoseconds)))
        return time
    }
}
