/// The binary heap under ``EventQueue``: insertion, the vacated root, and the sifts.
///
/// The sifts work on the array's buffer directly: one uniqueness check per operation instead
/// of one per write, and no bounds checks in the loop (indices stay below `count` by
/// construction; debug builds still check them). They move entries, events included, with
/// `move()` and `moveInitialize(from:count:)`: the entry being sifted is moved out of its slot,
/// the slot it leaves is a hole that each step fills by moving a parent or child into it, and
/// the entry is moved into the last hole. No event is copied, retained or released on the way.
extension EventQueue {
    /// The number of pending entries in the heap (excluding a vacated root).
    @inlinable @inline(__always)
    var heapCount: Int {
        switch root {
        case .pending: heap.count
        case .vacated: heap.count - 1
        }
    }

    /// The time and sequence of the earliest pending heap entry, found without settling a
    /// vacated root (then it is the earlier of the root's two children).
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    var heapTopKey: (time: Time, sequence: UInt64)? {
        switch root {
        case .pending:
            guard !heap.isEmpty else { return nil }
            return (heap[0].time, heap[0].sequence)
        case .vacated:
            let count = heap.count
            if count <= 1 { return nil }
            if count == 2 || heap[1].precedes(heap[2]) { return (heap[1].time, heap[1].sequence) }
            return (heap[2].time, heap[2].sequence)
        }
    }

    /// Adds `entry` to the heap, reusing a vacated root if there is one.
    ///
    /// - Complexity: O(log *n*).
    @inlinable @inline(__always)
    mutating func insertIntoHeap(_ entry: consuming Entry) {
        switch root {
        case .vacated:
            root = .pending
            // The vacated entry's event was taken: the new entry's key is written over its key
            // and the two events swap places, so nothing is destroyed (destroying an entry goes
            // through its type's value witness).
            var incoming = entry
            heap.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                base.pointee.time = incoming.time
                base.pointee.sequence = incoming.sequence
                swap(&base.pointee.event, &incoming.event)
            }
            siftDownRoot()
        case .pending:
            heap.append(entry)
            siftUpLast()
        }
    }

    /// Removes a vacated root: the last entry takes its place and sifts down.
    ///
    /// - Complexity: O(1) if the root is pending, else O(log *n*).
    @inlinable @inline(__always)
    mutating func settleRoot() {
        guard case .vacated = root else { return }
        root = .pending
        // The last entry and the vacated root swap places (moved, not copied); the vacated one
        // is dropped from the end.
        heap.withUnsafeMutableBufferPointer { buffer in
            let last = buffer.count &- 1
            if last > 0 { buffer.swapAt(0, last) }
        }
        heap.removeLast()
        siftDownRoot()
    }

    /// Sifts the last entry up to its place.
    ///
    /// - Complexity: O(log *n*).
    @inlinable @inline(__always)
    mutating func siftUpLast() {
        heap.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 1 else { return }
            var index = buffer.count &- 1
            let entry = (base + index).move()
            while index > 0 {
                let parent = (index &- 1) >> 1
                guard entry.precedes(base[parent]) else { break }
                (base + index).moveInitialize(from: base + parent, count: 1)
                index = parent
            }
            (base + index).initialize(to: entry)
        }
    }

    /// Sifts the root entry down to its place.
    ///
    /// - Complexity: O(log *n*).
    @inlinable @inline(__always)
    mutating func siftDownRoot() {
        heap.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 1 else { return }
            let count = buffer.count
            let entry = base.move()
            var index = 0
            while true {
                var child = 2 &* index &+ 1
                if child >= count { break }
                if child &+ 1 < count, base[child &+ 1].precedes(base[child]) { child &+= 1 }
                guard base[child].precedes(entry) else { break }
                (base + index).moveInitialize(from: base + child, count: 1)
                index = child
            }
            (base + index).initialize(to: entry)
        }
    }
}
