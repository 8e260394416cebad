import Testing

@testable import SimulationKernel

/// The fast paths (the front, the ordered lane that zero-delay events and in-order schedules
/// join, a push reusing the vacated root after a pop) must keep the exact `(time, schedule
/// order)` order of a plain heap, with cancellation and scheduling in the past.
@Suite struct EventQueueFastPathTests {
    @Test func aPushAfterAPopReusesTheVacatedRoot() {
        var queue = EventQueue<Int, String>()
        // In descending order: each one takes the front's place, the previous front goes to the heap.
        for (name, time) in [("d", 9), ("c", 6), ("b", 4), ("a", 1)] { queue.schedule(name, at: time) }
        #expect(queue.popNext()?.event == "a", "the front")
        let popped = queue.popNext()
        #expect(popped?.event == "b")
        #expect(queue.root == .vacated)
        #expect(queue.count == 2)
        let cancelledPopped = popped.map { queue.cancel($0.id) }
        #expect(cancelledPopped == false, "an event that already ran cannot be cancelled")
        #expect(queue.root == .pending, "cancel settled the root")
        #expect(queue.popNext()?.event == "c")
        #expect(queue.root == .vacated)
        queue.schedule("x", at: 20)  // after everything: the (empty) lane
        queue.schedule("e", at: 5)  // before everything: the front
        queue.schedule("f", at: 7)  // neither: the heap, into the vacated root
        #expect(queue.root == .pending)
        #expect(queue.count == 4)
        var order: [String] = []
        while let next = queue.popNext() {
            order.append(next.event)
            if next.event == "f" { queue.schedule("g", at: 8) }
        }
        #expect(order == ["e", "f", "g", "d", "x"])
        #expect(queue.isEmpty)
    }

    @Test func poppingTheLastEventThenSchedulingAgain() {
        var queue = EventQueue<Int, String>()
        queue.schedule("only", at: 3)
        #expect(queue.popNext()?.event == "only")
        #expect(queue.isEmpty)
        #expect(queue.nextTime() == nil)
        queue.schedule("later", at: 8)
        #expect(queue.nextTime() == 8)
        #expect(queue.popNext()?.event == "later")
        #expect(queue.popNext() == nil)
        #expect(queue.heap.isEmpty, "the vacated root was removed")
    }

    @Test func zeroDelayEventsRunAfterEarlierEventsAtTheSameTime() {
        var queue = EventQueue<Int, String>()
        queue.schedule("a", at: 5)
        queue.schedule("b", at: 5)
        queue.schedule("later", at: 6)
        #expect(queue.popNext()?.event == "a")
        queue.schedule("c", at: 5)  // at the current time: after "b", which was scheduled first
        #expect(queue.laneEnd - queue.laneHead == 2, "'b' and 'later' wait in the lane")
        #expect(queue.heapCount == 1, "'c' comes before the lane's last: the heap")
        #expect(queue.popNext()?.event == "b")
        queue.schedule("d", at: 5)
        #expect(queue.popNext()?.event == "c")
        #expect(queue.popNext()?.event == "d")
        #expect(queue.popNext()?.event == "later")
        #expect(queue.popNext() == nil)
    }

    @Test func schedulingInThePastStillPopsFirst() {
        var queue = EventQueue<Int, String>()
        queue.schedule("t10", at: 10)
        queue.schedule("t20", at: 20)
        #expect(queue.popNext()?.event == "t10")
        queue.schedule("now", at: 10)
        queue.schedule("past", at: 3)
        #expect(queue.popNext()?.event == "past")
        queue.schedule("past again", at: 3)  // must not overtake "now" (time 10)
        #expect(queue.popNext()?.event == "past again")
        #expect(queue.popNext()?.event == "now")
        #expect(queue.popNext()?.event == "t20")
    }

    @Test func cancellingAFastPathEvent() {
        var queue = EventQueue<Int, String>()
        queue.schedule("first", at: 1)
        _ = queue.popNext()
        let zero = queue.schedule("zero delay", at: 1)
        queue.schedule("kept", at: 1)
        #expect(queue.count == 2)
        let cancelledOnce = queue.cancel(zero)
        let cancelledTwice = queue.cancel(zero)
        #expect(cancelledOnce)
        #expect(!cancelledTwice)
        #expect(queue.count == 1)
        #expect(queue.nextTime() == 1)
        #expect(queue.popNext()?.event == "kept")
        #expect(queue.isEmpty)
        let cancelledAfterDiscard = queue.cancel(zero)
        #expect(!cancelledAfterDiscard, "cancelled and discarded")
    }

    /// Property: a random mix of schedules (many at the current time, some in the past),
    /// cancels and pops gives the same pops, counts and next times as a sorted reference.
    @Test(arguments: 0..<200)
    func matchesASortedReferenceWithZeroDelays(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var queue = EventQueue<Int, Int>()
        var pending: [(time: Int, seq: Int)] = []
        var ids: [Int: EventID] = [:]
        var lastPopped = 0
        for step in 0..<600 {
            let roll = Int.random(in: 0..<100, using: &rng)
            if roll < 45 {
                let offset = [0, 0, 0, 1, 2, 7, -3].randomElement(using: &rng) ?? 0
                let time = lastPopped + offset
                ids[step] = queue.schedule(step, at: time)
                pending.append((time, step))
            } else if roll < 52, let victim = pending.randomElement(using: &rng), let id = ids[victim.seq] {
                let cancelled = queue.cancel(id)
                #expect(cancelled, "seed \(seed) step \(step)")
                pending.removeAll { $0.seq == victim.seq }
            } else {
                pending.sort { $0.time < $1.time || ($0.time == $1.time && $0.seq < $1.seq) }
                #expect(queue.nextTime() == pending.first?.time, "seed \(seed) step \(step)")
                let popped = queue.popNext()
                #expect(popped?.event == pending.first?.seq, "seed \(seed) step \(step)")
                if let popped, !pending.isEmpty {
                    lastPopped = popped.time
                    pending.removeFirst()
                }
            }
            #expect(queue.count == pending.count, "seed \(seed) step \(step)")
        }
    }
}

/// Property: with scheduling, popping and cancelling interleaved at random (zero delays, equal
/// times and times in the past included, so both fast paths are exercised), the queue pops
/// exactly what a sorted reference list would.
@Suite struct EventQueueInterleavedPropertyTests {
    @Test(arguments: 0..<500)
    func interleavedOperationsMatchAReference(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var queue = EventQueue<Int, Int>()
        var reference: [(time: Int, sequence: UInt64)] = []
        var now = 0
        var issued: [EventID] = []
        for step in 0..<400 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<5:
                let time = max(0, now + [0, 0, 1, 2, 5, -1].randomElement(using: &rng)!)
                let id = queue.schedule(step, at: time)
                reference.append((time, id.sequence))
                issued.append(id)
            case 5..<8:
                let expected = reference.min { ($0.time, $0.sequence) < ($1.time, $1.sequence) }
                let popped = queue.popNext()
                #expect(popped?.id.sequence == expected?.sequence, "seed \(seed) step \(step)")
                #expect(popped?.time == expected?.time, "seed \(seed) step \(step)")
                if let popped {
                    reference.removeAll { $0.sequence == popped.id.sequence }
                    now = popped.time
                }
            default:
                guard let victim = issued.randomElement(using: &rng) else { continue }
                let pending = reference.contains { $0.sequence == victim.sequence }
                #expect(queue.cancel(victim) == pending, "seed \(seed) step \(step)")
                reference.removeAll { $0.sequence == victim.sequence }
            }
            #expect(queue.count == reference.count, "seed \(seed) step \(step)")
        }
    }
}

/// Property: `popNext(notAfter:)` pops exactly what `nextTime()` then `popNext()` would (the
/// earliest event if it is due by the limit), and leaves the queue untouched otherwise, with
/// cancellations and both fast paths in play.
@Suite struct EventQueuePopNotAfterPropertyTests {
    @Test(arguments: 0..<200)
    func popNotAfterMatchesPeekThenPop(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var queue = EventQueue<Int, Int>()
        var twin = EventQueue<Int, Int>()
        var issued: [EventID] = []
        var now = 0
        for step in 0..<300 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<5:
                let time = max(0, now + [0, 0, 1, 2, 5, -1].randomElement(using: &rng)!)
                issued.append(queue.schedule(step, at: time))
                twin.schedule(step, at: time)
            case 5..<9:
                let limit = now + Int.random(in: -1...3, using: &rng)
                let popped = queue.popNext(notAfter: limit)
                let expected = twin.nextTime().flatMap { $0 <= limit ? twin.popNext() : nil }
                #expect(popped?.event == expected?.event, "seed \(seed) step \(step)")
                #expect(popped?.time == expected?.time, "seed \(seed) step \(step)")
                if let popped { now = popped.time }
            default:
                guard let victim = issued.randomElement(using: &rng) else { continue }
                #expect(queue.cancel(victim) == twin.cancel(victim), "seed \(seed) step \(step)")
            }
            #expect(queue.count == twin.count, "seed \(seed) step \(step)")
        }
    }
}
