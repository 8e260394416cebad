import Testing

@testable import SimulationKernel

/// A script whose steps are known in advance keeps only its next step pending, in the place in
/// the order that scheduling every step at the start gives (``EventLoop/reserve(_:)``).
@Suite struct EventLoopReservedOrderTests {
    /// Steps scheduled one at a time with reserved sequences pop in exactly the order that
    /// scheduling them all at the start gives, among events scheduled in between at the same
    /// times (over many random schedules).
    @Test(arguments: 0..<50 as Range<UInt64>)
    func aCursorGivesTheOrderOfSchedulingEverythingAtTheStart(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let stepTimes = (0..<20).map { _ in Int64.random(in: 0..<10, using: &rng) }.sorted()
        // Each handled event schedules a few more at times drawn from the same small range.
        let spawns = (0..<200).map { _ in
            (count: Int.random(in: 0...2, using: &rng), delay: Int64.random(in: 0..<3, using: &rng))
        }

        func run(cursor: Bool) -> [String] {
            var loop = EventLoop<String>(limit: EventLimit(10_000))
            loop.schedule("start", at: .zero)
            var first: UInt64 = 0
            if cursor {
                first = loop.reserve(stepTimes.count) ?? 0
                loop.schedule("step0", at: SimTime(nanoseconds: stepTimes[0]), reservedSequence: first)
            } else {
                for (index, time) in stepTimes.enumerated() {
                    loop.schedule("step\(index)", at: SimTime(nanoseconds: time))
                }
            }
            var order: [String] = []
            var spawned = 0
            while let event = loop.next() {
                order.append(event)
                if cursor, event.hasPrefix("step"), let index = Int(event.dropFirst(4)), index + 1 < stepTimes.count {
                    loop.schedule(
                        "step\(index + 1)", at: SimTime(nanoseconds: stepTimes[index + 1]),
                        reservedSequence: first + UInt64(index + 1))
                }
                guard spawned < spawns.count else { continue }
                let spawn = spawns[spawned]
                for copy in 0..<spawn.count {
                    loop.schedule("e\(spawned).\(copy)", after: .nanoseconds(spawn.delay))
                }
                spawned += 1
            }
            return order
        }
        let cursor = run(cursor: true)
        #expect(cursor == run(cursor: false), "seed \(seed)")
        #expect(cursor.filter { $0.hasPrefix("step") }.count == stepTimes.count, "seed \(seed)")
    }

    /// Reserved sequences count against the limit when reserved; reserving past it stops the
    /// loop as scheduling them one by one would, with as many events counted.
    @Test func reservingPastTheLimitStopsTheLoop() {
        var loop = EventLoop<Int>(limit: EventLimit(10))
        loop.schedule(0, at: .zero)
        #expect(loop.reserve(5) == 1)
        #expect(loop.scheduledCount == 6)
        #expect(loop.reserve(5) == nil)
        #expect(loop.scheduledCount == 10)
        #expect(loop.status == .stopped(EventLimitExceeded(limit: EventLimit(10), time: .zero)))
        #expect(loop.next() == nil)
    }
}
