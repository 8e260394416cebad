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
///
/// A loop schedules at most ``limit`` events (see ``EventLimit``). Scheduling one more stops it:
/// ``status`` becomes ``EventLoopStatus/stopped(_:)``, and from then on nothing is scheduled
/// and ``next()`` returns `nil`, so the run ends with its reason instead of running on.
///
/// Every operation a run performs per event is `@inlinable`, so a simulation in another module
/// gets the loop and its ``EventQueue`` specialised for its own event type (no generic metadata
/// lookups or witness calls per event).
public struct EventLoop<Event> {
    /// The current simulated time: the time of the last event popped.
    @inlinable public var now: SimTime { currentTime }
    @usableFromInline var currentTime: SimTime = .zero
    @usableFromInline var queue: EventQueue<SimTime, Event>
    /// The most events this loop schedules.
    public let limit: EventLimit
    /// Whether the loop runs or stopped at its limit.
    public private(set) var status: EventLoopStatus = .running

    /// Creates a loop at the scenario's start with no events.
    ///
    /// - Parameters:
    ///   - capacity: room reserved for pending events.
    ///   - limit: the most events the loop will schedule (default: no practical limit).
    public init(capacity: Int = 64, limit: EventLimit = .unlimited) {
        queue = EventQueue(capacity: capacity)
        self.limit = limit
    }

    /// Empties the loop and starts it again at `time`: it is then what a new loop with the same
    /// ``limit`` advanced to `time` is (nothing pending, nothing scheduled yet, running), except
    /// that its queue keeps the room it has grown to (``EventQueue/removeAll()``).
    ///
    /// - Complexity: O(*n*) for *n* entries held.
    @inlinable
    public mutating func restart(at time: SimTime = .zero) {
        queue.removeAll()
        currentTime = time
        resume()
    }

    /// The number of events scheduled so far (each counts against ``limit``).
    @inlinable public var scheduledCount: Int { Int(clamping: queue.scheduledCount) }

    /// The handle returned once the loop has stopped: cancelling it does nothing.
    @usableFromInline static var refused: EventID { EventID(sequence: .max) }

    /// Whether one more event may be scheduled; if not, stops the loop.
    @inlinable
    mutating func admitsOneMore() -> Bool {
        if case .stopped = status { return false }
        guard queue.scheduledCount < UInt64(limit.maximum) else {
            stop()
            return false
        }
        return true
    }

    @usableFromInline
    mutating func stop() {
        status = .stopped(EventLimitExceeded(limit: limit, time: currentTime))
    }

    /// Runs again (``restart(at:)``).
    @usableFromInline
    mutating func resume() {
        status = .running
    }

    /// The number of pending events.
    @inlinable public var pendingCount: Int { queue.count }

    /// Schedules `event` at `time` (or at `now` if `time` is in the past). Past the limit,
    /// stops the loop and schedules nothing (the returned handle cancels nothing).
    ///
    /// The loop takes `event` over (`consuming`, see ``EventQueue/schedule(_:at:)``).
    ///
    /// - Complexity: O(log *n*).
    @inlinable
    @discardableResult
    public mutating func schedule(_ event: consuming Event, at time: SimTime) -> EventID {
        guard admitsOneMore() else { return Self.refused }
        return queue.schedule(event, at: max(time, now))
    }

    /// Counts one event scheduled at `time` that the caller holds itself instead of in the
    /// queue (a dedicated slot for a kind of event that carries nothing, such as a timer that is
    /// always handled the same way): it draws the next sequence from the queue's own counter,
    /// exactly as ``schedule(_:at:)`` would, and counts against ``limit`` the same way.
    ///
    /// The caller keeps the returned time and sequence (``HeldEvents``) and handles the event
    /// when ``takesHeldEvent(_:notAfter:)`` says it is the next one due, so events held outside
    /// the queue and events in it keep exactly the order one queue would give them.
    ///
    /// - Returns: the event's time (`time`, or `now` if `time` has passed) and sequence; `nil`
    ///   once the loop has stopped at its limit (this call may be what stops it).
    /// - Complexity: O(1).
    @inlinable
    public mutating func admitHeldEvent(at time: SimTime) -> HeldEvents.Key? {
        guard admitsOneMore() else { return nil }
        return (max(time, now), queue.drawSequence())
    }

    /// Whether the held event `key` (``admitHeldEvent(at:)``) is the loop's next event due at or
    /// before `limit`: the loop runs and no event in the queue comes before it in `(time,
    /// sequence)` order. If so, `now` moves to its time and the caller handles it; otherwise
    /// nothing changes.
    ///
    /// - Complexity: amortised O(1) (O(log *n*) per cancelled entry it discards at the top).
    @inlinable @inline(__always)
    public mutating func takesHeldEvent(_ key: HeldEvents.Key, notAfter limit: SimTime) -> Bool {
        if case .stopped = status { return false }
        if limit < key.time { return false }
        if !queue.cancelled.isEmpty { queue.dropCancelledTop() }
        if let queued = queue.peekNext(),
            queued.time < key.time || (queued.time == key.time && queued.sequence < key.sequence)
        {
            return false
        }
        if key.time > currentTime { currentTime = key.time }
        return true
    }

    /// Schedules `event` `delay` after `now`.
    ///
    /// - Complexity: O(log *n*).
    @inlinable
    @discardableResult
    public mutating func schedule(_ event: consuming Event, after delay: SimDuration) -> EventID {
        schedule(event, at: now + max(delay, .zero))
    }

    /// Cancels a pending event; returns whether it was pending.
    @inlinable
    @discardableResult
    public mutating func cancel(_ id: EventID) -> Bool { queue.cancel(id) }

    /// The time of the next pending event, if any.
    @inlinable
    public mutating func nextTime() -> SimTime? { queue.nextTime() }

    /// Pops the next event and advances `now` to its time; `nil` when none is pending or the
    /// loop has stopped at its limit.
    ///
    /// - Complexity: O(log *n*).
    @inlinable
    public mutating func next() -> Event? {
        if case .stopped = status { return nil }
        guard let (time, _, event) = queue.popNext() else { return nil }
        currentTime = time
        return event
    }

    /// Pops the next event only if it is due at or before `limit`; otherwise advances `now`
    /// to `limit` (if later) and returns `nil`.
    ///
    /// - Complexity: O(log *n*).
    @inlinable
    public mutating func next(notAfter limit: SimTime) -> Event? {
        if case .stopped = status { return nil }
        if let (time, event) = queue.popNext(notAfter: limit) {
            currentTime = time
            return event
        }
        if limit > currentTime { currentTime = limit }
        return nil
    }

    /// Moves the clock forward to `time` without handling events (used when nothing is due).
    @inlinable
    public mutating func advance(to time: SimTime) {
        if time > currentTime { currentTime = time }
    }
}
