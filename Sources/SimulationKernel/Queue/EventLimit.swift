/// The most events one run may schedule, and what happened when a run reached it.
///
/// A scenario file of a few hundred bytes can describe an unbounded amount of work (a refresh
/// every nanosecond for a century). Every ``EventLoop`` therefore counts the events scheduled on
/// it; once the count reaches its limit, the loop stops: it schedules and hands out nothing
/// more, and its ``EventLoop/status`` says when and why, so the simulation can end the run with
/// a clear error instead of running out of time or memory. Counting scheduled (not handled)
/// events bounds the queue's memory as well as the run's time.
public struct EventLimit: Hashable, Sendable, CustomStringConvertible {
    /// The most events a run may schedule.
    public var maximum: Int

    public init(_ maximum: Int) {
        self.maximum = max(0, maximum)
    }

    /// The default limit of a scenario run: one million events.
    package static let `default` = EventLimit(1_000_000)

    /// No practical limit (benchmarks and tests that mean to run without one).
    public static let unlimited = EventLimit(.max)

    public var description: String { "\(maximum) events" }
}

/// Where an ``EventLoop`` stands against its ``EventLimit``.
public enum EventLoopStatus: Hashable, Sendable {
    /// Events are scheduled and handed out normally.
    case running
    /// The limit was reached at `time`: nothing more is scheduled or handed out.
    case stopped(EventLimitExceeded)

    /// The reason, when the loop stopped.
    package var exceeded: EventLimitExceeded? {
        if case .stopped(let reason) = self { return reason }
        return nil
    }
}

/// A run that tried to schedule more events than its limit allows.
public struct EventLimitExceeded: Error, Hashable, Sendable, CustomStringConvertible {
    /// The limit that was reached.
    package var limit: EventLimit
    /// The simulated time at which the run tried to schedule one event too many.
    package var time: SimTime

    public init(limit: EventLimit, time: SimTime) {
        self.limit = limit
        self.time = time
    }

    /// `"the run was stopped at +2h after scheduling 1000000 events, its event limit"`.
    public var description: String {
        "the run was stopped at \(time) after scheduling \(limit.maximum) events, its event limit"
    }
}
