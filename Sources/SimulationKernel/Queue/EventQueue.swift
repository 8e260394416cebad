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
/// It is an array-backed binary min-heap keyed by `(time, sequence)`. The heap holds only each
/// entry's time, sequence and the slot of its event in a side array, so the sifts move small
/// plain values and never copy (retain and release) the events themselves. Cancellation is lazy:
/// a cancelled event stays in the heap, marked, and is skipped when it reaches the top, so
/// cancelling never searches the heap.
///
/// Two fast paths keep the `(time, sequence)` order of a plain heap exactly:
/// - An event scheduled at exactly the time of the last event popped (a zero-delay wake-up,
///   very common in process-style simulations) goes to a FIFO side queue instead of the heap,
///   in O(1). Every entry there has that one time and a later sequence than anything before
///   it, so popping the smaller of the heap's top and the side queue's front is exact.
/// - Popping the heap's top leaves its slot vacant until the next heap operation: if that is a
///   schedule (an event handler scheduling its successor), the new entry takes the root and
///   sifts down once, instead of a sift-down for the pop plus a sift-up for the push.
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
    }

    /// A heap entry: the event's time and sequence, and where its event waits in `slots`.
    @usableFromInline
    struct Key {
        @usableFromInline var time: Time
        @usableFromInline var sequence: UInt64
        @usableFromInline var slot: Int

        @inlinable
        init(time: Time, sequence: UInt64, slot: Int) {
            self.time = time
            self.sequence = sequence
            self.slot = slot
        }

        @inlinable
        func precedes(_ other: Key) -> Bool { precedes(other.time, other.sequence) }

        @inlinable
        func precedes(_ otherTime: Time, _ otherSequence: UInt64) -> Bool {
            time < otherTime || (!(otherTime < time) && sequence < otherSequence)
        }
    }

    /// What `heap[0]` holds.
    @usableFromInline
    enum Root: Sendable {
        /// The earliest pending heap entry (or the heap is empty).
        case pending
        /// An entry already popped, kept until the next heap operation fills or removes it.
        case vacated
    }

    /// A binary min-heap by `(time, sequence)`; see ``Root`` for its first slot.
    @usableFromInline var heap: [Key] = []
    /// The events of the heap's entries, by `Key.slot`; a free slot is `nil` and listed in
    /// `freeSlots` for reuse.
    @usableFromInline var slots: [Event?] = []
    @usableFromInline var freeSlots: [Int] = []
    @usableFromInline var root: Root = .pending
    /// Entries scheduled at `currentTime`, in schedule order, from `currentHead` on.
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
        slots.reserveCapacity(capacity)
    }

    /// The number of pending (scheduled, not yet popped, not cancelled) events.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var count: Int {
        heapCount + current.count - currentHead - cancelled.count
    }

    /// Whether no event is pending.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// The number of events ever scheduled on this queue.
    @inlinable
    public var scheduledCount: UInt64 { nextSequence }

    /// Schedules `event` at `time` and returns a handle that can cancel it.
    ///
    /// The queue takes `event` over (`consuming`): a caller passing its last use of a value
    /// moves it in, with no copy (no retain of what the event holds) and no destroy afterwards.
    ///
    /// - Complexity: O(log *n*) for *n* entries in the heap; amortised O(1) when `time` equals
    ///   the time of the last event popped.
    @inlinable
    @discardableResult
    public mutating func schedule(_ event: consuming Event, at time: Time) -> EventID {
        let sequence = nextSequence
        nextSequence &+= 1
        if time == currentTime {
            current.append(Entry(time: time, sequence: sequence, event: event))
        } else {
            insertIntoHeap(Key(time: time, sequence: sequence, slot: store(event)))
        }
        return EventID(sequence: sequence)
    }

    /// Cancels a pending event. Cancelling an event that already ran, or was already
    /// cancelled, does nothing and returns `false`.
    ///
    /// - Complexity: O(*n*) only to confirm that the event is still pending; the removal
    ///   itself is O(1) and the entry is discarded when it reaches the top.
    @inlinable
    @discardableResult
    public mutating func cancel(_ id: EventID) -> Bool {
        settleRoot()
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

    /// Removes and returns the earliest pending event if it is due at or before `limit` (FIFO
    /// among equal times); `nil`, leaving the queue as it was, when none is.
    ///
    /// One look at the top instead of ``nextTime()`` followed by ``popNext()``.
    ///
    /// - Complexity: that of ``popNext()``.
    @inlinable
    public mutating func popNext(notAfter limit: Time) -> (time: Time, event: Event)? {
        dropCancelledTop()
        guard let next = peekNext(), !(limit < next.time), let entry = removeNext() else { return nil }
        return (entry.time, entry.event)
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
        guard currentHead < current.count else { return false }
        guard let top = heapTop else { return true }
        let front = current[currentHead]
        return !top.precedes(front.time, front.sequence)
    }

    /// The time and sequence of the next entry.
    @inlinable
    func peekNext() -> (time: Time, sequence: UInt64)? {
        if nextIsCurrent {
            let front = current[currentHead]
            return (front.time, front.sequence)
        }
        return heapTop.map { ($0.time, $0.sequence) }
    }

    @inlinable
    mutating func removeNext() -> Entry? {
        if nextIsCurrent {
            let entry = current[currentHead]
            currentHead += 1
            if currentHead == current.count, currentHead >= 256 {
                current.removeAll(keepingCapacity: true)
                currentHead = 0
            }
            return entry
        }
        settleRoot()
        guard let top = heap.first, let event = take(top.slot) else { return nil }
        root = .vacated
        if currentHead == current.count { currentTime = top.time }
        return Entry(time: top.time, sequence: top.sequence, event: event)
    }

    /// Puts `event` in a free slot (or a new one) and returns the slot.
    @inlinable
    mutating func store(_ event: consuming Event) -> Int {
        if let slot = freeSlots.popLast() {
            slots[slot] = event
            return slot
        }
        slots.append(event)
        return slots.count - 1
    }

    /// Moves the event out of `slot` and frees the slot.
    @inlinable
    mutating func take(_ slot: Int) -> Event? {
        freeSlots.append(slot)
        return slots[slot].take()
    }
}

extension EventQueue: Sendable where Time: Sendable, Event: Sendable {}
extension EventQueue.Entry: Sendable where Time: Sendable, Event: Sendable {}
extension EventQueue.Key: Sendable where Time: Sendable {}
