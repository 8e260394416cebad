import SimulationKernel

/// A map kept in key order that also counts its keys: what the complication's content index
/// (``ComplicationContentIndex``) asks of its items and of their due times.
///
/// It is a treap whose nodes live in one array (a removed node's slot is reused). Priorities come
/// from a ``SplitMix64`` with a fixed seed, so the same operations build the same tree on every
/// run, of expected depth O(log *n*) whatever the order of the keys.
struct ComplicationOrderedMap<Key: Comparable & Sendable, Value: Sendable>: Sendable {
    /// A node's key and links (its value kept apart in ``values``: a walk copies no value).
    private struct Node: Sendable {
        var key: Key
        var left: Int32
        var right: Int32
        /// The number of nodes in the subtree rooted here.
        var size: Int32
        var priority: UInt32
    }

    private static var none: Int32 { -1 }

    private var nodes: [Node] = []
    /// Each node's value, by node slot; `nil` once the node is removed (its slot waits in ``freed``).
    private var values: [Value?] = []
    /// Slots of removed nodes, reused first.
    private var freed: [Int32] = []
    private var root: Int32 = Self.none
    private var priorities = SplitMix64(seed: 0x636F_6D70_6C69_6361)

    init() {}

    /// How many keys the map holds (O(1)).
    var count: Int { root < 0 ? 0 : Int(nodes[Int(root)].size) }

    /// The smallest key and its value, if any (O(log *n*) expected).
    var first: (key: Key, value: Value)? {
        var node = root
        guard node >= 0 else { return nil }
        while nodes[Int(node)].left >= 0 { node = nodes[Int(node)].left }
        return values[Int(node)].map { (nodes[Int(node)].key, $0) }
    }

    /// The value for `key`, if the map holds it (O(log *n*) expected).
    subscript(key: Key) -> Value? {
        var node = root
        while node >= 0 {
            let current = nodes[Int(node)]
            if key < current.key {
                node = current.left
            } else if current.key < key {
                node = current.right
            } else {
                return values[Int(node)]
            }
        }
        return nil
    }

    /// The number of keys for which `isBefore` holds; `isBefore` must hold for a prefix of the
    /// keys in order (for all keys up to some point, and for none after it).
    ///
    /// - Complexity: O(log *n*) expected.
    func prefixCount(_ isBefore: (Key) -> Bool) -> Int {
        var node = root
        var count = 0
        while node >= 0 {
            let current = nodes[Int(node)]
            if isBefore(current.key) {
                count += size(current.left) + 1
                node = current.right
            } else {
                node = current.left
            }
        }
        return count
    }

    /// The smallest key for which `isBefore` does not hold (see ``prefixCount(_:)``), if any (O(log *n*) expected).
    func firstKey(after isBefore: (Key) -> Bool) -> Key? {
        var node = root
        var found: Key?
        while node >= 0 {
            let current = nodes[Int(node)]
            if isBefore(current.key) {
                node = current.right
            } else {
                found = current.key
                node = current.left
            }
        }
        return found
    }

    /// Every key and value, in key order (O(*n*)).
    var elements: [(key: Key, value: Value)] {
        var result: [(key: Key, value: Value)] = []
        result.reserveCapacity(count)
        func visit(_ node: Int32) {
            guard node >= 0 else { return }
            visit(nodes[Int(node)].left)
            if let value = values[Int(node)] { result.append((nodes[Int(node)].key, value)) }
            visit(nodes[Int(node)].right)
        }
        visit(root)
        return result
    }

    /// Adds `key` with `value`; the map must not hold `key` yet (O(log *n*) expected).
    mutating func insert(_ value: Value, for key: Key) {
        let priority = UInt32(truncatingIfNeeded: priorities.next() >> 32)
        let node: Int32
        let fresh = Node(key: key, left: Self.none, right: Self.none, size: 1, priority: priority)
        if let reused = freed.popLast() {
            node = reused
            nodes[Int(node)] = fresh
            values[Int(node)] = value
        } else {
            node = Int32(nodes.count)
            nodes.append(fresh)
            values.append(value)
        }
        let (smaller, others) = split(root, below: key)
        root = merge(merge(smaller, node), others)
    }

    /// Removes `key`; returns its value, or `nil` when the map does not hold it (O(log *n*) expected).
    @discardableResult
    mutating func removeValue(for key: Key) -> Value? {
        let (newRoot, removed) = remove(key, from: root)
        root = newRoot
        guard removed >= 0 else { return nil }
        let value = values[Int(removed)].take()
        freed.append(removed)
        return value
    }

    private func size(_ node: Int32) -> Int { node < 0 ? 0 : Int(nodes[Int(node)].size) }

    private mutating func resize(_ node: Int32) {
        let current = nodes[Int(node)]
        nodes[Int(node)].size = Int32(size(current.left) + size(current.right) + 1)
    }

    /// Takes `key`'s node out of the subtree `tree`; returns the subtree's new root and the
    /// node taken out (``none`` when the subtree does not hold `key`).
    private mutating func remove(_ key: Key, from tree: Int32) -> (root: Int32, removed: Int32) {
        guard tree >= 0 else { return (tree, Self.none) }
        let current = nodes[Int(tree)]
        if key == current.key { return (merge(current.left, current.right), tree) }
        let (child, removed) = remove(key, from: key < current.key ? current.left : current.right)
        if key < current.key { nodes[Int(tree)].left = child } else { nodes[Int(tree)].right = child }
        if removed >= 0 { nodes[Int(tree)].size -= 1 }
        return (tree, removed)
    }

    /// Splits the subtree `tree` into the keys smaller than `key` and the others.
    private mutating func split(_ tree: Int32, below key: Key) -> (Int32, Int32) {
        guard tree >= 0 else { return (Self.none, Self.none) }
        if nodes[Int(tree)].key < key {
            let (left, right) = split(nodes[Int(tree)].right, below: key)
            nodes[Int(tree)].right = left
            resize(tree)
            return (tree, right)
        }
        let (left, right) = split(nodes[Int(tree)].left, below: key)
        nodes[Int(tree)].left = right
        resize(tree)
        return (left, tree)
    }

    /// Joins two subtrees, every key of `left` smaller than every key of `right`.
    private mutating func merge(_ left: Int32, _ right: Int32) -> Int32 {
        guard left >= 0 else { return right }
        guard right >= 0 else { return left }
        if nodes[Int(left)].priority > nodes[Int(right)].priority {
            let merged = merge(nodes[Int(left)].right, right)
            nodes[Int(left)].right = merged
            resize(left)
            return left
        }
        let merged = merge(left, nodes[Int(right)].left)
        nodes[Int(right)].left = merged
        resize(right)
        return right
    }
}

extension ComplicationOrderedMap: StorageAdopting {
    /// Keeps this map in `old`'s node storage (``StorageAdopting``).
    mutating func adoptStorage(of old: inout ComplicationOrderedMap) {
        nodes.adoptStorage(of: &old.nodes)
        values.adoptStorage(of: &old.values)
        freed.adoptStorage(of: &old.freed)
    }
}
