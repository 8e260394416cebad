import SimulationKernel
import Testing

@testable import CompanionModel

/// The driver's keeper of the link's timers (``LinkTimers``): an accepted interactive message's
/// two timers asked as one effect.
@Suite struct LinkTimersTests {
    /// `scheduleInteractive` puts the arrival and then the reply timeout on the loop, and keeps
    /// the timeout's handle: a cancel finds it, and only the arrival is left.
    @Test func interactiveTimersAreScheduledInOrderAndTheTimeoutCanBeCancelled() {
        var loop = EventLoop<LinkEvent>()
        var timers = LinkTimers()
        timers.perform(.scheduleInteractive(7, arrival: t(0.2), replyTimeout: t(30)), on: &loop)
        timers.perform(.cancelReplyTimeout(7), on: &loop)
        #expect(timers.takeReplyTimeout(of: 7) == nil, "the cancel forgot the handle")
        #expect(loop.next() == .timer(.messageArrival(7)))
        #expect(loop.next() == nil)
    }

    /// Both timers at the same instant come out in the order they were asked: arrival first.
    @Test func sameInstantKeepsTheArrivalFirst() {
        var loop = EventLoop<LinkEvent>()
        var timers = LinkTimers()
        timers.perform(.scheduleInteractive(3, arrival: t(1), replyTimeout: t(1)), on: &loop)
        #expect(loop.next() == .timer(.messageArrival(3)))
        let timeout = loop.next()
        #expect(timeout == .timer(.replyTimeout(3)))
        if let timeout { timers.willHandle(timeout) }
        #expect(timers.takeReplyTimeout(of: 3) == nil, "a handled timeout's handle is forgotten")
    }

    /// A reply timeout's handle is kept until its message ends: the loop's handle of the event;
    /// another timer keeps none.
    @Test func theHandleOfAPendingTimeoutIsKept() {
        var loop = EventLoop<LinkEvent>()
        var timers = LinkTimers()
        timers.perform(.scheduleInteractive(5, arrival: t(1), replyTimeout: t(30)), on: &loop)
        timers.perform(.schedule(.replyArrival(5), at: t(2)), on: &loop)
        let handle = timers.takeReplyTimeout(of: 5)
        #expect(handle.map { loop.cancel($0) } == true)
        #expect(timers.replyTimeouts.isEmpty)
        #expect(loop.next() == .timer(.messageArrival(5)))
        #expect(loop.next() == .timer(.replyArrival(5)))
        #expect(loop.next() == nil)
    }
}
