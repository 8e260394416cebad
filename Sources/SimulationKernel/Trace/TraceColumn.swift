/// An append-only column of a ``TraceLog``, stored in chunks of 4,096 elements: full chunks, then
/// the chunk being filled.
///
/// Chunks keep copies cheap: a copy of a log (a settled copy of a simulation that goes on
/// recording) shares every chunk, and its first append copies only the one being filled, never
/// the whole column.
struct TraceColumn<Element: Sendable>: Sendable {
    private static var chunkShift: Int { 12 }
    private static var chunkSize: Int { 1 << chunkShift }
    private static var chunkMask: Int { chunkSize - 1 }

    private var full: [[Element]] = []
    private var tail: [Element] = []

    /// The number of elements.
    var count: Int { full.count << Self.chunkShift + tail.count }

    /// Appends `element`.
    ///
    /// - Complexity: amortised O(1).
    mutating func append(_ element: Element) {
        tail.append(element)
        if tail.count == Self.chunkSize {
            full.append(tail)
            tail = []
        }
    }

    /// The element at `position` (`0 ..< count`).
    ///
    /// - Complexity: O(1).
    subscript(position: Int) -> Element {
        let chunk = position >> Self.chunkShift
        return chunk < full.count ? full[chunk][position & Self.chunkMask] : tail[position & Self.chunkMask]
    }
}
