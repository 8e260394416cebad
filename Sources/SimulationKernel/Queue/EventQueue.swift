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
/// One binary min-heap of keys ordered by `(time, sequence)`. Each pending event holds a slot
/// (``slots``): the event waits there, with the heap index of its key, so the heap moves only
/// small keys (never an event, whose copy would retain what it holds) and an event can be
/// cancelled by its ``EventID``: found in O(1) and taken out of the heap in O(log *n*). A popped
/// or cancelled event's slot joins the free slots (a list threaded through them) and holds the
/// next event scheduled.
///
/// A pop leaves its key at the root, vacated (``Root``): in a simulation the handler of the
/// event popped most often schedules the next one, whose key then takes the root and sifts down
/// once, instead of a sift down for the pop and a sift up for the insertion. Any other operation
/// first fills the vacated root with the last key, as a plain pop would have.
///
/// A sift moves keys within the heap's buffer and writes their new indices in the slots'
/// buffer: each array is checked for sole ownership once per operation, not once per key moved.
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

    /// Where a pending event waits: the event and the heap index of its key. A free slot holds
    /// no event, and its `link` is the next free slot (-1: none).
    @usableFromInline
    struct Slot {
        /// The heap index of the event's key while it is pending; the next free slot while free.
        @usableFromInline var link: Int
        @usableFromInline var event: Event?

        @inlinable
        init(link: Int, event: consuming Event?) {
            self.link = link
            self.event = event
        }
    }

    /// What the heap's first key is.
    @usableFromInline
    enum Root: Sendable {
        /// The earliest pending event's key (or the heap is empty).
        case pending
        /// The key of the event popped last, kept until the next operation: an insertion puts
        /// its key there, anything else first fills it with the last key
        /// (``fillVacatedRoot()``).
        case vacated
    }

    /// A binary min-heap of the pending events' keys by `(time, sequence)`, but for a vacated
    /// first key (``root``).
    @usableFromInline var heap: [Entry] = []
    @usableFromInline var root = Root.pending
    /// The pending events by slot, and the free slots.
    @usableFromInline var slots: [Slot] = []
    /// The first free slot (-1: none; the next is its ``Slot/link``).
    @usableFromInline var firstFreeSlot = -1
    @usableFromInline var nextSequence: UInt64 = 0

    /// Creates an empty queue.
    @inlinable
    public init() {}

    /// Creates an empty queue with room for `capacity` pending events.
    @inlinable
    public init(capacity: Int) {
        guard capacity > 0 else { return }
        heap.reserveCapacity(capacity)
        slots.reserveCapacity(capacity)
    }

    /// Removes every pending event and starts the sequence again at 0, keeping the room the
    /// queue has grown to.
    ///
    /// - Complexity: O(*n*) for *n* pending events.
    @inlinable
    public mutating func removeAll() {
        heap.removeAll(keepingCapacity: true)
        root = .pending
        slots.removeAll(keepingCapacity: true)
        firstFreeSlot = -1
        nextSequence = 0
    }

    /// The number of pending (scheduled, not yet popped, not cancelled) events.
    @inlinable
    public var count: Int {
        switch root {
        case .pending: heap.count
        case .vacated: heap.count - 1
        }
    }

    /// Whether no event is pending.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// The number of events ever scheduled on this queue.
    @inlinable
    public var scheduledCount: UInt64 { nextSequence }

    /// The time of the earliest pending event, if any.
    @inlinable
    public var nextTime: Time? {
        switch root {
        case .pending:
            return heap.first?.time
        case .vacated:
            // The earlier of the root's children.
            guard heap.count > 1 else { return nil }
            guard heap.count > 2, heap[2].precedes(heap[1]) else { return heap[1].time }
            return heap[2].time
        }
    }

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

    /// Puts `event` in a free slot (or a new one) and its key `(time, sequence)` in the heap.
    ///
    /// - Complexity: O(log *n*) for *n* pending events.
    @inlinable
    mutating func insert(_ event: consuming Event, at time: Time, sequence: UInt64) -> EventID {
        // A vacated root takes the new key (sifted down from there); else it is appended.
        let index: Int
        switch root {
        case .pending: index = heap.count
        case .vacated: index = 0
        }
        let slot: Int
        if firstFreeSlot >= 0 {
            slot = firstFreeSlot
            firstFreeSlot = slots[slot].link
            slots[slot] = Slot(link: index, event: event)
        } else {
            slot = slots.count
            slots.append(Slot(link: index, event: event))
        }
        let entry = Entry(time: time, sequence: sequence, slot: slot)
        switch root {
        case .pending: heap.append(entry)
        case .vacated: root = .pending
        }
        sift(entry, into: index)
        return EventID(sequence: sequence, slot: slot)
    }

    /// Cancels a pending event. Cancelling an event that already ran, or was already cancelled,
    /// does nothing and returns `false`.
    ///
    /// - Complexity: O(log *n*) for *n* pending events.
    @inlinable
    @discardableResult
    public mutating func cancel(_ id: EventID) -> Bool {
        fillVacatedRoot()
        guard slots.indices.contains(id.slot) else { return false }
        // A free slot's link is no heap index of this event: no pending key has its sequence.
        let index = slots[id.slot].link
        guard heap.indices.contains(index), heap[index].sequence == id.sequence else { return false }
        _ = remove(at: index)
        return true
    }

    /// Removes and returns the earliest pending event (FIFO among equal times).
    ///
    /// - Complexity: O(log *n*).
    @inlinable
    public mutating func popNext() -> (time: Time, id: EventID, event: Event)? {
        fillVacatedRoot()
        guard !heap.isEmpty else { return nil }
        let (entry, event) = vacateRoot()
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
        fillVacatedRoot()
        guard let first = heap.first, !(limit < first.time) else { return nil }
        let (entry, event) = vacateRoot()
        // A pending event's slot always holds it.
        guard let event else { return nil }
        return (entry.time, event)
    }

    /// Takes the earliest pending event out of a heap with a pending root: its slot is freed and
    /// its key stays at the root, vacated, for the next operation (``Root``).
    @inlinable
    mutating func vacateRoot() -> (entry: Entry, event: Event?) {
        let entry = heap[0]
        let event = release(entry.slot)
        root = .vacated
        return (entry, event)
    }

    /// Fills a vacated root with the last key, sifted down to where it belongs (what a plain pop
    /// does at once); nothing when the root is pending.
    @inlinable
    mutating func fillVacatedRoot() {
        guard case .vacated = root else { return }
        root = .pending
        let last = heap.removeLast()
        if !heap.isEmpty { sift(last, into: 0) }
    }

    /// Frees `slot` and returns the event it held.
    @inlinable
    mutating func release(_ slot: Int) -> Event? {
        let event = slots[slot].event.take()
        slots[slot].link = firstFreeSlot
        firstFreeSlot = slot
        return event
    }

    /// Takes the event whose key is at heap index `index` out of a heap with a pending root and
    /// frees its slot: the last key takes its place and sifts to where it belongs.
    @inlinable
    mutating func remove(at index: Int) -> (entry: Entry, event: Event?) {
        let entry = heap[index]
        let last = heap.removeLast()
        let event = release(entry.slot)
        if index < heap.count { sift(last, into: index) }
        return (entry, event)
    }

    /// Puts `moving` where it belongs in the heap, starting from the hole at `index`: up while
    /// it precedes its parent, else down while a child precedes it. Each key it passes moves
    /// into the hole it leaves, and it is written once, where it stops; every key moved has its
    /// slot's index updated.
    @inlinable
    mutating func sift(_ moving: Entry, into index: Int) {
        heap.withUnsafeMutableBufferPointer { heap in
            slots.withUnsafeMutableBufferPointer { slots in
                var hole = index
                if hole > 0, moving.precedes(heap[(hole - 1) / 2]) {
                    repeat {
                        let parent = (hole - 1) / 2
                        guard moving.precedes(heap[parent]) else { break }
                        heap[hole] = heap[parent]
                        slots[heap[hole].slot].link = hole
                        hole = parent
                    } while hole > 0
                } else {
                    let count = heap.count
                    while true {
                        let left = 2 * hole + 1
                        guard left < count else { break }
                        let right = left + 1
                        let earlier = right < count && heap[right].precedes(heap[left]) ? right : left
                        guard heap[earlier].precedes(moving) else { break }
                        heap[hole] = heap[earlier]
                        slots[heap[hole].slot].link = hole
                        hole = earlier
                    }
                }
                heap[hole] = moving
                slots[moving.slot].link = hole
            }
        }
    }
}

extension EventQueue: Sendable where Time: Sendable, Event: Sendable {}
extension EventQueue.Entry: Sendable where Time: Sendable, Event: Sendable {}
extension EventQueue.Slot: Sendable where Time: Sendable, Event: Sendable {}
