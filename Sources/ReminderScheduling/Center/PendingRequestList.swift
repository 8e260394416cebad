/// The simulated center's pending requests, kept sorted by (next fire date, identifier) in three
/// parallel arrays: the fire dates (searched), a 64-bit fingerprint of each identifier (scanned to
/// find a request by identifier) and the requests with their bookkeeping (read only once found).
///
/// An app has at most ``PlatformRules/limit`` (64) requests pending, so a scan of the fingerprints
/// is 512 contiguous bytes: no hashing with a per-process seed, no dictionary to probe, and the
/// request that fires first is always at index 0. A fingerprint is only a filter: equal
/// fingerprints are confirmed by comparing the identifiers.
struct PendingRequestList: Sendable {
    /// A pending request with its bookkeeping.
    struct Entry: Sendable {
        var request: NotificationRequest
        var nextFire: ReminderTime
        var addedSequence: Int
    }

    /// The next fire date of each entry, in seconds (sorted).
    private var fires: [Int64] = []
    /// The fingerprint of each entry's identifier.
    private var fingerprints: [UInt64] = []
    /// The entries, in (next fire date, identifier) order.
    private(set) var entries: [Entry] = []

    /// Reserves room for `capacity` requests.
    init(capacity: Int) {
        let room = Swift.min(Swift.max(capacity, 0), 1_024)
        fires.reserveCapacity(room)
        fingerprints.reserveCapacity(room)
        entries.reserveCapacity(room)
    }

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }
    /// The entry that fires first (smallest (next fire date, identifier)).
    var first: Entry? { entries.first }
    /// The entry that fires last.
    var last: Entry? { entries.last }

    /// The index of the request with `identifier`, if pending.
    ///
    /// - Complexity: O(p) fingerprint comparisons for p pending, no allocation.
    func index(of identifier: NotificationIdentifier) -> Int? {
        index(of: identifier, fingerprint: Self.fingerprint(identifier))
    }

    /// The index of the request with `identifier`, whose fingerprint is `print`, if pending.
    ///
    /// - Complexity: O(p).
    func index(of identifier: NotificationIdentifier, fingerprint print: UInt64) -> Int? {
        fingerprints.withUnsafeBufferPointer { prints in
            for index in prints.indices where prints[index] == print {
                if entries[index].request.identifier == identifier { return index }
            }
            return nil
        }
    }

    /// Inserts `entry` at its place; its identifier (fingerprint `print`) must not be pending.
    ///
    /// - Complexity: O(log p) comparisons and a move of at most p entries.
    mutating func insert(_ entry: Entry, fingerprint print: UInt64) {
        let fire = entry.nextFire.seconds
        var low = 0
        var high = fires.count
        while low < high {
            let middle = (low + high) / 2
            if fires[middle] < fire { low = middle + 1 } else { high = middle }
        }
        // Equal fire dates are ordered by identifier.
        while low < fires.count, fires[low] == fire, entries[low].request.identifier < entry.request.identifier {
            low += 1
        }
        fires.insert(fire, at: low)
        fingerprints.insert(print, at: low)
        entries.insert(entry, at: low)
    }

    /// Removes and returns the entry at `index`.
    ///
    /// - Complexity: O(p).
    @discardableResult
    mutating func remove(at index: Int) -> (entry: Entry, fingerprint: UInt64) {
        fires.remove(at: index)
        return (entries.remove(at: index), fingerprints.remove(at: index))
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
