/// The binary heap under ``EventQueue``: insertion, the vacated root, and the sifts.
///
/// The sifts work on the array's buffer directly: one uniqueness check per operation instead
/// of one per write, and no bounds checks in the loop (indices stay below `count` by
/// construction; debug builds still check them).
extension EventQueue {
    /// The number of pending entries in the heap (excluding a vacated root).
    @inlinable @inline(__always)
    var heapCount: Int {
        switch root {
        case .pending: heap.count
        case .vacated: heap.count - 1
        }
    }

    /// The earliest pending heap entry, found without settling a vacated root (then it is the
    /// earlier of the root's two children).
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    var heapTop: Key? {
        switch root {
        case .pending:
            return heap.first
        case .vacated:
            let count = heap.count
            if count <= 1 { return nil }
            if count == 2 || heap[1].precedes(heap[2]) { return heap[1] }
            return heap[2]
        }
    }

    /// Adds `entry` to the heap, reusing a vacated root if there is one.
    ///
    /// - Complexity: O(log *n*).
    @inlinable @inline(__always)
    mutating func insertIntoHeap(_ entry: Key) {
        switch root {
        case .vacated:
            root = .pending
            siftDown(from: 0, entry)
        case .pending:
            heap.append(entry)
            siftUp(from: heap.count - 1, entry)
        }
    }

    /// Removes a vacated root: the last entry takes its place and sifts down.
    ///
    /// - Complexity: O(1) if the root is pending, else O(log *n*).
    @inlinable @inline(__always)
    mutating func settleRoot() {
        guard case .vacated = root else { return }
        root = .pending
        let last = heap.removeLast()
        if !heap.isEmpty { siftDown(from: 0, last) }
    }

    @inlinable @inline(__always)
    mutating func siftUp(from start: Int, _ entry: Key) {
        heap.withUnsafeMutableBufferPointer { buffer in
            var index = start
            while index > 0 {
                let parent = (index &- 1) >> 1
                guard entry.precedes(buffer[parent]) else { break }
                buffer[index] = buffer[parent]
                index = parent
            }
            buffer[index] = entry
        }
    }

    @inlinable @inline(__always)
    mutating func siftDown(from start: Int, _ entry: Key) {
        heap.withUnsafeMutableBufferPointer { buffer in
            let count = buffer.count
            var index = start
            while true {
                var child = 2 &* index &+ 1
                if child >= count { break }
                if child &+ 1 < count, buffer[child &+ 1].precedes(buffer[child]) { child &+= 1 }
                guard buffer[child].precedes(entry) else { break }
                buffer[index] = buffer[child]
                index = child
            }
            buffer[index] = entry
        }
    }
}
