import Testing

@testable import SimulationKernel

/// Events held beside a loop (``HeldEvents``: admitted by the loop, taken when it says they are
/// next) must come in exactly the order, at exactly the times, and against exactly the same
/// event limit as if they were scheduled on the loop's queue.
@Suite struct HeldEventsTests {
    /// What either loop hands out.
    enum Item: Equatable {
        case queued(Int)
        case held
    }

    /// One loop with everything in its queue (the reference), one with the `held` events beside it.
    struct Pair {
        var reference: EventLoop<Item>
        var split: EventLoop<Int>
        var held = HeldEvents()

        init(limit: EventLimit) {
            reference = EventLoop(capacity: 4, limit: limit)
            split = EventLoop(capacity: 4, limit: limit)
        }

        mutating func schedule(_ value: Int, at time: SimTime) {
            reference.schedule(.queued(value), at: time)
            split.schedule(value, at: time)
        }

        mutating func scheduleHeld(at time: SimTime) {
            reference.schedule(.held, at: time)
            if let key = split.admitHeldEvent(at: time) { held.insert(key) }
        }

        /// The split loop's next item due at or before `limit`.
        mutating func nextSplit(notAfter limit: SimTime) -> Item? {
            if let key = held.first, split.takesHeldEvent(key, notAfter: limit) {
                held.removeFirst()
                return .held
            }
            return split.next(notAfter: limit).map(Item.queued)
        }
    }

    @Test func anEarlierHeldEventGoesFirstAndEqualTimesKeepTheirScheduleOrder() {
        var pair = Pair(limit: .unlimited)
        pair.schedule(1, at: SimTime(nanoseconds: 5))
        pair.scheduleHeld(at: SimTime(nanoseconds: 5))
        pair.schedule(2, at: SimTime(nanoseconds: 5))
        pair.scheduleHeld(at: SimTime(nanoseconds: 3))
        pair.scheduleHeld(at: SimTime(nanoseconds: 9))
        #expect(pair.held.count == 3)
        var order: [Item] = []
        while let item = pair.nextSplit(notAfter: SimTime(nanoseconds: 8)) { order.append(item) }
        #expect(order == [.held, .queued(1), .held, .queued(2)])
        #expect(pair.split.now == SimTime(nanoseconds: 8), "nothing else due: the clock moves to the limit")
        #expect(pair.nextSplit(notAfter: SimTime(nanoseconds: 9)) == .held)
        #expect(pair.split.now == SimTime(nanoseconds: 9))
        #expect(pair.held.count == 0)
    }

    /// Property: random mixes (held events ahead, behind, at equal times and in the past, queued
    /// events anywhere, pops with limits, a small event limit in some seeds) give the same items,
    /// the same clock, the same scheduled count and the same status as the reference loop.
    @Test func heldEventsKeepTheOrderOfOneQueue() {
        for seed in UInt64(0)..<300 {
            var rng = SplitMix64(seed: seed)
            let limit: EventLimit = seed % 5 == 0 ? EventLimit(150 + Int(seed % 97)) : .unlimited
            var pair = Pair(limit: limit)
            var heldSeen = 0
            for step in 0..<500 {
                let now = pair.reference.now.nanoseconds
                func at(_ offset: Int64) -> SimTime { SimTime(nanoseconds: max(0, now + offset)) }
                switch Int.random(in: 0..<20, using: &rng) {
                case 0..<5: pair.scheduleHeld(at: at(Int64.random(in: -2...30, using: &rng)))
                case 5..<10: pair.schedule(step, at: at(Int64.random(in: -2...400, using: &rng)))
                case 10..<12: pair.schedule(step, at: at(Int64.random(in: 0...2, using: &rng)))
                default:
                    let limit = at(Int64.random(in: -1...25, using: &rng))
                    let expected = pair.reference.next(notAfter: limit)
                    let got = pair.nextSplit(notAfter: limit)
                    guard got == expected, pair.split.now == pair.reference.now else {
                        Issue.record(
                            "seed \(seed) step \(step): \(String(describing: got)) != \(String(describing: expected))")
                        return
                    }
                    if got == .held { heldSeen += 1 }
                }
                guard pair.split.scheduledCount == pair.reference.scheduledCount,
                    pair.split.status.isStopped == pair.reference.status.isStopped
                else {
                    Issue.record("seed \(seed) step \(step): counts or status differ")
                    return
                }
            }
            while let expected = pair.reference.next(notAfter: .distantFuture) {
                guard pair.nextSplit(notAfter: .distantFuture) == expected, pair.split.now == pair.reference.now else {
                    Issue.record("seed \(seed) draining")
                    return
                }
            }
            #expect(pair.nextSplit(notAfter: .distantFuture) == nil, "seed \(seed): nothing left")
            #expect(heldSeen > 0, "seed \(seed): held events were handed out")
        }
    }
}
