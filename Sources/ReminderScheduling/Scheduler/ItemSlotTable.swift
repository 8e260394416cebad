/// An open-addressing hash index from item identifier to item slot. A bucket is 8 bytes: the slot
/// (plus one; 0 is empty) and the low 32 bits of the identifier's hash, so a probe compares hashes
/// before it reads an item record (a cache miss on a large list), and the table regrows without
/// hashing again. The identifiers live once, in the scheduler's item records.
///
/// Slots are never removed (an item, once known, stays known), so probing is linear with no
/// tombstones. The table doubles when it is half full. Lookups hash with Swift's `Hasher`, which
/// is seeded per process: the layout differs between runs, the answers never do.
struct ItemSlotTable: Sendable {
    private(set) var buckets: [UInt64] = []
    private var mask = 0
    /// The number of slots indexed.
    private(set) var count = 0

    init() {}

    static func tag(_ id: String) -> UInt64 { UInt64(UInt32(truncatingIfNeeded: id.hashValue)) }

    /// The slot of the item named `id`, if indexed.
    ///
    /// - Complexity: O(1) expected.
    func slot(of id: String, in items: [ItemRecord]) -> Int32? {
        guard count > 0 else { return nil }
        let tag = Self.tag(id)
        var index = Int(tag) & mask
        while true {
            let bucket = buckets[index]
            if bucket == 0 { return nil }
            if bucket >> 32 == tag {
                let slot = Int32(truncatingIfNeeded: (bucket & 0xFFFF_FFFF) - 1)
                if items[Int(slot)].id == id { return slot }
            }
            index = (index + 1) & mask
        }
    }

    /// The slot of the item named `id`; if it is not indexed, `newSlot` is indexed for it, and the
    /// caller appends its record to `items` at `newSlot`. The identifier is hashed once either way.
    ///
    /// - Returns: the slot, and whether it is `newSlot` (the item was not indexed).
    /// - Complexity: O(1) amortized.
    mutating func slot(of id: String, in items: [ItemRecord], orIndexing newSlot: Int32) -> (slot: Int32, isNew: Bool) {
        if (count + 1) * 2 > buckets.count { grow(toHold: count + 1) }
        let tag = Self.tag(id)
        var index = Int(tag) & mask
        while true {
            let bucket = buckets[index]
            if bucket == 0 {
                buckets[index] = tag << 32 | UInt64(UInt32(bitPattern: newSlot) &+ 1)
                count += 1
                return (newSlot, true)
            }
            if bucket >> 32 == tag {
                let slot = Int32(truncatingIfNeeded: (bucket & 0xFFFF_FFFF) - 1)
                if items[Int(slot)].id == id { return (slot, false) }
            }
            index = (index + 1) & mask
        }
    }

    /// Indexes every slot of `items` (slot `i` is `items[i]`) in an empty table; returns `false` if
    /// the table is not empty, or (the table then in an unspecified state) if two items share an
    /// identifier. Identifiers are
    /// hashed in batches before their buckets are probed, so the probes of a batch (independent
    /// cache misses on a large table) overlap.
    ///
    /// - Complexity: O(N) expected.
    mutating func indexAll(_ items: [ItemRecord]) -> Bool {
        guard count == 0 else { return false }
        if items.count * 2 > buckets.count { grow(toHold: items.count) }
        let batch = 64
        var tags = [UInt64](repeating: 0, count: batch)
        var start = 0
        while start < items.count {
            let end = Swift.min(start + batch, items.count)
            for slot in start..<end { tags[slot - start] = Self.tag(items[slot].id) }
            for slot in start..<end {
                let tag = tags[slot - start]
                var index = Int(tag) & mask
                while true {
                    let bucket = buckets[index]
                    if bucket == 0 {
                        buckets[index] = tag << 32 | UInt64(slot + 1)
                        break
                    }
                    if bucket >> 32 == tag, items[Int((bucket & 0xFFFF_FFFF) - 1)].id == items[slot].id {
                        return false
                    }
                    index = (index + 1) & mask
                }
            }
            start = end
        }
        count = items.count
        return true
    }

    /// Makes room for `capacity` slots without regrowing.
    mutating func reserveCapacity(_ capacity: Int, items: [ItemRecord]) {
        if capacity * 2 > buckets.count { grow(toHold: capacity) }
    }

    private mutating func grow(toHold capacity: Int) {
        var size = max(16, buckets.count)
        while size < capacity * 2 { size *= 2 }
        let old = buckets
        buckets = [UInt64](repeating: 0, count: size)
        mask = size - 1
        for bucket in old where bucket != 0 {
            var index = Int(bucket >> 32) & mask
            while buckets[index] != 0 { index = (index + 1) & mask }
            buckets[index] = bucket
        }
    }

    /// Keeps this table's buckets in `old`'s storage where that has room (``StorageAdopting``):
    /// a scheduler started again for another run, its table sized once for the scenario's items
    /// (``ReminderScheduler/reserveCapacity(_:)``), then indexes them without allocating.
    ///
    /// - Complexity: O(*b*) for the *b* buckets.
    mutating func adoptStorage(of old: inout ItemSlotTable) {
        buckets.adoptStorage(of: &old.buckets)
    }
}
