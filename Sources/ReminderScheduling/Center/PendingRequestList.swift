/// The simulated center's pending requests in (next fire date, identifier) order. The order is one
/// small array of 24-byte places — the fire date (binary-searched), a 64-bit fingerprint of the
/// identifier (scanned to find a request by identifier) and the request's storage slot — so adding
/// or removing a request moves a few hundred bytes, never the requests themselves, which stay in
/// their slot until removed.
///
/// An app has at most ``PlatformRules/limit`` (64) requests pending, so a scan is 1.5 KB of
/// contiguous memory: no hashing with a per-process seed, no dictionary to probe, and the request
/// that fires first is always at position 0. A fingerprint is only a filter: equal fingerprints are
/// confirmed by comparing the identifiers.
@usableFromInline
struct PendingRequestList: Sendable {
    /// A pending request with its bookkeeping.
    struct Entry: Sendable {
        var request: NotificationRequest
        var nextFire: ReminderTime
        var addedSequence: Int
    }

    /// A request's place in the order.
    @usableFromInline
    struct Place: Sendable {
        @usableFromInline var fire: Int64
        var fingerprint: UInt64
        var slot: Int32
    }

    /// The places, in (next fire date, identifier) order.
    @usableFromInline private(set) var places: [Place] = []
    /// The requests by slot; a free slot keeps its last request until it is reused.
    private var storage: [Entry] = []
    /// The free slots of ``storage``.
    private var free: [Int32] = []

    /// Reserves room for `capacity` requests.
    init(capacity: Int) {
        let room = Swift.min(Swift.max(capacity, 0), 1_024)
        places.reserveCapacity(room)
        storage.reserveCapacity(room)
        free.reserveCapacity(room)
    }

    var count: Int { places.count }
    @inlinable var isEmpty: Bool { places.isEmpty }

    /// The entry at `position` (0 fires first).
    ///
    /// - Complexity: O(1).
    subscript(position: Int) -> Entry { storage[Int(places[position].slot)] }

    /// The earliest next fire date.
    @inlinable
    var firstFire: ReminderTime? { places.first.map { ReminderTime(seconds: $0.fire) } }
    /// The latest next fire date.
    var lastFire: ReminderTime? { places.last.map { ReminderTime(seconds: $0.fire) } }

    /// The pending requests in order.
    ///
    /// - Complexity: O(p).
    var requests: [NotificationRequest] { places.indices.map { self[$0].request } }

    /// The number of requests whose trigger fires at `time` (its first fire date after `time - 1`),
    /// for a list whose next fire dates are those after `now`: when `time` is after `now`, only the
    /// requests whose next fire date is at or before `time` can fire then, and they come first.
    ///
    /// - Complexity: O(k) for the k requests whose next fire date is at or before `time` when
    ///   `time` is after `now`, else O(p); no copy of a request.
    func count(firingAt time: ReminderTime, after now: ReminderTime) -> Int {
        let before = time + -1
        var count = 0
        for position in places.indices {
            if places[position].fire > time.seconds, now < time { break }
            if storage[Int(places[position].slot)].request.trigger.nextFireDate(after: before) == time { count += 1 }
        }
        return count
    }

    /// The position of the request with `identifier`, if pending.
    ///
    /// - Complexity: O(p) fingerprint comparisons for p pending, no allocation.
    func position(of identifier: NotificationIdentifier) -> Int? {
        position(of: identifier, fingerprint: Self.fingerprint(identifier))
    }

    /// The position of the request with `identifier`, whose fingerprint is `print`, if pending.
    ///
    /// - Complexity: O(p).
    func position(of identifier: NotificationIdentifier, fingerprint print: UInt64) -> Int? {
        places.withUnsafeBufferPointer { places in
            for position in places.indices where places[position].fingerprint == print {
                if storage[Int(places[position].slot)].request.identifier == identifier { return position }
            }
            return nil
        }
    }

    /// Inserts `entry` at its place; its identifier (fingerprint `print`) must not be pending. The
    /// entry is consumed: it moves into its slot with no copy of the request.
    ///
    /// - Complexity: O(log p) comparisons and a move of at most p places.
    mutating func insert(_ entry: consuming Entry, fingerprint print: UInt64) {
        let fire = entry.nextFire.seconds
        let low = place(firing: fire, identifier: entry.request.identifier)
        let slot: Int32
        if let reused = free.popLast() {
            slot = reused
            storage[Int(slot)] = entry
        } else {
            slot = Int32(storage.count)
            storage.append(entry)
        }
        places.insert(Place(fire: fire, fingerprint: print, slot: slot), at: low)
    }

    /// Moves the first request (one that just fired) to its next fire date `fire`, which is not
    /// earlier: only its place moves, past the places that now come before it; the request stays
    /// in its slot.
    ///
    /// - Complexity: O(log p) comparisons and a move of the places it passes.
    mutating func moveFirst(to fire: ReminderTime) {
        var moved = places[0]
        let slot = Int(moved.slot)
        storage[slot].nextFire = fire
        moved.fire = fire.seconds
        let target = place(firing: moved.fire, identifier: storage[slot].request.identifier, from: 1) - 1
        places.withUnsafeMutableBufferPointer { places in
            for index in 0..<target { places[index] = places[index + 1] }
            places[target] = moved
        }
    }

    /// Where a request firing at `fire` with `identifier` goes among the places from `start` on:
    /// after those that fire earlier, and after those firing then with a smaller identifier
    /// (compared in place).
    ///
    /// - Complexity: O(log p) comparisons, plus one per request firing at `fire`.
    private func place(firing fire: Int64, identifier: NotificationIdentifier, from start: Int = 0) -> Int {
        var low = start
        var high = places.count
        while low < high {
            let middle = (low + high) / 2
            if places[middle].fire < fire { low = middle + 1 } else { high = middle }
        }
        while low < places.count, places[low].fire == fire,
            storage[Int(places[low].slot)].request.identifier < identifier
        {
            low += 1
        }
        return low
    }

    /// Removes and returns the entry at `position`, with its fingerprint.
    ///
    /// - Complexity: O(p) places moved.
    @discardableResult
    mutating func remove(at position: Int) -> (entry: Entry, fingerprint: UInt64) {
        let place = places.remove(at: position)
        free.append(place.slot)
        return (storage[Int(place.slot)], place.fingerprint)
    }

    /// Removes the entry at `position` to make way for a request with the same identifier, and
    /// returns what the replacement needs of it: whether it repeats and its place in the addition
    /// order. The entry itself is not copied out (it stays in its free slot until the slot is reused).
    ///
    /// - Complexity: O(p) places moved.
    mutating func removeForReplacement(at position: Int) -> (repeats: Bool, addedSequence: Int) {
        let place = places.remove(at: position)
        free.append(place.slot)
        let slot = Int(place.slot)
        return (storage[slot].request.trigger.repeats, storage[slot].addedSequence)
    }

    /// A 64-bit fingerprint of `identifier`'s UTF-8 bytes (FNV-1a style, eight bytes a step). Stable
    /// for the process and the platform, but only ever compared, never stored or printed.
    ///
    /// - Complexity: O(length of the identifier).
    static func fingerprint(_ identifier: NotificationIdentifier) -> UInt64 {
        if let hashed = identifier.utf8.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)) }) {
            return hashed
        }
        return Array(identifier.utf8).withUnsafeBytes(hash)
    }

    private static func hash(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
            hash ^= hash >> 29
            offset += 8
        }
        while offset < raw.count {
            hash = (hash ^ UInt64(raw[offset])) &* prime
            offset += 1
        }
        return hash ^ UInt64(raw.count)
    }
}
