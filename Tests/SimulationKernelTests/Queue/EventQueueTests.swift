import Synchronization
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
        #expect(queue.count == 0)
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

    /// Property: pops, schedules, cancels and copies interleaved (a pop's vacated root taken by
    /// the next schedule, a copy that then goes its own way) agree with a sorted reference, for
    /// the queue and for a copy taken halfway; every event is released exactly once.
    @Test(arguments: 0..<200)
    func interleavedOperationsAndCopiesMatchAReference(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let live = LiveCount()
        var queue = EventQueue<Int, Tracked>()
        var reference: [(time: Int, seq: Int)] = []
        var ids: [Int: EventID] = [:]
        var now = 0
        var copy: (queue: EventQueue<Int, Tracked>, reference: [(time: Int, seq: Int)])?
        for seq in 0..<400 {
            switch rng.next() % 4 {
            case 0, 1:
                let time = now + Int(rng.next() % 20)
                ids[seq] = queue.schedule(Tracked(seq, live), at: time)
                reference.append((time, seq))
            case 2:
                let expected = Self.earliest(reference)
                let popped = queue.popNext()
                #expect(popped?.event.value == expected?.seq, "seed \(seed)")
                if let expected {
                    now = expected.time
                    reference.removeAll { $0.seq == expected.seq }
                }
            default:
                guard let victim = ids.keys.sorted().last(where: { _ in rng.bernoulli(0.3) }) else { continue }
                let pending = reference.contains { $0.seq == victim }
                #expect(queue.cancel(ids[victim]!) == pending, "seed \(seed)")
                reference.removeAll { $0.seq == victim }
            }
            #expect(queue.count == reference.count, "seed \(seed)")
            #expect(queue.nextTime == Self.earliest(reference)?.time, "seed \(seed)")
            if seq == 200 { copy = (queue, reference) }
        }
        #expect(Self.drain(&queue) == Self.sorted(reference), "seed \(seed)")
        if var copied = copy {
            copy = nil
            #expect(Self.drain(&copied.queue) == Self.sorted(copied.reference), "seed \(seed)")
        }
        #expect(live.count.withLock { $0 } == 0, "seed \(seed): every event released once")
    }

    @Test func aCopyIsAnIndependentValue() {
        var queue = EventQueue<Int, String>()
        queue.schedule("b", at: 2)
        let id = queue.schedule("a", at: 1)
        var copy = queue
        copy.cancel(id)
        copy.schedule("c", at: 0)
        #expect(queue.popNext()?.event == "a")
        #expect(copy.popNext()?.event == "c")
        #expect(queue.count == 1 && copy.count == 1)
    }

    @Test func removeAllEmptiesAndRestartsTheSequence() {
        var queue = EventQueue<Int, String>()
        for index in 0..<40 { queue.schedule("\(index)", at: index) }
        _ = queue.popNext()
        let kept = queue
        queue.removeAll()
        #expect(queue.count == 0 && queue.scheduledCount == 0)
        #expect(queue.schedule("x", at: 5).sequence == 0)
        #expect(kept.count == 39)
    }

    private static func earliest(_ reference: [(time: Int, seq: Int)]) -> (time: Int, seq: Int)? {
        reference.min { $0.time < $1.time || ($0.time == $1.time && $0.seq < $1.seq) }
    }

    private static func sorted(_ reference: [(time: Int, seq: Int)]) -> [Int] {
        reference.sorted { $0.time < $1.time || ($0.time == $1.time && $0.seq < $1.seq) }.map(\.seq)
    }

    private static func drain(_ queue: inout EventQueue<Int, Tracked>) -> [Int] {
        var popped: [Int] = []
        while let next = queue.popNext() { popped.append(next.event.value) }
        return popped
    }
}

/// How many ``Tracked`` events of one test are alive.
private final class LiveCount: Sendable {
    let count = Mutex(0)
}

/// An event that counts itself alive, to show the queue releases each event it was given
/// exactly once (none leaked, none released twice).
private final class Tracked: Sendable {
    let value: Int
    let live: LiveCount

    init(_ value: Int, _ live: LiveCount) {
        self.value = value
        self.live = live
        live.count.withLock { $0 += 1 }
    }

    deinit { live.count.withLock { $0 -= 1 } }
}
