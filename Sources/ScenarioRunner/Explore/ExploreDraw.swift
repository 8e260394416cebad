import SimulationKernel

/// Draws one exploration run's faults from its seed (swarm testing): first which kinds of
/// fault the run has at all (each with probability ½), then each kind's count and parameters,
/// so one run has many duplicates and no outages, another the reverse.
///
/// No draw calls the C library: its `log2` and `exp2` differ in their last bit between glibc
/// and Darwin, which would make a seed draw different faults on another machine. Log-uniform
/// values use ``PortableMath`` (IEEE arithmetic alone) instead.
package enum ExploreDraw {
    /// The faults of the run with `seed` in a scenario lasting `span`, whose phone has reminders
    /// when `hasReminders`.
    ///
    /// - Complexity: O(1) (at most a dozen faults).
    package static func faults(seed: UInt64, span: SimDuration, hasReminders: Bool) -> [ExploreFault] {
        var rng = SplitMix64(seed: seed, label: 0x5357_524D)  // "SWRM"
        let length = max(span.nanoseconds, 1_000_000_000)
        // Whole milliseconds, so a reproduction file reads "+93412ms", not nanoseconds.
        func time() -> SimTime { SimTime(nanoseconds: Int64(rng.next() % UInt64(length)) / 1_000_000 * 1_000_000) }
        func duration(upTo limit: SimDuration) -> SimDuration {
            // Log-uniform between 1 s and `limit`: short blips as often as long outages.
            let milliseconds = logUniform(rng.uniform(), from: 1_000, to: Double(limit.nanoseconds) / 1e6)
            return .milliseconds(Int64(milliseconds))
        }
        var faults: [ExploreFault] = []
        let kinds = rng.next()
        if kinds & 1 != 0 {
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                let from = time()
                faults.append(.unreachable(from: from, to: from + duration(upTo: .minutes(20))))
            }
        }
        if kinds & 2 != 0 {
            faults.append(.latency(mean: .milliseconds(Int64(logUniform(rng.uniform(), from: 50, to: 6_400)))))
        }
        if kinds & 4 != 0 { faults.append(.duplicates(perMille: 20 + Int(rng.next() % 480))) }
        if kinds & 8 != 0 {
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                let relaunch: SimDuration? = rng.next() % 5 == 0 ? nil : duration(upTo: .minutes(30))
                faults.append(.termination(phone: rng.next() % 2 == 0, at: time(), relaunchAfter: relaunch))
            }
        }
        if kinds & 16 != 0 {
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                faults.append(.sessionFlap(at: time(), length: duration(upTo: .minutes(5))))
            }
        }
        if kinds & 32 != 0 {
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                faults.append(.wristDown(at: time(), length: duration(upTo: .minutes(3))))
            }
        }
        if hasReminders, kinds & 64 != 0 {
            let names = ["launchApp", "appForeground", "backgroundRefresh"]
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                faults.append(.appRun(kind: names[Int(rng.next() % 3)], at: time()))
            }
        }
        return faults
    }

    /// The value a `fraction` of the way from `low` to `high` on a logarithmic scale,
    /// `low · (high / low)^fraction`, computed as `low · e^(fraction · ln(high / low))` with
    /// ``PortableMath`` so that every platform gives the same bits. A `fraction` drawn uniformly
    /// from `[0, 1)` makes the result log-uniform in `[low, high)`.
    ///
    /// - Complexity: O(1).
    static func logUniform(_ fraction: Double, from low: Double, to high: Double) -> Double {
        low * PortableMath.exp(fraction * PortableMath.log(high / low))
    }
}
