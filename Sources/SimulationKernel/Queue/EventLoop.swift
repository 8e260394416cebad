/// A simulation clock driven by an ``EventQueue``: popping an event advances `now` to its time.
///
/// A simulation owns one `EventLoop`, schedules every timed thing on it, and handles the events
/// in a loop:
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
/// `public` and `@inlinable` on what a run does per event: the loop is generic over its event and
/// used from other modules, where only a `public` inlinable body is specialised (see
/// ``EventQueue``).
public struct EventLoop<Event> {
    /// The current simulated time: the time of the last event popped.
    public var now: SimTime { currentTime }
    @usableFromInline var currentTime: SimTime = .zero
    @usableFromInline var queue: EventQueue<SimTime, Event>
    /// The most events this loop schedules.
    public let limit: EventLimit
    /// Whether the loop runs or stopped at its limit.
    public var status: EventLoopStatus { currentStatus }
    @usableFromInline var currentStatus: EventLoopStatus = .running

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
    /// ``limit`` advanced to `time` is, except that its queue keeps the room it has grown to.
    ///
    /// - Complexity: O(*n*) for *n* pending events.
    public mutating func restart(at time: SimTime = .zero) {
        queue.removeAll()
        currentTime = time
        currentStatus = .running
    }

    /// The number of events scheduled so far (each counts against ``limit``).
    package var scheduledCount: Int { Int(clamping: queue.scheduledCount) }

    /// The number of pending events.
    public var pendingCount: Int { queue.count }

    /// The time of the next pending event, if any.
    public var nextTime: SimTime? { queue.nextTime }

    /// Schedules `event` at `time` (or at `now` if `time` is in the past). Past the limit,
    /// stops the loop and schedules nothing (the returned handle cancels nothing).
    ///
    /// - Complexity: O(log *n*).
    @inlinable
    @discardableResult
    public mutating func schedule(_ event: consuming Event, at time: SimTime) -> EventID {
        if case .stopped = currentStatus { return EventID(sequence: .max, slot: -1) }
        guard queue.scheduledCount < UInt64(limit.maximum) else {
            currentStatus = .stopped(EventLimitExceeded(limit: limit, time: currentTime))
            return EventID(sequence: .max, slot: -1)
        }
        return queue.schedule(event, at: max(time, currentTime))
    }

    /// Sets aside the next `count` places in the order for events scheduled later: the event
    /// given the *k*-th of them (``schedule(_:at:reservedSequence:)``) comes before any event at
    /// its time scheduled after this call, as if it had been scheduled here. A script whose steps
    /// are known in advance keeps only its next step pending this way, in the order scheduling
    /// them all would give. They count against ``limit`` now, as scheduling them now would.
    /// Returns the first reserved sequence, or `nil` when they do not all fit under the limit:
    /// then the loop stops, as scheduling them one by one would have stopped it, and nothing is
    /// reserved past the limit.
    ///
    /// - Complexity: O(1).
    @inlinable
    public mutating func reserve(_ count: Int) -> UInt64? {
        if case .stopped = currentStatus { return nil }
        let first = queue.nextSequence
        let room = UInt64(limit.maximum) - min(UInt64(limit.maximum), first)
        queue.nextSequence += min(UInt64(max(0, count)), room)
        guard UInt64(max(0, count)) <= room else {
            currentStatus = .stopped(EventLimitExceeded(limit: limit, time: currentTime))
            return nil
        }
        return first
    }

    /// Schedules `event` at `time` (or at `now` if `time` is in the past) in the place in the
    /// order set aside by ``reserve(_:)`` (`reservedSequence` is one of the sequences it gave,
    /// each used once); it counted against the limit then. A stopped loop schedules nothing.
    ///
    /// - Complexity: O(log *n*).
    @inlinable
    @discardableResult
    public mutating func schedule(_ event: consuming Event, at time: SimTime, reservedSequence: UInt64) -> EventID {
        if case .stopped = currentStatus { return EventID(sequence: .max, slot: -1) }
        precondition(reservedSequence < queue.nextSequence, "sequence \(reservedSequence) was not reserved")
        return queue.insert(event, at: max(time, currentTime), sequence: reservedSequence)
    }

    /// Schedules `event` `delay` after `now`.
    ///
    /// - Complexity: O(log *n*).
    @inlinable
    @discardableResult
    public mutating func schedule(_ event: consuming Event, after delay: SimDuration) -> EventID {
        schedule(event, at: currentTime + max(delay, .zero))
    }

    /// Cancels a pending event; returns whether it was pending.
    ///
    /// - Complexity: O(log *n*).
    @inlinable
    @discardableResult
    public mutating func cancel(_ id: EventID) -> Bool { queue.cancel(id) }

    /// Pops the next event and advances `now` to its time; `nil` when none is pending or the
    /// loop has stopped at its limit. With a `limit`, pops it only if it is due at or before
    /// `limit`, and otherwise advances `now` to `limit` (if later) and returns `nil`.
    ///
    /// - Complexity: O(log *n*).
    @inlinable
    public mutating func next(notAfter limit: SimTime? = nil) -> Event? {
        if case .stopped = currentStatus { return nil }
        if let (time, event) = queue.popNext(notAfter: limit) {
            currentTime = time
            return event
        }
        if let limit, limit > currentTime { currentTime = limit }
        return nil
    }

    /// Moves the clock forward to `time` without handling events (used when nothing is due).
    public mutating func advance(to time: SimTime) {
        if time > currentTime { currentTime = time }
    }
}
