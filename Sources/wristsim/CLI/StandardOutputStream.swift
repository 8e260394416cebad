/// Standard output as a `TextOutputStream`, for a report written as it is made (a `timeline` of
/// ten years of reloads): pieces are gathered up to 64 KiB and written through
/// ``Console/outPiece(_:)``, so the output is never held whole. Each `write` must be whole lines
/// or whole JSON values (escaping works piece by piece); call ``flush()`` at the end.
struct StandardOutputStream: TextOutputStream {
    private var buffer = ""

    mutating func write(_ string: String) {
        buffer += string
        if buffer.utf8.count >= 1 << 16 { flush() }
    }

    /// Writes what is gathered.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        Console.outPiece(buffer)
        buffer = ""
    }
}
