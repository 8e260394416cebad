/// An ordered set with subtree counts (an order-statistics treap), stored in flat arrays.
///
/// It answers "how many keys are ≤ k" and "the smallest key" in O(log n), which is what badge
/// precomputation and the held-back reminder queue need. Nodes live in one array indexed by `Int32`
/// slots (freed slots are reused), so a step down the tree touches one cache line; a node's heap
/// priority is a hash of its slot, so the shape is deterministic and needs no stored random numbers.
/// Memory: the key plus 12 bytes per element.
///
/// ```swift
/// var dues = CountingTreap<Int64>()
/// dues.insert(30); dues.insert(10); dues.insert(20)
/// dues.count(lessThanOrEqualTo: 20)   // 2
/// ```
package struct CountingTreap<Key: Comparable> {
    fileprivate struct Node {
        var key: Key
        var left: Int32
        var right: Int32
        var size: Int32
    }

    private var nodes: [Node] = []
    private var freeSlots: [Int32] = []
    private var root: Int32 = -1

    package init() {}

    /// Builds the set from strictly increasing `sortedKeys`.
    ///
    /// - Complexity: O(n).
    package init(sorted sortedKeys: some Collection<Key>) {
        nodes.reserveCapacity(sortedKeys.count)
        for key in sortedKeys { nodes.append(Node(key: key, left: -1, right: -1, size: 1)) }
        var stack: [Int32] = []
        for index in 0..<Int32(sortedKeys.count) {
            var last: Int32 = -1
            while let top = stack.last, Self.priority(top) < Self.priority(index) {
                last = top
                stack.removeLast()
            }
            nodes[Int(index)].left = last
            if let top = stack.last { nodes[Int(top)].right = index }
            stack.append(index)
        }
        root = stack.first ?? -1
        computeSizes(root)
    }

    /// Reserves room for `capacity` elements.
    package mutating func reserveCapacity(_ capacity: Int) {
        nodes.reserveCapacity(capacity)
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
        while nodes[Int(node)].left >= 0 { node = nodes[Int(node)].left }
        return nodes[Int(node)].key
    }

    /// The largest key.
    ///
    /// - Complexity: O(log n) expected.
    package var max: Key? {
        var node = root
        guard node >= 0 else { return nil }
        while nodes[Int(node)].right >= 0 { node = nodes[Int(node)].right }
        return nodes[Int(node)].key
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
            let current = nodes[Int(node)].key
            if key < current {
                node = nodes[Int(node)].left
            } else if current < key {
                node = nodes[Int(node)].right
            } else {
                return true
            }
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
            if nodes[Int(node)].key <= key {
                total += size(nodes[Int(node)].left) + 1
                node = nodes[Int(node)].right
            } else {
                node = nodes[Int(node)].left
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
                if skip(nodes[Int(node)].key) {
                    node = nodes[Int(node)].right
                } else {
                    stack.append(node)
                    node = nodes[Int(node)].left
                }
            }
            guard let top = stack.popLast() else { return }
            if !body(nodes[Int(top)].key) { return }
            node = nodes[Int(top)].right
        }
    }

    // MARK: - Internals

    @inline(__always)
    private func size(_ node: Int32) -> Int { node < 0 ? 0 : Int(nodes[Int(node)].size) }

    @inline(__always)
    private static func priority(_ node: Int32) -> UInt32 {
        var z = UInt64(UInt32(bitPattern: node)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt32(truncatingIfNeeded: (z ^ (z >> 31)) >> 32)
    }

    private mutating func allocate(_ key: Key) -> Int32 {
        let node = Node(key: key, left: -1, right: -1, size: 1)
        if let slot = freeSlots.popLast() {
            nodes[Int(slot)] = node
            return slot
        }
        nodes.append(node)
        return Int32(nodes.count - 1)
    }

    private mutating func update(_ node: Int32) {
        nodes[Int(node)].size = Int32(size(nodes[Int(node)].left) + size(nodes[Int(node)].right) + 1)
    }

    private mutating func rotateRight(_ node: Int32) -> Int32 {
        let pivot = nodes[Int(node)].left
        nodes[Int(node)].left = nodes[Int(pivot)].right
        nodes[Int(pivot)].right = node
        update(node)
        update(pivot)
        return pivot
    }

    private mutating func rotateLeft(_ node: Int32) -> Int32 {
        let pivot = nodes[Int(node)].right
        nodes[Int(node)].right = nodes[Int(pivot)].left
        nodes[Int(pivot)].left = node
        update(node)
        update(pivot)
        return pivot
    }

    private mutating func insert(_ key: Key, into node: Int32) -> (Int32, Bool) {
        guard node >= 0 else { return (allocate(key), true) }
        let current = nodes[Int(node)].key
        if key < current {
            let (child, inserted) = insert(key, into: nodes[Int(node)].left)
            guard inserted else { return (node, false) }
            nodes[Int(node)].left = child
            nodes[Int(node)].size += 1
            return Self.priority(child) > Self.priority(node) ? (rotateRight(node), true) : (node, true)
        } else if current < key {
            let (child, inserted) = insert(key, into: nodes[Int(node)].right)
            guard inserted else { return (node, false) }
            nodes[Int(node)].right = child
            nodes[Int(node)].size += 1
            return Self.priority(child) > Self.priority(node) ? (rotateLeft(node), true) : (node, true)
        }
        return (node, false)
    }

    private mutating func remove(_ key: Key, from node: Int32) -> (Int32, Bool) {
        guard node >= 0 else { return (node, false) }
        let current = nodes[Int(node)].key
        if key < current {
            let (child, removed) = remove(key, from: nodes[Int(node)].left)
            if removed {
                nodes[Int(node)].left = child
                nodes[Int(node)].size -= 1
            }
            return (node, removed)
        } else if current < key {
            let (child, removed) = remove(key, from: nodes[Int(node)].right)
            if removed {
                nodes[Int(node)].right = child
                nodes[Int(node)].size -= 1
            }
            return (node, removed)
        }
        let merged = merge(nodes[Int(node)].left, nodes[Int(node)].right)
        freeSlots.append(node)
        return (merged, true)
    }

    private mutating func removeMin(_ node: Int32) -> Int32 {
        let child = nodes[Int(node)].left
        guard child >= 0 else {
            freeSlots.append(node)
            return nodes[Int(node)].right
        }
        nodes[Int(node)].left = removeMin(child)
        nodes[Int(node)].size -= 1
        return node
    }

    private mutating func merge(_ lhs: Int32, _ rhs: Int32) -> Int32 {
        guard lhs >= 0 else { return rhs }
        guard rhs >= 0 else { return lhs }
        if Self.priority(lhs) > Self.priority(rhs) {
            nodes[Int(lhs)].right = merge(nodes[Int(lhs)].right, rhs)
            update(lhs)
            return lhs
        }
        nodes[Int(rhs)].left = merge(lhs, nodes[Int(rhs)].left)
        update(rhs)
        return rhs
    }

    @discardableResult
    private mutating func computeSizes(_ node: Int32) -> Int {
        guard node >= 0 else { return 0 }
        let total = computeSizes(nodes[Int(node)].left) + computeSizes(nodes[Int(node)].right) + 1
        nodes[Int(node)].size = Int32(total)
        return total
    }
}

extension CountingTreap: Sendable where Key: Sendable {}
extension CountingTreap.Node: Sendable where Key: Sendable {}
