/// An ordered set with order statistics, stored as a list of sorted blocks of at most
/// ``maximumBlock`` keys (about 4 KB), with a Fenwick tree over the block sizes when ranked.
///
/// It answers "how many keys are ≤ k" and "the smallest key" in O(log n), which is what badge
/// precomputation and the held-back reminder queue need. A search is a binary search over the
/// blocks' last keys (a small array that stays in cache) and then one inside one contiguous block,
/// so an operation touches a handful of cache lines instead of one per tree level: on a million
/// keys that is what makes it several times faster than a binary tree. Inserting or removing moves
/// at most one block's keys (a `memmove` of a few kilobytes). A block that grows past
/// ``maximumBlock`` is split; one that shrinks below ``minimumBlock`` is merged with a neighbour
/// when they fit in one, so there are O(n / ``minimumBlock``) blocks; the block index (last keys,
/// sizes, Fenwick tree) is contiguous, so rebuilding it never touches the blocks themselves. A set
/// made with `ranked: false` keeps no Fenwick tree (for a queue that never asks for ranks).
/// Memory: the key, plus at most a third more for a block's spare room, plus a few bytes per block.
///
/// ```swift
/// var dues = CountingBlockList<Int64>()
/// dues.insert(30); dues.insert(10); dues.insert(20)
/// dues.count(lessThanOrEqualTo: 20)   // 2
/// ```
///
/// Its members are `@inlinable`: the set is generic and used from ScenarioRunner (the reminders'
/// badge truth, one insert and one count per delivery), where only an inlinable body is
/// specialised; unspecialised, its calls went through generic metadata (callgrind, reminders-weekday).
@usableFromInline
package struct CountingBlockList<Key: Comparable> {
    /// A block that grows past this is split in two: about 4 KB of keys (64…512 keys).
    @inlinable static var maximumBlock: Int {
        Swift.min(512, Swift.max(64, 4_096 / Swift.max(1, MemoryLayout<Key>.stride)))
    }
    /// Keys per block when built from sorted input (three quarters full).
    @inlinable static var buildBlock: Int { maximumBlock * 3 / 4 }
    /// A block that shrinks below this is merged with a neighbour when both fit in one.
    @inlinable static var minimumBlock: Int { maximumBlock / 8 }

    /// The blocks, each sorted, all together in increasing order; none is empty.
    @usableFromInline var blocks: [[Key]] = []
    /// The last (largest) key of each block.
    @usableFromInline var lasts: [Key] = []
    /// The number of keys of each block.
    @usableFromInline var sizes: [Int] = []
    /// A Fenwick tree over ``sizes`` (1-based; `[0]` unused), or `nil` when the set is not ranked.
    @usableFromInline var fenwick: [Int]?
    /// The number of keys.
    @usableFromInline package private(set) var count = 0

    /// An empty set; `ranked: false` keeps no rank index (``count(lessThanOrEqualTo:)`` then takes
    /// O(n / ``buildBlock``)).
    @inlinable
    package init(ranked: Bool = true) {
        fenwick = ranked ? [0] : nil
    }

    /// Builds the set from strictly increasing `sortedKeys`.
    ///
    /// - Complexity: O(n).
    @inlinable
    package init(sorted sortedKeys: some Sequence<Key>, ranked: Bool = true) {
        fenwick = ranked ? [0] : nil
        var block: [Key] = []
        block.reserveCapacity(Self.maximumBlock)
        for key in sortedKeys {
            block.append(key)
            if block.count == Self.buildBlock {
                appendBlock(block)
                block = []
                block.reserveCapacity(Self.maximumBlock)
            }
        }
        if !block.isEmpty { appendBlock(block) }
        rebuildFenwick()
    }

    @inlinable
    mutating func appendBlock(_ block: [Key]) {
        guard let last = block.last else { return }
        blocks.append(block)
        lasts.append(last)
        sizes.append(block.count)
        count += block.count
    }

    /// Reserves room for `capacity` elements (the block index; blocks grow as needed).
    @inlinable
    package mutating func reserveCapacity(_ capacity: Int) {
        let blockCount = capacity / Self.buildBlock + 1
        blocks.reserveCapacity(blockCount)
        lasts.reserveCapacity(blockCount)
        sizes.reserveCapacity(blockCount)
    }

    @inlinable
    package var isEmpty: Bool { count == 0 }

    /// The smallest key.
    ///
    /// - Complexity: O(1).
    @inlinable
    package var min: Key? { blocks.first?.first }

    /// The largest key.
    ///
    /// - Complexity: O(1).
    @inlinable
    package var max: Key? { lasts.last }

    /// Inserts `key`; returns `false` (and changes nothing) if it is already present.
    ///
    /// - Complexity: O(log n + ``maximumBlock``).
    @discardableResult
    @inlinable
    package mutating func insert(_ key: Key) -> Bool {
        guard !blocks.isEmpty else {
            appendBlock([key])
            rebuildFenwick()
            return true
        }
        let block = Swift.min(firstBlock { !($0 < key) }, blocks.count - 1)
        let position = lowerBound(of: key, inBlock: block)
        if position < sizes[block], !(key < blocks[block][position]) { return false }
        blocks[block].insert(key, at: position)
        sizes[block] += 1
        if position == sizes[block] - 1 { lasts[block] = key }
        count += 1
        if sizes[block] > Self.maximumBlock {
            split(block)
        } else {
            addToFenwick(block, 1)
        }
        return true
    }

    /// Removes `key`; returns whether it was present.
    ///
    /// - Complexity: O(log n + ``maximumBlock``) (amortised; merging rebuilds the block index).
    @discardableResult
    @inlinable
    package mutating func remove(_ key: Key) -> Bool {
        let block = firstBlock { !($0 < key) }
        guard block < blocks.count else { return false }
        let position = lowerBound(of: key, inBlock: block)
        guard position < sizes[block], !(key < blocks[block][position]) else { return false }
        blocks[block].remove(at: position)
        sizes[block] -= 1
        count -= 1
        removed(from: block)
        return true
    }

    /// Removes and returns the smallest key.
    ///
    /// - Complexity: O(``maximumBlock``) (amortised O(n / ``buildBlock``²) more when a block empties).
    @inlinable
    package mutating func popMin() -> Key? {
        guard !blocks.isEmpty else { return nil }
        let smallest = blocks[0].removeFirst()
        sizes[0] -= 1
        count -= 1
        if sizes[0] == 0 {
            blocks.removeFirst()
            lasts.removeFirst()
            sizes.removeFirst()
            rebuildFenwick()
        } else {
            addToFenwick(0, -1)
        }
        return smallest
    }

    /// Whether `key` is present.
    ///
    /// - Complexity: O(log n).
    @inlinable
    package func contains(_ key: Key) -> Bool {
        let block = firstBlock { !($0 < key) }
        guard block < blocks.count else { return false }
        let position = lowerBound(of: key, inBlock: block)
        return position < sizes[block] && !(key < blocks[block][position])
    }

    /// The number of keys less than or equal to `key`.
    ///
    /// - Complexity: O(log n).
    @inlinable
    package func count(lessThanOrEqualTo key: Key) -> Int {
        let block = firstBlock { key < $0 }
        guard block < blocks.count else { return count }
        let upper = blocks[block].withUnsafeBufferPointer { keys in
            var low = 0
            var high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if key < keys[middle] { high = middle } else { low = middle + 1 }
            }
            return low
        }
        return prefixCount(block) + upper
    }

    /// The number of keys less than `key`.
    ///
    /// - Complexity: O(log n).
    @inlinable
    package func count(lessThan key: Key) -> Int {
        let block = firstBlock { !($0 < key) }
        guard block < blocks.count else { return count }
        return prefixCount(block) + lowerBound(of: key, inBlock: block)
    }

    /// Calls `body` with the keys in increasing order, starting after the prefix of keys for which
    /// `skip` is true (`skip` must be true for a prefix of the order), until `body` returns `false`.
    ///
    /// - Complexity: O(log n + m) for m keys visited.
    @inlinable
    package func forEach(skippingWhile skip: (Key) -> Bool, _ body: (Key) -> Bool) {
        var block = firstBlock { !skip($0) }
        guard block < blocks.count else { return }
        var low = 0
        var high = sizes[block]
        while low < high {
            let middle = (low + high) / 2
            if skip(blocks[block][middle]) { low = middle + 1 } else { high = middle }
        }
        var position = low
        while block < blocks.count {
            let keys = blocks[block]
            while position < keys.count {
                if !body(keys[position]) { return }
                position += 1
            }
            block += 1
            position = 0
        }
    }

    // MARK: - Internals

    /// The index of the first block whose last key satisfies `predicate` (false for a prefix of
    /// the blocks, true for the rest), or the number of blocks.
    @inlinable
    func firstBlock(where predicate: (Key) -> Bool) -> Int {
        var low = 0
        var high = lasts.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(lasts[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The position of the first key of `block` not less than `key`.
    @inlinable
    func lowerBound(of key: Key, inBlock block: Int) -> Int {
        blocks[block].withUnsafeBufferPointer { keys in
            var low = 0
            var high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if keys[middle] < key { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    /// Bookkeeping after a key left `block`: drop it if empty, merge it if small, else update.
    @inlinable
    mutating func removed(from block: Int) {
        guard let last = blocks[block].last else {
            blocks.remove(at: block)
            lasts.remove(at: block)
            sizes.remove(at: block)
            rebuildFenwick()
            return
        }
        lasts[block] = last
        if sizes[block] < Self.minimumBlock, blocks.count > 1 {
            let left = block + 1 < blocks.count ? block : block - 1
            if sizes[left] + sizes[left + 1] <= Self.maximumBlock {
                let right = blocks.remove(at: left + 1)
                blocks[left].append(contentsOf: right)
                lasts.remove(at: left)
                sizes[left] += sizes.remove(at: left + 1)
                rebuildFenwick()
                return
            }
        }
        addToFenwick(block, -1)
    }

    /// Splits `block` into two halves.
    @inlinable
    mutating func split(_ block: Int) {
        let half = sizes[block] / 2
        var upper: [Key] = []
        upper.reserveCapacity(Self.maximumBlock)
        upper.append(contentsOf: blocks[block][half...])
        blocks[block].removeSubrange(half...)
        lasts.insert(lasts[block], at: block + 1)
        lasts[block] = blocks[block][half - 1]
        sizes.insert(upper.count, at: block + 1)
        sizes[block] = half
        blocks.insert(upper, at: block + 1)
        rebuildFenwick()
    }

    /// The number of keys in the blocks before `block`.
    ///
    /// - Complexity: O(log blocks) ranked, else O(blocks).
    @inlinable
    func prefixCount(_ block: Int) -> Int {
        guard let fenwick else { return sizes[..<block].reduce(0, +) }
        var total = 0
        var index = block
        while index > 0 {
            total += fenwick[index]
            index &= index - 1
        }
        return total
    }

    @inlinable
    mutating func addToFenwick(_ block: Int, _ delta: Int) {
        guard fenwick != nil else { return }
        var index = block + 1
        while index < sizes.count + 1 {
            fenwick?[index] += delta
            index += index & -index
        }
    }

    /// Rebuilds the Fenwick tree from ``sizes`` (contiguous: the blocks are not touched).
    ///
    /// - Complexity: O(number of blocks).
    @inlinable
    mutating func rebuildFenwick() {
        guard fenwick != nil else { return }
        var tree = [Int](repeating: 0, count: sizes.count + 1)
        for index in 1..<tree.count {
            tree[index] += sizes[index - 1]
            let parent = index + (index & -index)
            if parent < tree.count { tree[parent] += tree[index] }
        }
        fenwick = tree
    }
}

extension CountingBlockList: Sendable where Key: Sendable {}
