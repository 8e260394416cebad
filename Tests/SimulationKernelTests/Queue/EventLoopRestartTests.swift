import Testing

@testable import SimulationKernel

/// A loop started again (``EventLoop/restart(at:)``) is a new loop that kept its queue's room:
/// whatever it held or went through before (front, lane, heap, cancelled events, a stop at its
/// limit), it hands out what a new loop given the same schedule hands out.
@Suite struct EventLoopRestartTests {
    /// What a loop hands out, with its clock and counts, for a schedule drawn from `seed`.
    static func drive(_ loop: inout EventLoop<Int>, seed: UInt64) -> [String] {
        var rng = SplitMix64(seed: seed)
        var log: [String] = []
        var ids: [EventID] = []
        for step in 0..<200 {
            switch rng.next() % 5 {
            case 0, 1:
                let delay = SimDuration.milliseconds(Int64(rng.next() % 50))
                ids.append(loop.schedule(step, after: delay))
            case 2:
                ids.append(loop.schedule(step, at: SimTime(nanoseconds: Int64(rng.next() % 3) * 1_000_000)))
            case 3:
                if !ids.isEmpty { log.append("cancel \(loop.cancel(ids[Int(rng.next() % UInt64(ids.count))]))") }
            default:
                let limit = loop.now + .milliseconds(Int64(rng.next() % 20))
                log.append("next \(String(describing: loop.next(notAfter: limit))) at \(loop.now)")
            }
        }
        while let event = loop.next() { log.append("drain \(event) at \(loop.now)") }
        log.append("scheduled \(loop.scheduledCount) pending \(loop.pendingCount) \(loop.status) at \(loop.now)")
        return log
    }

    @Test func restartedLoopRunsAsANewOne() {
        for seed in UInt64(1)...200 {
            let limit = EventLimit(seed % 3 == 0 ? 60 : 10_000)
            var used = EventLoop<Int>(capacity: 2, limit: limit)
            _ = Self.drive(&used, seed: seed &* 7)
            // Left mid-run: events pending in every place, some cancelled (or the loop stopped).
            var rng = SplitMix64(seed: seed)
            for value in 0..<Int(rng.next() % 30) { used.schedule(value, after: .milliseconds(Int64(rng.next() % 9))) }
            let start = SimTime(nanoseconds: Int64(seed % 4) * 1_000_000)
            used.restart(at: start)
            var fresh = EventLoop<Int>(capacity: 2, limit: limit)
            _ = fresh.next(notAfter: start)
            #expect(used.pendingCount == 0 && used.scheduledCount == 0 && used.now == start, "seed \(seed)")
            #expect(Self.drive(&used, seed: seed) == Self.drive(&fresh, seed: seed), "seed \(seed)")
        }
    }
}
