import Testing

@testable import SimulationKernel

@Suite struct EventQueueTests {
    @Test func popsInTimeOrder() {
        var queue = EventQueue<Int, String>()
        queue.schedule("c", at: 3)
        queue.schedule("a", at: 1)
        queue.schedule("b", at: 2)
        var order: [String] = []
        while let next = queue.popNext() { order.append(next.event) }
        #expect(order == ["a", "b", "c"])
    }

    @Test func equalTimesRunInScheduleOrder() {
        var queue = EventQueue<Int, Int>()
        for index in 0..<100 { queue.schedule(index, at: index % 3) }
        var popped: [Int] = []
        while let next = queue.popNext() { popped.append(next.event) }
        let expected: [Int] =
            (0..<100).filter { $0 % 3 == 0 } + (0..<100).filter { $0 % 3 == 1 }
            + (0..<100).filter { $0 % 3 == 2 }
        #expect(popped == expected)
    }

    @Test func cancelledEventsNeverPop() {
        var queue = EventQueue<Int, String>()
        let first = queue.schedule("first", at: 1)
        queue.schedule("second", at: 2)
        let cancelled = queue.cancel(first)
        let cancelledAgain = queue.cancel(first)
        #expect(cancelled)
        #expect(!cancelledAgain, "a second cancel is a no-op")
        #expect(queue.count == 1)
        let next = queue.popNext()
        #expect(next?.event == "second")
        #expect(queue.isEmpty)
    }

    @Test func cancellingAnEventThatAlreadyRanDoesNothing() {
        var queue = EventQueue<Int, String>()
        let id = queue.schedule("x", at: 1)
        _ = queue.popNext()
        let cancelled = queue.cancel(id)
        #expect(!cancelled)
        #expect(queue.count == 0)
    }

    /// Property: for any seed, popping yields a sequence sorted by (time, schedule order),
    /// with cancelled events absent.
    @Test(arguments: 0..<200)
    func matchesASortedReference(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var queue = EventQueue<Int, Int>()
        var reference: [(time: Int, seq: Int)] = []
        var cancelledSeqs: Set<Int> = []
        var ids: [EventID] = []
        for seq in 0..<300 {
            let time = Int.random(in: 0..<50, using: &rng)
            ids.append(queue.schedule(seq, at: time))
            reference.append((time, seq))
            if rng.bernoulli(0.2), let victim = ids.randomElement(using: &rng) {
                if queue.cancel(victim) { cancelledSeqs.insert(Int(victim.sequence)) }
            }
        }
        let expected = reference.filter { !cancelledSeqs.contains($0.seq) }
            .sorted { $0.time < $1.time || ($0.time == $1.time && $0.seq < $1.seq) }.map(\.seq)
        var actual: [Int] = []
        while let next = queue.popNext() { actual.append(next.event) }
        #expect(actual == expected, "seed \(seed)")
    }
}
