import SimulationKernel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Draws one exploration run's faults from its seed (swarm testing): first which kinds of
/// fault the run has at all (each with probability ½), then each kind's count and parameters,
/// so one run has many duplicates and no outages, another the reverse.
package enum ExploreDraw {
    /// The faults of the run with `seed` in a scenario lasting `span`, whose phone has reminders
    /// when `hasReminders`.
    ///
    /// - Complexity: O(1) (at most a dozen faults).
    package static func faults(seed: UInt64, span: SimDuration, hasReminders: Bool) -> [ExploreFault] {
        var base = SplitMix64(seed: seed)
        var rng = base.split(label: 0x5357_524D)  // "SWRM"
        let length = max(span.nanoseconds, 1_000_000_000)
        // Whole milliseconds, so a reproduction file reads "+93412ms", not nanoseconds.
        func time() -> SimTime { SimTime(nanoseconds: Int64(rng.next() % UInt64(length)) / 1_000_000 * 1_000_000) }
        func duration(upTo limit: SimDuration) -> SimDuration {
            // Log-uniform between 1 s and `limit`: short blips as often as long outages.
            let exponent = rng.uniform() * log2(Double(limit.nanoseconds) / 1e9)
            return SimDuration(nanoseconds: Int64(1e3 * exp2(exponent)) * 1_000_000)
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
            faults.append(.latency(mean: .milliseconds(Int64(50 * exp2(rng.uniform() * 7)))))
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
}
