/// A first-in first-out queue: an array with a moving head, so `popFirst()` is O(1)
/// (`Array.removeFirst()` would be O(*n*)). The consumed prefix is dropped in bulk (when the
/// queue drains or the prefix is at least half the storage), never per element.
struct FIFOQueue<Element> {
    private var storage: [Element] = []
    private var head = 0

    /// The number of queued elements.
    var count: Int { storage.count - head }

    /// Whether nothing is queued.
    var isEmpty: Bool { head == storage.count }

    /// Appends `element` at the back.
    ///
    /// - Complexity: amortised O(1).
    mutating func append(_ element: Element) {
        storage.append(element)
    }

    /// Removes and returns the front element, if any.
    ///
    /// - Complexity: amortised O(1).
    mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        head += 1
        if head == storage.count, head >= 1024 {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 4096, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}
