/// An open-addressing hash index from item identifier to item slot that stores only the slots
/// (4 bytes each): the identifiers live once, in the scheduler's item records.
///
/// Slots are never removed (an item, once known, stays known), so probing is linear with no
/// tombstones. The table doubles when it is half full. Lookups hash with Swift's `Hasher`, which
/// is seeded per process: the layout differs between runs, the answers never do.
struct ItemSlotTable: Sendable {
    private var buckets: [Int32] = []
    private var mask = 0
    /// The number of slots indexed.
    private(set) var count = 0

    /// The slot of the item named `id`, if indexed.
    ///
    /// - Complexity: O(1) expected.
    func slot(of id: String, in items: [ItemRecord]) -> Int32? {
        guard count > 0 else { return nil }
        var index = id.hashValue & mask
        while true {
            let slot = buckets[index]
            if slot < 0 { return nil }
            if items[Int(slot)].id == id { return slot }
            index = (index + 1) & mask
        }
    }

    /// Indexes `slot`, whose item (already in `items`) has an identifier not indexed yet.
    ///
    /// - Complexity: O(1) amortized.
    mutating func insert(_ slot: Int32, in items: [ItemRecord]) {
        if (count + 1) * 2 > buckets.count { grow(toHold: count + 1, items: items) }
        place(slot, hash: items[Int(slot)].id.hashValue)
        count += 1
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
        if items.count * 2 > buckets.count { grow(toHold: items.count, items: items) }
        let batch = 64
        var hashes = [Int](repeating: 0, count: batch)
        var start = 0
        while start < items.count {
            let end = Swift.min(start + batch, items.count)
            for slot in start..<end { hashes[slot - start] = items[slot].id.hashValue }
            for slot in start..<end {
                var index = hashes[slot - start] & mask
                while true {
                    let occupant = buckets[index]
                    if occupant < 0 {
                        buckets[index] = Int32(truncatingIfNeeded: slot)
                        break
                    }
                    if items[Int(occupant)].id == items[slot].id { return false }
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
        if capacity * 2 > buckets.count { grow(toHold: capacity, items: items) }
    }

    private mutating func place(_ slot: Int32, hash: Int) {
        var index = hash & mask
        while buckets[index] >= 0 { index = (index + 1) & mask }
        buckets[index] = slot
    }

    private mutating func grow(toHold capacity: Int, items: [ItemRecord]) {
        var size = max(16, buckets.count)
        while size < capacity * 2 { size *= 2 }
        let old = buckets
        buckets = [Int32](repeating: -1, count: size)
        mask = size - 1
        for slot in old where slot >= 0 { place(slot, hash: items[Int(slot)].id.hashValue) }
    }
}
