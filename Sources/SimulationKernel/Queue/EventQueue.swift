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
/// One binary min-heap of keys ordered by `(time, sequence)`. Each pending event waits in a slot
/// of the queue's storage, with the heap index of its key, so the heap moves only small keys
/// (never an event) and an event can be cancelled by its ``EventID``: found in O(1) and taken out
/// of the heap in O(log *n*). A popped or cancelled event's slot joins the free slots (a list
/// threaded through them) and holds the next event scheduled.
///
/// Keys, slots and events share one storage object (``Storage``), checked for sole ownership
/// once per operation (copied first if it is shared, so a copy of the queue is an independent
/// value). An event is moved into its slot when scheduled and moved out when popped: a free slot
/// holds no event at all, not an empty optional to destroy.
///
/// A pop leaves its key at the root, vacated: in a simulation the handler of the event popped
/// most often schedules the next one, whose key then takes the root and sifts down once, instead
/// of a sift down for the pop and a sift up for the insertion. Any other operation first fills
/// the vacated root with the last key, as a plain pop would have.
///
/// ```swift
/// var queue = EventQueue<SimTime, String>()
/// queue.schedule("second", at: SimTime(offset: .seconds(2)))
/// queue.schedule("first", at: SimTime(offset: .seconds(1)))
/// queue.popNext()?.event  // "first"
/// ```
///
/// `public` and `@inlinable`: the queue is generic and used from other modules (the world, the
/// store order, the benchmarks), where only a public inlinable body is specialised (the figures
/// of each choice are in BENCHMARKS.md).
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

    /// The queue's storage: the heap of keys, and the slots (each the heap index of its event's
    /// key and the event, or, free, the next free slot and no event), in three buffers of
    /// ``capacity`` elements allocated together.
    ///
    /// `keys[0..<keyCount]` is the heap (its first key vacated when ``rootIsVacated``);
    /// `links[0..<slotCount]` are the slots ever used; `events[slot]` is initialised exactly
    /// when `slot` holds a pending event, i.e. when a key of the heap other than a vacated root
    /// names it.
    @usableFromInline
    final class Storage {
        @usableFromInline let capacity: Int
        @usableFromInline let keys: UnsafeMutablePointer<Entry>
        /// A pending event's heap index; a free slot's next free slot (-1: none).
        @usableFromInline let links: UnsafeMutablePointer<Int>
        @usableFromInline let events: UnsafeMutablePointer<Event>
        @usableFromInline let counts: UnsafeMutablePointer<EventQueueCounts>

        @inlinable
        init(capacity: Int) {
            self.capacity = capacity
            // With no room no buffer is allocated: each is an aligned address never read or
            // written (a queue made empty, such as the world's placeholders while it swaps its
            // buffers, costs no allocation per buffer; deinit frees only allocated ones).
            guard capacity > 0 else {
                keys = UnsafeMutablePointer(bitPattern: MemoryLayout<Entry>.alignment).unsafelyUnwrapped
                links = UnsafeMutablePointer(bitPattern: MemoryLayout<Int>.alignment).unsafelyUnwrapped
                events = UnsafeMutablePointer(bitPattern: MemoryLayout<Event>.alignment).unsafelyUnwrapped
                counts = .allocate(capacity: 1)
                counts.initialize(to: EventQueueCounts())
                return
            }
            keys = .allocate(capacity: capacity)
            links = .allocate(capacity: capacity)
            events = .allocate(capacity: capacity)
            counts = .allocate(capacity: 1)
            counts.initialize(to: EventQueueCounts())
        }

        /// The number of keys in the heap (a vacated root included).
        @inlinable
        var keyCount: Int {
            get { counts.pointee.keys }
            set { counts.pointee.keys = newValue }
        }

        /// Whether the heap's first key is that of the event popped last, kept until the next
        /// operation: an insertion puts its key there, anything else first fills it with the last
        /// key (``fillVacatedRoot()``).
        @inlinable
        var rootIsVacated: Bool {
            get { counts.pointee.rootIsVacated }
            set { counts.pointee.rootIsVacated = newValue }
        }

        /// The number of slots ever used.
        @inlinable
        var slotCount: Int {
            get { counts.pointee.slots }
            set { counts.pointee.slots = newValue }
        }

        /// The first free slot (-1: none; the next is its link).
        @inlinable
        var firstFreeSlot: Int {
            get { counts.pointee.firstFreeSlot }
            set { counts.pointee.firstFreeSlot = newValue }
        }

        /// A storage of `newCapacity` (at least this one's) holding what this one holds: copied,
        /// or, with `moving`, moved (this one is then left empty). Not inlinable: this rare path (a
        /// queue that grows or is shared) stays out of every operation's specialised code.
        @usableFromInline
        func copy(capacity newCapacity: Int, moving: Bool) -> Storage {
            let copy = Storage(capacity: newCapacity)
            copy.keyCount = keyCount
            copy.rootIsVacated = rootIsVacated
            copy.slotCount = slotCount
            copy.firstFreeSlot = firstFreeSlot
            copy.links.initialize(from: links, count: slotCount)
            for index in (rootIsVacated ? 1 : 0)..<keyCount {
                let slot = keys[index].slot
                if moving {
                    (copy.events + slot).moveInitialize(from: events + slot, count: 1)
                } else {
                    (copy.events + slot).initialize(to: events[slot])
                }
            }
            if moving {
                copy.keys.moveInitialize(from: keys, count: keyCount)
                keyCount = 0
                rootIsVacated = false
                slotCount = 0
                firstFreeSlot = -1
            } else {
                copy.keys.initialize(from: keys, count: keyCount)
            }
            return copy
        }

        /// Destroys the pending events, keeping the room.
        @inlinable
        func removeAll() {
            for index in (rootIsVacated ? 1 : 0)..<keyCount {
                (events + keys[index].slot).deinitialize(count: 1)
            }
            keys.deinitialize(count: keyCount)
            keyCount = 0
            rootIsVacated = false
            slotCount = 0
            firstFreeSlot = -1
        }

        /// Destroys the pending events and frees the buffers. A class's deinit is never
        /// specialised: an empty storage (a placeholder, a queue run dry) touches no element type
        /// here, and the buffers are freed as raw memory, so that no generic metadata is looked up.
        deinit {
            if keyCount > 0 { removeAll() }
            if capacity > 0 {
                UnsafeMutableRawPointer(keys).deallocate()
                UnsafeMutableRawPointer(links).deallocate()
                UnsafeMutableRawPointer(events).deallocate()
            }
            UnsafeMutableRawPointer(counts).deallocate()
        }

        /// Puts `moving` where it belongs in the heap, starting from the hole at `index`: up
        /// while it precedes its parent, else down while a child precedes it. Each key it passes
        /// moves into the hole it leaves, and it is written once, where it stops; every key
        /// moved has its slot's heap index updated.
        @inlinable
        func sift(_ moving: Entry, into index: Int) {
            var hole = index
            if hole > 0, moving.precedes(keys[(hole - 1) / 2]) {
                repeat {
                    let parent = (hole - 1) / 2
                    guard moving.precedes(keys[parent]) else { break }
                    keys[hole] = keys[parent]
                    links[keys[hole].slot] = hole
                    hole = parent
                } while hole > 0
            } else {
                let count = keyCount
                while true {
                    let left = 2 * hole + 1
                    guard left < count else { break }
                    let right = left + 1
                    let earlier = right < count && keys[right].precedes(keys[left]) ? right : left
                    guard keys[earlier].precedes(moving) else { break }
                    keys[hole] = keys[earlier]
                    links[keys[hole].slot] = hole
                    hole = earlier
                }
            }
            keys[hole] = moving
            links[moving.slot] = hole
        }

        /// Fills a vacated root with the last key, sifted down to where it belongs (what a
        /// plain pop does at once); nothing when the root is pending.
        @inlinable
        func fillVacatedRoot() {
            guard rootIsVacated else { return }
            rootIsVacated = false
            keyCount -= 1
            let last = (keys + keyCount).move()
            if keyCount > 0 { sift(last, into: 0) }
        }

        /// Frees `slot` and moves out the event it held.
        @inlinable
        func release(_ slot: Int) -> Event {
            links[slot] = firstFreeSlot
            firstFreeSlot = slot
            return (events + slot).move()
        }
    }

    @usableFromInline var storage: Storage
    /// The sequence of the next event scheduled.
    @usableFromInline var nextSequence: UInt64 = 0

    /// Creates an empty queue with room for `capacity` pending events (none by default).
    @inlinable
    public init(capacity: Int = 0) {
        storage = Storage(capacity: max(0, capacity))
    }

    /// Makes the storage this queue's alone (copying it if another queue shares it), with room
    /// for one more key and one more slot when `room`.
    ///
    /// - Complexity: O(1), or O(*n*) when it copies or grows.
    @inlinable
    mutating func makeUnique(room: Bool = false) {
        let unique = isKnownUniquelyReferenced(&storage)
        let full =
            room
            && (storage.keyCount == storage.capacity
                || (storage.firstFreeSlot < 0 && storage.slotCount == storage.capacity))
        guard full || !unique else { return }
        storage = storage.copy(capacity: full ? max(16, storage.capacity * 2) : storage.capacity, moving: unique)
    }

    /// Removes every pending event and starts the sequence again at 0, keeping the room the
    /// queue has grown to (a queue sharing its storage with a copy gets empty storage of that room).
    ///
    /// - Complexity: O(*n*) for *n* pending events.
    @inlinable
    public mutating func removeAll() {
        if isKnownUniquelyReferenced(&storage) {
            storage.removeAll()
        } else {
            storage = Storage(capacity: storage.capacity)
        }
        nextSequence = 0
    }

    /// The number of pending (scheduled, not yet popped, not cancelled) events.
    @inlinable
    public var count: Int { storage.rootIsVacated ? storage.keyCount - 1 : storage.keyCount }

    /// The number of events ever scheduled on this queue (the sequences an ``EventLoop`` set
    /// aside with ``EventLoop/reserve(_:)`` included).
    @inlinable
    public var scheduledCount: UInt64 { nextSequence }

    /// The time of the earliest pending event, if any.
    @inlinable
    public var nextTime: Time? {
        let keys = storage.keys
        let count = storage.keyCount
        guard storage.rootIsVacated else { return count > 0 ? keys[0].time : nil }
        // The earlier of the root's children.
        guard count > 1 else { return nil }
        guard count > 2, keys[2].precedes(keys[1]) else { return keys[1].time }
        return keys[2].time
    }

    /// Schedules `event` at `time` and returns a handle that can cancel it.
    ///
    /// - Complexity: O(log *n*) for *n* pending events.
    @inlinable
    @discardableResult
    public mutating func schedule(_ event: consuming Event, at time: Time) -> EventID {
        nextSequence += 1
        return insert(event, at: time, sequence: nextSequence - 1)
    }

    /// Moves `event` into a free slot (or a new one) and puts its key `(time, sequence)` in the
    /// heap: at a vacated root, else at the end, and sifts it to where it belongs.
    ///
    /// - Complexity: O(log *n*) for *n* pending events.
    @inlinable
    mutating func insert(_ event: consuming Event, at time: Time, sequence: UInt64) -> EventID {
        makeUnique(room: true)
        let slot: Int
        if storage.firstFreeSlot >= 0 {
            slot = storage.firstFreeSlot
            storage.firstFreeSlot = storage.links[slot]
        } else {
            slot = storage.slotCount
            storage.slotCount += 1
        }
        (storage.events + slot).initialize(to: event)
        let entry = Entry(time: time, sequence: sequence, slot: slot)
        let index: Int
        if storage.rootIsVacated {
            storage.rootIsVacated = false
            index = 0
        } else {
            index = storage.keyCount
            (storage.keys + index).initialize(to: entry)
            storage.keyCount += 1
        }
        storage.sift(entry, into: index)
        return EventID(sequence: sequence, slot: slot)
    }

    /// Cancels a pending event. Cancelling an event that already ran, or was already cancelled,
    /// does nothing and returns `false`.
    ///
    /// - Complexity: O(log *n*) for *n* pending events.
    @inlinable
    @discardableResult
    public mutating func cancel(_ id: EventID) -> Bool {
        makeUnique()
        storage.fillVacatedRoot()
        guard id.slot >= 0, id.slot < storage.slotCount else { return false }
        // A free slot's link is no heap index of this event: no pending key has its sequence.
        let index = storage.links[id.slot]
        guard index >= 0, index < storage.keyCount, storage.keys[index].sequence == id.sequence else { return false }
        // The last key takes its place and sifts to where it belongs.
        storage.keyCount -= 1
        let last = (storage.keys + storage.keyCount).move()
        _ = storage.release(id.slot)
        if index < storage.keyCount { storage.sift(last, into: index) }
        return true
    }

    /// Removes and returns the earliest pending event (FIFO among equal times), if any; with a
    /// `limit`, only if it is due at or before it (`nil`, leaving the queue as it was, when none is).
    /// No ``EventID`` comes back: a popped event is no longer pending, there is nothing to cancel.
    ///
    /// - Complexity: O(log *n*).
    @inlinable
    public mutating func popNext(notAfter limit: Time? = nil) -> (time: Time, event: Event)? {
        makeUnique()
        storage.fillVacatedRoot()
        guard storage.keyCount > 0 else { return nil }
        let entry = storage.keys[0]
        if let limit, limit < entry.time { return nil }
        storage.rootIsVacated = true
        return (entry.time, storage.release(entry.slot))
    }
}

/// The counts of an ``EventQueue``'s storage, kept behind a pointer like its buffers: every stored
/// property of the storage is a constant, so reading and writing through it needs no exclusivity
/// check. Outside the generic queue, so that it has no generic metadata to look up.
@usableFromInline
struct EventQueueCounts {
    /// The number of keys in the heap (a vacated root included).
    @usableFromInline var keys = 0
    /// Whether the heap's first key is vacated.
    @usableFromInline var rootIsVacated = false
    /// The number of slots ever used.
    @usableFromInline var slots = 0
    /// The first free slot (-1: none).
    @usableFromInline var firstFreeSlot = -1

    @inlinable
    init() {}
}

extension EventQueue: @unchecked Sendable where Time: Sendable, Event: Sendable {}
extension EventQueue.Entry: Sendable where Time: Sendable {}
