import SimulationKernel
import Testing

/// Issue #15, "endless loops or unbounded memory from one number": a loop stops at its limit.
@Suite struct EventLimitTests {
    /// A process that reschedules itself forever (a refresh every nanosecond) stops at the limit
    /// instead of running on; the status says when.
    @Test func aSelfReschedulingProcessStopsAtTheLimit() {
        var loop = EventLoop<Int>(limit: EventLimit(1_000))
        loop.schedule(0, at: .zero)
        var handled = 0
        while let event = loop.next() {
            handled += 1
            loop.schedule(event + 1, after: .nanoseconds(1))
        }
        #expect(handled == 1_000)
        #expect(loop.scheduledCount == 1_000)
        #expect(loop.status == .stopped(EventLimitExceeded(limit: EventLimit(1_000), time: SimTime(nanoseconds: 999))))
        #expect(loop.status.exceeded?.description.contains("after scheduling 1000 events") == true)
    }

    /// Eager scheduling of a huge series stops at the limit: memory stays bounded.
    @Test func eagerSchedulingStopsAtTheLimit() {
        var loop = EventLoop<Int>(limit: EventLimit(10_000))
        for index in 0..<10_000_000 {
            loop.schedule(index, at: SimTime(nanoseconds: Int64(index)))
            if loop.status.exceeded != nil { break }
        }
        #expect(loop.pendingCount == 10_000)
        let next = loop.next()
        #expect(next == nil, "a stopped loop hands out nothing")
        let refused = loop.schedule(1, at: .zero)
        let cancelled = loop.cancel(refused)
        #expect(!cancelled, "the handle of a refused event cancels nothing")
    }

    @Test func withinTheLimitNothingChanges() {
        var loop = EventLoop<String>(limit: EventLimit(3))
        loop.schedule("b", at: SimTime(offset: .seconds(2)))
        loop.schedule("a", at: SimTime(offset: .seconds(1)))
        loop.schedule("c", at: SimTime(offset: .seconds(3)))
        #expect(loop.status == .running)
        let events = [loop.next(), loop.next(), loop.next(), loop.next()]
        #expect(events == ["a", "b", "c", nil])
        #expect(loop.status == .running)
    }
}
