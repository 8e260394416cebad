/// An ordered set with subtree counts (an order-statistics treap), stored in flat arrays.
///
/// It answers "how many keys are ≤ k" and "the smallest key" in O(log n), which is what badge
/// precomputation and the held-back reminder queue need. Nodes live in parallel arrays indexed by
/// `Int32` slots (freed slots are reused); a node's heap priority is a hash of its slot, so the shape
/// is deterministic and needs no stored random numbers. Memory: the key plus 12 bytes per element.
///
/// ```swift
/// var dues = CountingTreap<Int64>()
/// dues.insert(30); dues.insert(10); dues.insert(20)
/// dues.count(lessThanOrEqualTo: 20)   // 2
/// ```
package struct CountingTreap<Key: Comparable> {
    private var keys: [Key] = []
    private var left: [Int32] = []
    private var right: [Int32] = []
    private var sizes: [Int32] = []
    private var freeSlots: [Int32] = []
    private var root: Int32 = -1

    package init() {}

    /// Builds the set from strictly increasing `sortedKeys`.
    ///
    /// - Complexity: O(n).
    package init(sorted sortedKeys: [Key]) {
        keys = sortedKeys
        left = Array(repeating: -1, count: sortedKeys.count)
        right = left
        sizes = Array(repeating: 1, count: sortedKeys.count)
        var stack: [Int32] = []
        for index in 0..<Int32(sortedKeys.count) {
            var last: Int32 = -1
            while let top = stack.last, Self.priority(top) < Self.priority(index) {
                last = top
                stack.removeLast()
            }
            left[Int(index)] = last
            if let top = stack.last { right[Int(top)] = index }
            stack.append(index)
        }
        root = stack.first ?? -1
        computeSizes(root)
    }

    /// Reserves room for `capacity` elements.
    package mutating func reserveCapacity(_ capacity: Int) {
        keys.reserveCapacity(capacity)
        left.reserveCapacity(capacity)
        right.reserveCapacity(capacity)
        sizes.reserveCapacity(capacity)
    }

    /// The number of keys.
    package var count: Int { size(root) }

    package var isEmpty: Bool { root < 0 }

    /// The smallest key.
    ///
    /// - Complexity: O(log n) expected.
    package var min: Key? {
        var node = root
        guard node >= 0 else { return nil }
        while left[Int(node)] >= 0 { node = left[Int(node)] }
        return keys[Int(node)]
    }

    /// The largest key.
    ///
    /// - Complexity: O(log n) expected.
    package var max: Key? {
        var node = root
        guard node >= 0 else { return nil }
        while right[Int(node)] >= 0 { node = right[Int(node)] }
        return keys[Int(node)]
    }

    /// Inserts `key`; returns `false` (and changes nothing) if it is already present.
    ///
    /// - Complexity: O(log n) expected.
    @discardableResult
    package mutating func insert(_ key: Key) -> Bool {
        let (newRoot, inserted) = insert(key, into: root)
        root = newRoot
        return inserted
    }

    /// Removes `key`; returns whether it was present.
    ///
    /// - Complexity: O(log n) expected.
    @discardableResult
    package mutating func remove(_ key: Key) -> Bool {
        let (newRoot, removed) = remove(key, from: root)
        root = newRoot
        return removed
    }

    /// Removes and returns the smallest key.
    ///
    /// - Complexity: O(log n) expected.
    package mutating func popMin() -> Key? {
        guard let smallest = min else { return nil }
        root = removeMin(root)
        return smallest
    }

    /// Whether `key` is present.
    ///
    /// - Complexity: O(log n) expected.
    package func contains(_ key: Key) -> Bool {
        var node = root
        while node >= 0 {
            let current = keys[Int(node)]
            if key < current { node = left[Int(node)] } else if current < key { node = right[Int(node)] } else { return true }
        }
        return false
    }

    /// The number of keys less than or equal to `key`.
    ///
    /// - Complexity: O(log n) expected.
    package func count(lessThanOrEqualTo key: Key) -> Int {
        var node = root
        var total = 0
        while node >= 0 {
            if keys[Int(node)] <= key {
                total += size(left[Int(node)]) + 1
                node = right[Int(node)]
            } else {
                node = left[Int(node)]
            }
        }
        return total
    }

    /// Calls `body` with the keys in increasing order, starting after the prefix of keys for which
    /// `skip` is true (`skip` must be true for a prefix of the order), until `body` returns `false`.
    ///
    /// - Complexity: O(log n + m) expected for m keys visited.
    package func forEach(skippingWhile skip: (Key) -> Bool, _ body: (Key) -> Bool) {
        var stack: [Int32] = []
        var node = root
        while node >= 0 || !stack.isEmpty {
            while node >= 0 {
                if skip(keys[Int(node)]) {
                    node = right[Int(node)]
                } else {
                    stack.append(node)
                    node = left[Int(node)]
                }
            }
            guard let top = stack.popLast() else { return }
            if !body(keys[Int(top)]) { return }
            node = right[Int(top)]
        }
    }

    // MARK: - Internals

    @inline(__always)
    private func size(_ node: Int32) -> Int { node < 0 ? 0 : Int(sizes[Int(node)]) }

    @inline(__always)
    private static func priority(_ node: Int32) -> UInt32 {
        var z = UInt64(UInt32(bitPattern: node)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt32(truncatingIfNeeded: (z ^ (z >> 31)) >> 32)
    }

    private mutating func allocate(_ key: Key) -> Int32 {
        if let slot = freeSlots.popLast() {
            keys[Int(slot)] = key
            left[Int(slot)] = -1
            right[Int(slot)] = -1
            sizes[Int(slot)] = 1
            return slot
        }
        keys.append(key)
        left.append(-1)
        right.append(-1)
        sizes.append(1)
        return Int32(keys.count - 1)
    }

    private mutating func update(_ node: Int32) {
        sizes[Int(node)] = Int32(size(left[Int(node)]) + size(right[Int(node)]) + 1)
    }

    private mutating func rotateRight(_ node: Int32) -> Int32 {
        let pivot = left[Int(node)]
        left[Int(node)] = right[Int(pivot)]
        right[Int(pivot)] = node
        update(node)
        update(pivot)
        return pivot
    }

    private mutating func rotateLeft(_ node: Int32) -> Int32 {
        let pivot = right[Int(node)]
        right[Int(node)] = left[Int(pivot)]
        left[Int(pivot)] = node
        update(node)
        update(pivot)
        return pivot
    }

    private mutating func insert(_ key: Key, into node: Int32) -> (Int32, Bool) {
        guard node >= 0 else { return (allocate(key), true) }
        let current = keys[Int(node)]
        if key < current {
            let (child, inserted) = insert(key, into: left[Int(node)])
            guard inserted else { return (node, false) }
            left[Int(node)] = child
            sizes[Int(node)] += 1
            return Self.priority(child) > Self.priority(node) ? (rotateRight(node), true) : (node, true)
        } else if current < key {
            let (child, inserted) = insert(key, into: right[Int(node)])
            guard inserted else { return (node, false) }
            right[Int(node)] = child
            sizes[Int(node)] += 1
            return Self.priority(child) > Self.priority(node) ? (rotateLeft(node), true) : (node, true)
        }
        return (node, false)
    }

    private mutating func remove(_ key: Key, from node: Int32) -> (Int32, Bool) {
        guard node >= 0 else { return (node, false) }
        let current = keys[Int(node)]
        if key < current {
            let (child, removed) = remove(key, from: left[Int(node)])
            if removed {
                left[Int(node)] = child
                sizes[Int(node)] -= 1
            }
            return (node, removed)
        } else if current < key {
            let (child, removed) = remove(key, from: right[Int(node)])
            if removed {
                right[Int(node)] = child
                sizes[Int(node)] -= 1
            }
            return (node, removed)
        }
        let merged = merge(left[Int(node)], right[Int(node)])
        freeSlots.append(node)
        return (merged, true)
    }

    private mutating func removeMin(_ node: Int32) -> Int32 {
        let child = left[Int(node)]
        guard child >= 0 else {
            freeSlots.append(node)
            return right[Int(node)]
        }
        left[Int(node)] = removeMin(child)
        sizes[Int(node)] -= 1
        return node
    }

    private mutating func merge(_ lhs: Int32, _ rhs: Int32) -> Int32 {
        guard lhs >= 0 else { return rhs }
        guard rhs >= 0 else { return lhs }
        if Self.priority(lhs) > Self.priority(rhs) {
            right[Int(lhs)] = merge(right[Int(lhs)], rhs)
            update(lhs)
            return lhs
        }
        left[Int(rhs)] = merge(lhs, left[Int(rhs)])
        update(rhs)
        return rhs
    }

    @discardableResult
    private mutating func computeSizes(_ node: Int32) -> Int {
        guard node >= 0 else { return 0 }
        let total = computeSizes(left[Int(node)]) + computeSizes(right[Int(node)]) + 1
        sizes[Int(node)] = Int32(total)
        return total
    }
}

extension CountingTreap: Sendable where Key: Sendable {}
