import Testing

@testable import SimulationKernel

/// Where an entry waits (the front, the ordered lane or the heap) must never change the order:
/// pops follow `(time, schedule order)` exactly, as one plain heap would give them.
@Suite struct EventQueueLanesTests {
    @Test func anEventAheadOfEverythingIsHeldAsTheFront() {
        var queue = EventQueue<Int, String>()
        queue.schedule("later", at: 9)
        queue.schedule("soon", at: 3)
        #expect(queue.front?.time == 3, "earlier than everything pending: the front")
        #expect(queue.frontEvent == "soon")
        #expect(queue.count == 2)
        #expect(queue.popNext()?.event == "soon")
        #expect(queue.front == nil)
        #expect(queue.frontEvent == nil)
        #expect(queue.popNext()?.event == "later")
        #expect(queue.isEmpty)
    }

    @Test func anEarlierEventTakesTheFrontsPlace() {
        var queue = EventQueue<Int, String>()
        queue.schedule("a", at: 5)
        queue.schedule("b", at: 4)
        #expect(queue.front?.time == 4)
        #expect(queue.heapCount == 1, "the previous front moved into the heap")
        queue.schedule("c", at: 4)  // same time, scheduled later: after "b"
        queue.schedule("d", at: 5)  // after "a"
        var order: [String] = []
        while let next = queue.popNext() { order.append(next.event) }
        #expect(order == ["b", "c", "a", "d"])
    }

    @Test func eventsScheduledInTimeOrderWaitInTheLane() {
        var queue = EventQueue<Int, Int>()
        queue.schedule(0, at: 0)
        for step in 1...40 { queue.schedule(step, at: step * 10) }
        #expect(queue.front?.time == 0)
        #expect(queue.laneEnd - queue.laneHead == 40, "each at or after the lane's last")
        #expect(queue.heapCount == 0)
        queue.schedule(-1, at: 15)  // out of order: the heap
        #expect(queue.heapCount == 1)
        var order: [Int] = []
        while let next = queue.popNext() { order.append(next.event) }
        #expect(order == [0, 1, -1] + Array(2...40))
        #expect(queue.laneEnd == 0 && queue.laneHead == 0, "a drained lane starts again")
    }

    /// A drained lane writes its next entries over its spent slots (it does not grow), and
    /// holds no event outside its pending range: popped events and the ones removed with
    /// `removeAll()` are released.
    @Test func aDrainedLaneWritesOverItsSpentSlots() {
        final class Token {}
        var queue = EventQueue<Int, Token>()
        weak var popped: Token?
        for round in 0..<3 {
            queue.schedule(Token(), at: round * 100)
            for step in 1...20 { queue.schedule(Token(), at: round * 100 + step) }
            #expect(queue.laneEnd - queue.laneHead == 20)
            #expect(queue.lane.count == 20, "round \(round): the spent slots are written over")
            var times: [Int] = []
            while let next = queue.popNext() {
                times.append(next.time)
                popped = next.event
            }
            #expect(times == Array(round * 100...round * 100 + 20))
            #expect(popped == nil, "a popped event is released")
        }
        weak var removed: Token?
        do {
            let token = Token()
            removed = token
            queue.schedule(Token(), at: 1_000)
            queue.schedule(token, at: 1_001)
        }
        #expect(removed != nil && queue.laneEnd - queue.laneHead == 1)
        queue.removeAll()
        #expect(removed == nil, "removeAll releases the lane's pending events")
        #expect(queue.isEmpty && queue.laneEnd == 0)
    }

    @Test func cancellingTheFront() {
        var queue = EventQueue<Int, String>()
        queue.schedule("kept", at: 8)
        let soon = queue.schedule("soon", at: 2)
        let cancelledOnce = queue.cancel(soon)
        let cancelledTwice = queue.cancel(soon)
        #expect(cancelledOnce)
        #expect(!cancelledTwice)
        #expect(queue.count == 1)
        #expect(queue.popNext(notAfter: 5) == nil, "the cancelled front is skipped, 'kept' is not due")
        #expect(queue.nextTime() == 8)
        #expect(queue.popNext(notAfter: 8)?.event == "kept")
        #expect(queue.isEmpty)
    }

    /// Property: a mix shaped like a simulation run (a script scheduled in order at the start,
    /// handlers scheduling their next step just ahead of everything, replies further out, a
    /// few in the past or at equal times, cancellations, pops with a limit) pops exactly what a
    /// sorted reference pops, and every place (front, lane, heap) is used.
    @Test(arguments: 0..<300)
    func simulationShapedMixMatchesASortedReference(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var queue = EventQueue<Int, Int>()
        var reference: [(time: Int, sequence: UInt64, value: Int)] = []
        var issued: [EventID] = []
        var now = 0
        var used = (front: 0, lane: 0, heap: 0)
        func schedule(_ value: Int, at time: Int) {
            let wasFront = queue.front?.time
            let lane = queue.laneEnd
            let heap = queue.heapCount
            let id = queue.schedule(value, at: time)
            if queue.front?.time == time, queue.front?.sequence == id.sequence, wasFront != time { used.front += 1 }
            if queue.laneEnd > lane { used.lane += 1 }
            if queue.heapCount > heap { used.heap += 1 }
            reference.append((time, id.sequence, value))
            issued.append(id)
        }
        for step in 0..<Int.random(in: 0...30, using: &rng) {
            schedule(-step - 1, at: step * Int.random(in: 1...50, using: &rng))
        }
        for step in 0..<400 {
            switch Int.random(in: 0..<20, using: &rng) {
            case 0..<6:
                schedule(step, at: now + Int.random(in: 0...3, using: &rng))
            case 6..<9:
                schedule(step, at: now + Int.random(in: 0...400, using: &rng))
            case 9:
                schedule(step, at: now - Int.random(in: 0...5, using: &rng))
            case 10:
                guard let victim = issued.randomElement(using: &rng) else { continue }
                let pending = reference.contains { $0.sequence == victim.sequence }
                #expect(queue.cancel(victim) == pending, "seed \(seed) step \(step)")
                reference.removeAll { $0.sequence == victim.sequence }
            default:
                let limit = now + Int.random(in: -1...20, using: &rng)
                let expected = reference.min { ($0.time, $0.sequence) < ($1.time, $1.sequence) }
                let due = expected.map { $0.time <= limit } ?? false
                let popped = queue.popNext(notAfter: limit)
                #expect(popped?.time == (due ? expected?.time : nil), "seed \(seed) step \(step)")
                #expect(popped?.event == (due ? expected?.value : nil), "seed \(seed) step \(step)")
                if let popped, let expected {
                    reference.removeAll { $0.sequence == expected.sequence }
                    now = max(now, popped.time)
                }
            }
            #expect(queue.count == reference.count, "seed \(seed) step \(step)")
        }
        while let popped = queue.popNext() {
            let expected = reference.min { ($0.time, $0.sequence) < ($1.time, $1.sequence) }
            #expect(popped.id.sequence == expected?.sequence, "seed \(seed) draining")
            reference.removeAll { $0.sequence == popped.id.sequence }
        }
        #expect(reference.isEmpty, "seed \(seed)")
        #expect(used.front > 0 && used.lane > 0 && used.heap > 0, "seed \(seed): \(used)")
    }

    /// A lane that never drains (two entries pending, each pop followed by a schedule after the
    /// last) keeps O(pending) entries, not one per event ever scheduled, and keeps the order.
    @Test func aLaneThatNeverDrainsStaysSmall() {
        var queue = EventQueue<Int, Int>()
        queue.schedule(0, at: 0)
        queue.schedule(1, at: 1)
        queue.schedule(2, at: 2)
        var last = 2
        for expected in 0..<100_000 {
            let popped = queue.popNext()
            #expect(popped?.event == expected && popped?.time == expected, "pop \(expected)")
            last += 1
            queue.schedule(last, at: last)
            if expected > 1 { #expect(queue.front == nil, "scheduled after the pending ones: the lane") }
        }
        #expect(queue.count == 3)
        #expect(queue.lane.count <= 128, "the lane holds \(queue.lane.count) entries for 3 pending")
    }
}
