/// A handle to a scheduled event, used to cancel it.
public struct EventID: Hashable, Sendable {
    /// The schedule order: the *n*-th event scheduled on a queue has sequence *n*.
    public let sequence: UInt64
    /// The queue's slot that tracks where the event waits while it is pending.
    @usableFromInline let slot: Int

    @usableFromInline
    init(sequence: UInt64, slot: Int) {
        self.sequence = sequence
        self.slot = slot
    }
}

/// A priority queue of future events: earliest time first, and among equal times the order in
/// which they were scheduled (FIFO).
///
/// One binary min-heap of keys ordered by `(time, sequence)`. Each pending event holds a slot:
/// the event itself waits in ``events`` at its slot, and ``positions`` says where its key is in
/// the heap, so the heap moves only small keys (never an event, whose copy would retain what it
/// holds) and an event can be cancelled by its ``EventID``: found in O(1) and taken out of the
/// heap in O(log *n*). A popped or cancelled event's slot is free for the next one scheduled.
///
/// ```swift
/// var queue = EventQueue<SimTime, String>()
/// queue.schedule("second", at: SimTime(offset: .seconds(2)))
/// queue.schedule("first", at: SimTime(offset: .seconds(1)))
/// queue.popNext()?.event  // "first"
/// ```
///
/// `public` and `@inlinable`: the queue is generic and used from other modules (the world, the
/// store order, the benchmarks), and only a `public` inlinable body is specialised there (an
/// `@inlinable package` one is called unspecialised: the weekly-shop sweep measured ×19 slower).
public struct EventQueue<Time: Comparable, Event> {
    /// A pending event's key: its time, its sequence and its slot.
    @usableFromInline
    struct Entry {
        @usableFromInline var time: Time
        @usableFromInline var sequence: UInt64
        @usableFromInline var slot: Int

        @inlinable
        init(time: Time, sequence: UInt64, slot: Int) {
            self.time = time
            self.sequence = sequence
            self.slot = slot
        }

        /// Whether it comes before `other`: an earlier time, or the same time scheduled earlier.
        @inlinable
        func precedes(_ other: Entry) -> Bool {
            time < other.time || (!(other.time < time) && sequence < other.sequence)
        }
    }

    /// A binary min-heap of the pending events' keys by `(time, sequence)`.
    @usableFromInline var heap: [Entry] = []
    /// By slot: the heap index of the key of the pending event holding the slot (stale for a
    /// free slot).
    @usableFromInline var positions: [Int] = []
    /// By slot: the pending event holding the slot (`nil` for a free slot).
    @usableFromInline var events: [Event?] = []
    /// The slots no pending event holds.
    @usableFromInline var freeSlots: [Int] = []
    @usableFromInline var nextSequence: UInt64 = 0

    /// Creates an empty queue.
    @inlinable
    public init() {}

    /// Creates an empty queue with room for `capacity` pending events.
    @inlinable
    public init(capacity: Int) {
        guard capacity > 0 else { return }
        heap.reserveCapacity(capacity)
        positions.reserveCapacity(capacity)
        events.reserveCapacity(capacity)
        freeSlots.reserveCapacity(capacity)
    }

    /// Removes every pending event and starts the sequence again at 0, keeping the room the
    /// queue has grown to.
    ///
    /// - Complexity: O(*n*) for *n* pending events.
    @inlinable
    public mutating func removeAll() {
        heap.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
        events.removeAll(keepingCapacity: true)
        freeSlots.removeAll(keepingCapacity: true)
        nextSequence = 0
    }

    /// The number of pending (scheduled, not yet popped, not cancelled) events.
    @inlinable
    public var count: Int { heap.count }

    /// Whether no event is pending.
    @inlinable
    public var isEmpty: Bool { heap.isEmpty }

    /// The number of events ever scheduled on this queue.
    @inlinable
    public var scheduledCount: UInt64 { nextSequence }

    /// The time of the earliest pending event, if any.
    @inlinable
    public var nextTime: Time? { heap.first?.time }

    /// Schedules `event` at `time` and returns a handle that can cancel it.
    ///
    /// - Complexity: O(log *n*) for *n* pending events.
    @inlinable
    @discardableResult
    public mutating func schedule(_ event: consuming Event, at time: Time) -> EventID {
        let sequence = nextSequence
        nextSequence += 1
        return insert(event, at: time, sequence: sequence)
    }

    /// Sets aside the next `count` sequences for events scheduled later that take their place
    /// in the order now: the event given the *k*-th of them
    /// (``schedule(_:at:reservedSequence:)``) comes before any event at its time scheduled after
    /// this call, as if it had been scheduled here. A script whose steps are known in advance
    /// keeps only its next step pending this way, in the order scheduling them all would give.
    /// Returns the first reserved sequence; they count as scheduled (``scheduledCount``).
    ///
    /// - Complexity: O(1).
    @inlinable
    public mutating func reserveSequences(_ count: Int) -> UInt64 {
        let first = nextSequence
        nextSequence += UInt64(max(0, count))
        return first
    }

    /// Schedules `event` at `time` with a sequence set aside by ``reserveSequences(_:)`` (each
    /// used once), and returns a handle that can cancel it.
    ///
    /// - Complexity: O(log *n*) for *n* pending events.
    @inlinable
    @discardableResult
    public mutating func schedule(_ event: consuming Event, at time: Time, reservedSequence: UInt64) -> EventID {
        precondition(reservedSequence < nextSequence, "sequence \(reservedSequence) was not reserved")
        return insert(event, at: time, sequence: reservedSequence)
    }

    /// Puts `event` in a free slot and its key `(time, sequence)` in the heap.
    ///
    /// - Complexity: O(log *n*) for *n* pending events.
    @inlinable
    mutating func insert(_ event: consuming Event, at time: Time, sequence: UInt64) -> EventID {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            positions[slot] = heap.count
            events[slot] = event
        } else {
            slot = positions.count
            positions.append(heap.count)
            events.append(event)
        }
        heap.append(Entry(time: time, sequence: sequence, slot: slot))
        siftUp(from: heap.count - 1)
        return EventID(sequence: sequence, slot: slot)
    }

    /// Cancels a pending event. Cancelling an event that already ran, or was already cancelled,
    /// does nothing and returns `false`.
    ///
    /// - Complexity: O(log *n*) for *n* pending events.
    @inlinable
    @discardableResult
    public mutating func cancel(_ id: EventID) -> Bool {
        guard positions.indices.contains(id.slot) else { return false }
        let index = positions[id.slot]
        guard heap.indices.contains(index), heap[index].sequence == id.sequence else { return false }
        _ = remove(at: index)
        return true
    }

    /// Removes and returns the earliest pending event (FIFO among equal times).
    ///
    /// - Complexity: O(log *n*).
    @inlinable
    public mutating func popNext() -> (time: Time, id: EventID, event: Event)? {
        guard !heap.isEmpty else { return nil }
        let (entry, event) = remove(at: 0)
        // A pending event's slot always holds it.
        guard let event else { return nil }
        return (entry.time, EventID(sequence: entry.sequence, slot: entry.slot), event)
    }

    /// Removes and returns the earliest pending event if it is due at or before `limit`; `nil`,
    /// leaving the queue as it was, when none is.
    ///
    /// - Complexity: O(log *n*).
    @inlinable
    public mutating func popNext(notAfter limit: Time) -> (time: Time, event: Event)? {
        guard let first = heap.first, !(limit < first.time) else { return nil }
        let (entry, event) = remove(at: 0)
        // A pending event's slot always holds it.
        guard let event else { return nil }
        return (entry.time, event)
    }

    /// Takes the event whose key is at heap index `index` out: the last key takes its place
    /// and sifts to where it belongs; the slot is freed.
    @inlinable
    mutating func remove(at index: Int) -> (entry: Entry, event: Event?) {
        let entry = heap[index]
        let last = heap.removeLast()
        freeSlots.append(entry.slot)
        let event = events[entry.slot].take()
        if index < heap.count {
            place(last, at: index)
            if index > 0, last.precedes(heap[(index - 1) / 2]) {
                siftUp(from: index)
            } else {
                siftDown(from: index)
            }
        }
        return (entry, event)
    }

    /// Moves the entry at `index` up until its parent precedes it: each parent it passes moves
    /// down into the hole it leaves, and it is written once, where it stops.
    @inlinable
    mutating func siftUp(from index: Int) {
        let moving = heap[index]
        var hole = index
        while hole > 0 {
            let parent = (hole - 1) / 2
            guard moving.precedes(heap[parent]) else { break }
            place(heap[parent], at: hole)
            hole = parent
        }
        place(moving, at: hole)
    }

    /// Moves the entry at `index` down until it precedes its children: the earlier child moves
    /// up into the hole it leaves, and it is written once, where it stops.
    @inlinable
    mutating func siftDown(from index: Int) {
        let moving = heap[index]
        let count = heap.count
        var hole = index
        while true {
            let left = 2 * hole + 1
            guard left < count else { break }
            let right = left + 1
            let earlier = right < count && heap[right].precedes(heap[left]) ? right : left
            guard heap[earlier].precedes(moving) else { break }
            place(heap[earlier], at: hole)
            hole = earlier
        }
        place(moving, at: hole)
    }

    /// Writes `entry` at heap index `index` and records where its slot's event now is.
    @inlinable
    mutating func place(_ entry: Entry, at index: Int) {
        heap[index] = entry
        positions[entry.slot] = index
    }
}

extension EventQueue: Sendable where Time: Sendable, Event: Sendable {}
extension EventQueue.Entry: Sendable where Time: Sendable, Event: Sendable {}
