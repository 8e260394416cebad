/// A handle to a scheduled event, used to cancel it.
public struct EventID: Hashable, Sendable, Comparable {
    /// The schedule order: the *n*-th event scheduled on a queue has sequence *n*.
    public let sequence: UInt64

    @inlinable
    public init(sequence: UInt64) {
        self.sequence = sequence
    }

    public static func < (lhs: EventID, rhs: EventID) -> Bool { lhs.sequence < rhs.sequence }
}

/// A priority queue of future events: earliest time first, and among equal times the
/// order in which they were scheduled (FIFO).
///
/// It is an array-backed binary min-heap keyed by `(time, sequence)`. Cancellation is lazy:
/// a cancelled event stays in the heap, marked, and is skipped when it reaches the top, so
/// cancelling never searches the heap.
///
/// Fast path: an event scheduled at exactly the time of the last event popped (a zero-delay
/// wake-up, very common in process-style simulations) goes to a FIFO side queue instead of the
/// heap, in O(1). Every entry in the side queue has that one time and a later sequence than
/// anything before it, so popping the smaller of the heap's top and the side queue's front
/// keeps exactly the `(time, sequence)` order of a plain heap.
///
/// ```swift
/// var queue = EventQueue<SimTime, String>()
/// queue.schedule("second", at: SimTime(offset: .seconds(2)))
/// queue.schedule("first", at: SimTime(offset: .seconds(1)))
/// queue.popNext()?.event  // "first"
/// ```
///
/// The hot paths are `@inlinable` so that a simulation in another module gets a
/// specialised heap (no generic dispatch per comparison); this is the kernel's inner loop.
public struct EventQueue<Time: Comparable, Event> {
    @usableFromInline
    struct Entry {
        @usableFromInline var time: Time
        @usableFromInline var sequence: UInt64
        @usableFromInline var event: Event

        @inlinable
        init(time: Time, sequence: UInt64, event: Event) {
            self.time = time
            self.sequence = sequence
            self.event = event
        }

        @inlinable
        func precedes(_ other: Entry) -> Bool {
            time < other.time || (!(other.time < time) && sequence < other.sequence)
        }
    }

    @usableFromInline var heap: [Entry] = []
    /// Entries scheduled at `currentTime`, in schedule order; `currentHead` is the front.
    @usableFromInline var current: [Entry] = []
    @usableFromInline var currentHead: Int = 0
    /// The time every entry in `current` has; while `current` is empty, the last popped time.
    @usableFromInline var currentTime: Time?
    @usableFromInline var nextSequence: UInt64 = 0
    @usableFromInline var cancelled: Set<UInt64> = []

    /// Creates an empty queue.
    @inlinable
    public init() {}

    /// Creates an empty queue with room for `capacity` pending events.
    @inlinable
    public init(capacity: Int) {
        heap.reserveCapacity(capacity)
    }

    /// The number of pending (scheduled, not yet popped, not cancelled) events.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var count: Int { heap.count + current.count - currentHead - cancelled.count }

    /// Whether no event is pending.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// The number of events ever scheduled on this queue.
    @inlinable
    public var scheduledCount: UInt64 { nextSequence }

    /// Schedules `event` at `time` and returns a handle that can cancel it.
    ///
    /// - Complexity: O(log *n*) for *n* entries in the heap; amortised O(1) when `time` equals
    ///   the time of the last event popped.
    @inlinable
    @discardableResult
    public mutating func schedule(_ event: Event, at time: Time) -> EventID {
        let entry = Entry(time: time, sequence: nextSequence, event: event)
        nextSequence &+= 1
        if time == currentTime {
            current.append(entry)
        } else {
            heap.append(entry)
            siftUp(from: heap.count - 1, entry)
        }
        return EventID(sequence: entry.sequence)
    }

    /// Cancels a pending event. Cancelling an event that already ran, or was already
    /// cancelled, does nothing and returns `false`.
    ///
    /// - Complexity: O(*n*) only to confirm that the event is still pending; the removal
    ///   itself is O(1) and the entry is discarded when it reaches the top.
    @inlinable
    @discardableResult
    public mutating func cancel(_ id: EventID) -> Bool {
        guard id.sequence < nextSequence, !cancelled.contains(id.sequence),
            heap.contains(where: { $0.sequence == id.sequence })
                || current[currentHead...].contains(where: { $0.sequence == id.sequence })
        else { return false }
        cancelled.insert(id.sequence)
        return true
    }

    /// The time of the earliest pending event, if any.
    ///
    /// - Complexity: amortised O(log *n*) (it may discard cancelled entries at the top).
    @inlinable
    public mutating func nextTime() -> Time? {
        dropCancelledTop()
        return peekNext()?.time
    }

    /// Removes and returns the earliest pending event (FIFO among equal times).
    ///
    /// - Complexity: O(log *n*) (O(1) for an event scheduled at the time of the previous
    ///   one), plus O(log *n*) per cancelled entry it discards.
    @inlinable
    public mutating func popNext() -> (time: Time, id: EventID, event: Event)? {
        dropCancelledTop()
        guard let next = removeNext() else { return nil }
        return (next.time, EventID(sequence: next.sequence), next.event)
    }

    @inlinable
    mutating func dropCancelledTop() {
        guard !cancelled.isEmpty else { return }
        while let next = peekNext(), cancelled.contains(next.sequence) {
            cancelled.remove(next.sequence)
            _ = removeNext()
        }
    }

    /// Whether the next entry is the front of `current` (rather than the heap's top).
    @inlinable
    var nextIsCurrent: Bool {
        currentHead < current.count && (heap.isEmpty || !heap[0].precedes(current[currentHead]))
    }

    @inlinable
    func peekNext() -> Entry? {
        nextIsCurrent ? current[currentHead] : heap.first
    }

    @inlinable
    mutating func removeNext() -> Entry? {
        if nextIsCurrent {
            let entry = current[currentHead]
            currentHead += 1
            if currentHead == current.count {
                current.removeAll(keepingCapacity: true)
                currentHead = 0
            }
            return entry
        }
        guard let top = removeTop() else { return nil }
        if currentHead == current.count { currentTime = top.time }
        return top
    }

    @inlinable
    mutating func removeTop() -> Entry? {
        guard !heap.isEmpty else { return nil }
        let last = heap.removeLast()
        guard !heap.isEmpty else { return last }
        let top = heap[0]
        siftDown(from: 0, last)
        return top
    }

    @inlinable
    mutating func siftUp(from start: Int, _ entry: Entry) {
        var index = start
        while index > 0 {
            let parent = (index - 1) >> 1
            guard entry.precedes(heap[parent]) else { break }
            heap[index] = heap[parent]
            index = parent
        }
        heap[index] = entry
    }

    @inlinable
    mutating func siftDown(from start: Int, _ entry: Entry) {
        let count = heap.count
        var index = start
        while true {
            var child = 2 * index + 1
            if child >= count { break }
            if child + 1 < count, heap[child + 1].precedes(heap[child]) { child += 1 }
            guard heap[child].precedes(entry) else { break }
            heap[index] = heap[child]
            index = child
        }
        heap[index] = entry
    }
}

extension EventQueue: Sendable where Time: Sendable, Event: Sendable {}
extension EventQueue.Entry: Sendable where Time: Sendable, Event: Sendable {}
