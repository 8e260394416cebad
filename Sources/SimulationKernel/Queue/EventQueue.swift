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
/// Every pending entry sits in one of three places, each sorted by `(time, sequence)`, and a pop
/// takes the earliest of their heads, so the order is exactly that of one plain heap:
/// - the **front**: one entry that was scheduled ahead of everything then pending (an event
///   handler scheduling the very next thing to happen, such as the next step of a running
///   computation). It is the earliest pending entry whenever it is held, so it is popped
///   without looking anywhere else: O(1) both ways. A later schedule that comes earlier still
///   moves it into the heap and takes its place.
/// - the **ordered lane**: a FIFO of entries scheduled in time order (each at or after the
///   lane's last one, such as a script's steps, scheduled at the start, or zero-delay wake-ups
///   at one time): appended and popped in O(1).
/// - the **heap**: an array-backed binary min-heap for everything else. Each entry holds its
///   event, and the sifts *move* entries through the array's buffer (a bitwise move: no copy,
///   no retain or release of what the events hold), so an insertion or a pop touches one array
///   and no side table. Popping its top takes the event out and leaves the root vacant until
///   the next heap operation: if that is an insertion, the new entry takes the root and sifts
///   down once, instead of a sift-down for the pop plus a sift-up for the push.
///
/// An entry's sequence is later than every pending one's when it is scheduled, so it comes
/// before a pending entry exactly when its time is earlier: where an entry goes is decided by
/// comparing times only.
///
/// Cancellation is lazy: a cancelled event stays where it is, marked, and is skipped when it
/// reaches the top, so cancelling never searches the heap.
///
/// ```swift
/// var queue = EventQueue<SimTime, String>()
/// queue.schedule("second", at: SimTime(offset: .seconds(2)))
/// queue.schedule("first", at: SimTime(offset: .seconds(1)))
/// queue.popNext()?.event  // "first"
/// ```
///
/// The hot paths are `@inlinable` so that a simulation in another module gets a
/// specialised queue (no generic dispatch per comparison); this is the kernel's inner loop.
public struct EventQueue<Time: Comparable, Event> {
    /// An entry of the ordered lane or the heap; its event is taken out when it is popped (a
    /// vacated heap root keeps its entry with no event until the next heap operation).
    @usableFromInline
    struct Entry {
        @usableFromInline var time: Time
        @usableFromInline var sequence: UInt64
        @usableFromInline var event: Event?

        @inlinable
        init(time: Time, sequence: UInt64, event: consuming Event) {
            self.time = time
            self.sequence = sequence
            self.event = event
        }

        @inlinable
        func precedes(_ other: Entry) -> Bool { precedes(other.time, other.sequence) }

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

    /// The time and sequence of the front entry, if one is held: it precedes every entry of
    /// the lane and the heap. Its event is `frontEvent`.
    @usableFromInline var front: (time: Time, sequence: UInt64)?
    /// The event of ``front`` (`nil` exactly when `front` is).
    @usableFromInline var frontEvent: Event?
    /// The ordered lane: entries in `(time, sequence)` order in `laneHead..<laneEnd`. The slots
    /// outside that range are spent (popped, their events gone), kept to be written over: a
    /// drained lane starts again at slot 0 in O(1), where removing its spent entries would
    /// destroy each through the entry type's value witness.
    @usableFromInline var lane: [Entry] = []
    /// The lane's first pending slot.
    @usableFromInline var laneHead: Int = 0
    /// The slot after the lane's last pending one (`lane.count` or less).
    @usableFromInline var laneEnd: Int = 0
    /// A binary min-heap by `(time, sequence)`, each entry with its event; see ``Root`` for its
    /// first slot.
    @usableFromInline var heap: [Entry] = []
    @usableFromInline var root: Root = .pending
    @usableFromInline var nextSequence: UInt64 = 0
    @usableFromInline var cancelled: Set<UInt64> = []

    /// Creates an empty queue.
    @inlinable
    public init() {}

    /// Creates an empty queue with room for `capacity` pending events (in the ordered lane,
    /// where a script scheduled at the start waits, and in the heap). With no room asked for it
    /// allocates nothing (`reserveCapacity(0)` would allocate an empty buffer for each).
    @inlinable
    public init(capacity: Int) {
        guard capacity > 0 else { return }
        lane.reserveCapacity(capacity)
        heap.reserveCapacity(capacity)
    }

    /// Removes every pending event and starts the sequence again at 0: the queue is then what a
    /// new one is, except that it keeps the room its lane and heap have grown to (a simulation
    /// run again reuses it instead of allocating, and growing, new ones).
    ///
    /// - Complexity: O(*n*) for *n* entries held.
    @inlinable
    public mutating func removeAll() {
        front = nil
        frontEvent = nil
        for slot in laneHead..<laneEnd { lane[slot].event = nil }
        laneHead = 0
        laneEnd = 0
        heap.removeAll(keepingCapacity: true)
        root = .pending
        nextSequence = 0
        cancelled.removeAll(keepingCapacity: true)
    }

    /// The number of pending (scheduled, not yet popped, not cancelled) events.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var count: Int {
        (front == nil ? 0 : 1) + laneEnd - laneHead + heapCount - cancelled.count
    }

    /// Whether no event is pending.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// The number of events ever scheduled on this queue.
    @inlinable
    public var scheduledCount: UInt64 { nextSequence }

    /// Takes the next sequence for an event the caller holds outside the queue (it counts in
    /// ``scheduledCount`` as a scheduled event does, and orders among the queue's entries by it).
    ///
    /// - Complexity: O(1).
    @inlinable
    public mutating func drawSequence() -> UInt64 {
        let sequence = nextSequence
        nextSequence &+= 1
        return sequence
    }

    /// Schedules `event` at `time` and returns a handle that can cancel it.
    ///
    /// The queue takes `event` over (`consuming`): a caller passing its last use of a value
    /// moves it in, with no copy (no retain of what the event holds) and no destroy afterwards.
    ///
    /// - Complexity: O(1) for an event that comes before every pending one or at or after the
    ///   lane's last one (amortised: the lane may grow); otherwise O(log *n*) for *n* entries in
    ///   the heap.
    @inlinable
    @discardableResult
    public mutating func schedule(_ event: consuming Event, at time: Time) -> EventID {
        let sequence = nextSequence
        nextSequence &+= 1
        if front == nil, isEarlierThanPending(time) {
            front = (time, sequence)
            frontEvent = event
        } else {
            enqueue(event, at: time, sequence: sequence)
        }
        return EventID(sequence: sequence)
    }

    /// Schedules an entry that is not simply the new front: it takes the front's place if it
    /// comes before the front (which moves into the heap), or joins the lane if it comes at or
    /// after the lane's last entry, or else the heap.
    ///
    /// - Complexity: O(log *n*), or amortised O(1) into the lane.
    @inlinable
    mutating func enqueue(_ event: consuming Event, at time: Time, sequence: UInt64) {
        if let held = front, time < held.time {
            // The new entry and the front's swap places: the front's event moves into the heap
            // (no copy of it), the new one into the front.
            var moving: Event? = event
            swap(&moving, &frontEvent)
            front = (time, sequence)
            guard let heldEvent = moving else { return }
            insertIntoHeap(Entry(time: held.time, sequence: held.sequence, event: heldEvent))
        } else if laneHead == laneEnd || !(time < lane[laneEnd &- 1].time) {
            appendToLane(Entry(time: time, sequence: sequence, event: event))
        } else {
            insertIntoHeap(Entry(time: time, sequence: sequence, event: event))
        }
    }

    /// Whether `time` is earlier than that of every pending entry of the lane and the heap (so
    /// an entry scheduled now at `time`, with the latest sequence, comes first).
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    func isEarlierThanPending(_ time: Time) -> Bool {
        if laneHead < laneEnd, !(time < lane[laneHead].time) { return false }
        guard let top = heapTopKey else { return true }
        return time < top.time
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
            front?.sequence == id.sequence || heap.contains(where: { $0.sequence == id.sequence })
                || lane[laneHead..<laneEnd].contains(where: { $0.sequence == id.sequence })
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
        if let key = front, cancelled.isEmpty {
            guard !(limit < key.time), let event = frontEvent.take() else { return nil }
            front = nil
            return (key.time, event)
        }
        return popNextBehindFront(notAfter: limit)
    }

    /// ``popNext(notAfter:)`` when there is no ``front`` or something is cancelled: the general
    /// path (a separate method, so the front's path stays small where it is inlined).
    @inlinable
    mutating func popNextBehindFront(notAfter limit: Time) -> (time: Time, event: Event)? {
        dropCancelledTop()
        guard let next = peekNext(), !(limit < next.time), let entry = removeNext() else { return nil }
        return (entry.time, entry.event)
    }

    /// Removes and returns the earliest pending event (FIFO among equal times).
    ///
    /// - Complexity: O(log *n*) (O(1) from the front or the lane), plus O(log *n*) per
    ///   cancelled entry it discards.
    @inlinable
    public mutating func popNext() -> (time: Time, id: EventID, event: Event)? {
        dropCancelledTop()
        guard let next = removeNext() else { return nil }
        return (next.time, EventID(sequence: next.sequence), next.event)
    }

    /// Discards the cancelled entries at the top (nothing to do, the common case, costs one
    /// check where it is inlined).
    @inlinable @inline(__always)
    mutating func dropCancelledTop() {
        guard !cancelled.isEmpty else { return }
        dropCancelledEntries()
    }

    /// ``dropCancelledTop()`` once some event is cancelled.
    ///
    /// - Complexity: O(log *n*) per cancelled entry it discards.
    @inlinable
    mutating func dropCancelledEntries() {
        while let next = peekNext(), cancelled.contains(next.sequence) {
            cancelled.remove(next.sequence)
            _ = removeNext()
        }
    }

    /// Whether the next entry (the front aside) is the lane's head rather than the heap's top.
    @inlinable @inline(__always)
    var nextIsInLane: Bool {
        guard laneHead < laneEnd else { return false }
        guard let top = heapTopKey else { return true }
        let head = (time: lane[laneHead].time, sequence: lane[laneHead].sequence)
        let heapFirst = top.time < head.time || (!(head.time < top.time) && top.sequence < head.sequence)
        return !heapFirst
    }

    /// The time and sequence of the next entry.
    @inlinable @inline(__always)
    func peekNext() -> (time: Time, sequence: UInt64)? {
        if let front { return front }
        if nextIsInLane { return (lane[laneHead].time, lane[laneHead].sequence) }
        return heapTopKey
    }

    @inlinable
    mutating func removeNext() -> (time: Time, sequence: UInt64, event: Event)? {
        if let key = front, let event = frontEvent.take() {
            front = nil
            return (key.time, key.sequence, event)
        }
        if nextIsInLane { return takeLaneHead() }
        settleRoot()
        let top = heap.withUnsafeMutableBufferPointer { buffer -> (time: Time, sequence: UInt64, event: Event)? in
            guard let base = buffer.baseAddress, !buffer.isEmpty, let event = base.pointee.event.take() else {
                return nil
            }
            return (base.pointee.time, base.pointee.sequence, event)
        }
        if top != nil { root = .vacated }
        return top
    }

    /// Puts `entry` after the lane's last one: over the first spent slot there, if any (its
    /// key written over and the events swapped, so nothing is destroyed), else appended.
    ///
    /// - Complexity: amortised O(1).
    @inlinable
    mutating func appendToLane(_ entry: consuming Entry) {
        if laneEnd < lane.count {
            var incoming = entry
            let slot = laneEnd
            lane.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                base[slot].time = incoming.time
                base[slot].sequence = incoming.sequence
                swap(&base[slot].event, &incoming.event)
            }
        } else {
            lane.append(entry)
        }
        laneEnd &+= 1
    }

    /// Moves the lane's head out; once the lane is drained, starts it again at slot 0 (its
    /// spent slots kept to be written over). A lane that never drains (each pop followed by a
    /// schedule after its last entry) drops its popped prefix once that is at least half of it,
    /// so it holds O(pending) entries, not one per event ever scheduled into it.
    ///
    /// - Complexity: amortised O(1).
    @inlinable
    mutating func takeLaneHead() -> (time: Time, sequence: UInt64, event: Event)? {
        let head = laneHead
        laneHead &+= 1
        let time = lane[head].time
        let sequence = lane[head].sequence
        guard let event = lane[head].event.take() else { return nil }
        if laneHead == laneEnd {
            laneHead = 0
            laneEnd = 0
        } else if laneHead >= 64, laneHead &* 2 >= laneEnd {
            lane.removeSubrange(0..<laneHead)
            laneEnd &-= laneHead
            laneHead = 0
        }
        return (time, sequence, event)
    }
}

extension EventQueue: Sendable where Time: Sendable, Event: Sendable {}
extension EventQueue.Entry: Sendable where Time: Sendable, Event: Sendable {}
