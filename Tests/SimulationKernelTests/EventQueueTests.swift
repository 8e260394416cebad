import Testing

@testable import SimulationKernel

@Suite struct EventQueueTests {
    @Test func popsInTimeOrder() {
        var queue = EventQueue<Int, String>()
        queue.schedule("c", at: 3)
        queue.schedule("a", at: 1)
        queue.schedule("b", at: 2)
        #expect(queue.popNext()?.event == "a")
        #expect(queue.popNext()?.event == "b")
        #expect(queue.popNext()?.event == "c")
        #expect(queue.popNext() == nil)
    }

    @Test func equalTimesRunInScheduleOrder() {
        var queue = EventQueue<Int, Int>()
        for index in 0..<100 { queue.schedule(index, at: index % 3) }
        var popped: [(Int, Int)] = []
        while let next = queue.popNext() { popped.append((next.time, next.event)) }
        let expected: [Int] = (0..<100).sorted { ($0 % 3, $0) < ($1 % 3, $1) }
        #expect(popped.map { $0.1 } == expected)
    }

    @Test func cancelledEventsNeverPop() {
        var queue = EventQueue<Int, String>()
        let first = queue.schedule("first", at: 1)
        queue.schedule("second", at: 2)
        let cancelledOnce = queue.cancel(first)
        let cancelledTwice = queue.cancel(first)
        #expect(cancelledOnce)
        #expect(!cancelledTwice, "a second cancel is a no-op")
        #expect(queue.count == 1)
        #expect(queue.popNext()?.event == "second")
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
