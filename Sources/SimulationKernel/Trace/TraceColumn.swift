/// An append-only column of a ``TraceLog``, stored in chunks of at most 4,096 elements.
///
/// Chunks keep copies cheap: a copy of a recorder (a settled copy of a simulation that goes on
/// recording) shares every chunk, and its first append copies only the last one, never the whole
/// column.
struct TraceColumn<Element: Sendable>: Sendable {
    private static var chunkShift: Int { 12 }
    private static var chunkMask: Int { (1 << chunkShift) - 1 }

    private var chunks: [[Element]] = []
    /// The number of elements.
    private(set) var count = 0

    /// Appends `element`.
    ///
    /// - Complexity: amortised O(1).
    mutating func append(_ element: Element) {
        if count & Self.chunkMask == 0 { chunks.append([]) }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    /// The element at `position` (`0 ..< count`).
    ///
    /// - Complexity: O(1).
    subscript(position: Int) -> Element {
        chunks[position >> Self.chunkShift][position & Self.chunkMask]
    }
}
