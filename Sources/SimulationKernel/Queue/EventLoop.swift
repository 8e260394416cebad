/// A simulation clock driven by an ``EventQueue``: popping an event advances `now` to its time.
///
/// Simulations own one `EventLoop`, schedule their events on it, and handle them in a loop:
///
/// ```swift
/// var loop = EventLoop<MyEvent>()
/// loop.schedule(.arrive, after: .seconds(30))
/// while let event = loop.next() {
///     handle(event, at: loop.now)
/// }
/// ```
///
/// Time never moves backwards: scheduling in the past schedules at `now`.
public struct EventLoop<Event> {
    /// The current simulated time: the time of the last event popped.
    @inlinable public var now: SimTime { currentTime }
    @usableFromInline var currentTime: SimTime = .zero
    @usableFromInline var queue: EventQueue<SimTime, Event>

    /// Creates a loop at the scenario's start with no events.
    public init(capacity: Int = 64) {
        queue = EventQueue(capacity: capacity)
    }

    /// The number of pending events.
    public var pendingCount: Int { queue.count }

    /// Schedules `event` at `time` (or at `now` if `time` is in the past).
    ///
    /// - Complexity: O(log *n*).
    @inlinable
    @discardableResult
    public mutating func schedule(_ event: Event, at time: SimTime) -> EventID {
        queue.schedule(event, at: max(time, now))
    }

    /// Schedules `event` `delay` after `now`.
    ///
    /// - Complexity: O(log *n*).
    @inlinable
    @discardableResult
    public mutating func schedule(_ event: Event, after delay: SimDuration) -> EventID {
        queue.schedule(event, at: now + max(delay, .zero))
    }

    /// Cancels a pending event; returns whether it was pending.
    @discardableResult
    public mutating func cancel(_ id: EventID) -> Bool { queue.cancel(id) }

    /// The time of the next pending event, if any.
    public mutating func nextTime() -> SimTime? { queue.nextTime() }

    /// Pops the next event and advances `now` to its time.
    ///
    /// - Complexity: O(log *n*).
    @inlinable
    public mutating func next() -> Event? {
        guard let (time, _, event) = queue.popNext() else { return nil }
        currentTime = time
        return event
    }

    /// Pops the next event only if it is due at or before `limit`; otherwise advances `now`
    /// to `limit` (if later) and returns `nil`.
    public mutating func next(notAfter limit: SimTime) -> Event? {
        if let time = queue.nextTime(), time <= limit { return next() }
        if limit > currentTime { currentTime = limit }
        return nil
    }

    /// Moves the clock forward to `time` without handling events (used when nothing is due).
    public mutating func advance(to time: SimTime) {
        if time > currentTime { currentTime = time }
    }
}
