/// JSON text written as UTF-8 bytes into one growing buffer: the one place where every JSON
/// output of the tool is put into characters (``JSONValue/compact``, ``JSONValue/pretty(indent:)``
/// and ``JSONStream`` all write through it), compact or indented.
///
/// Strings are copied whole when they need no escape; numbers are written digit by digit, with
/// no text made in between. The escapes are fixed: `\"`, `\\`, `\n`, `\r`, `\t`, and `\u00xx`
/// (lowercase hex) for every other control character U+0000–U+001F and for DEL (U+007F), so the
/// text never holds a character a terminal acts on; everything else is copied as it is (RFC 8259).
///
/// ```swift
/// var json = JSONWriter()
/// json.beginObject()
/// json.key("at"); json.string("08:00")
/// json.key("left"); json.int(3)
/// json.endObject()
/// String(decoding: json.bytes, as: UTF8.self)  // {"at":"08:00","left":3}
/// ```
package struct JSONWriter {
    /// The text written so far (``removeAll()`` empties it, keeping its place in the document).
    package private(set) var bytes: [UInt8] = []
    /// Spaces per level, or `nil` for the compact form.
    private let indent: Int?
    private var depth = 0
    /// Whether the next member or element is its container's first (no comma before it).
    private var first = true

    /// A writer of the compact form (`indent == nil`) or of the readable form with `indent`
    /// spaces per level.
    package init(indent: Int? = nil, capacity: Int = 256) {
        self.indent = indent.map { max(0, $0) }
        bytes.reserveCapacity(capacity)
    }

    /// Forgets the text written so far (a piece handed on), keeping the buffer and the position
    /// in the document.
    package mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    // MARK: Structure

    /// Opens an object: its members follow as ``key(_:)`` and a value each.
    package mutating func beginObject() { open(UInt8(ascii: "{")) }

    /// Closes the innermost object.
    package mutating func endObject() { close(UInt8(ascii: "}")) }

    /// Opens an array: each element follows ``element()``.
    package mutating func beginArray() { open(UInt8(ascii: "[")) }

    /// Closes the innermost array.
    package mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Starts a member of the innermost object: the separator, `key` quoted, and the colon; its
    /// value comes next.
    package mutating func key(_ key: String) {
        separate()
        string(key)
        bytes.append(UInt8(ascii: ":"))
        if indent != nil { bytes.append(UInt8(ascii: " ")) }
    }

    /// Starts an element of the innermost array (the separator); the value comes next.
    package mutating func element() {
        separate()
    }

    private mutating func separate() {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        newline(depth: depth)
    }

    private mutating func open(_ byte: UInt8) {
        bytes.append(byte)
        depth += 1
        first = true
    }

    private mutating func close(_ byte: UInt8) {
        depth -= 1
        if !first { newline(depth: depth) }
        bytes.append(byte)
        first = false
    }

    private mutating func newline(depth: Int) {
        guard let indent else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * depth))
    }

    /// Ends the readable form with a newline (the compact form has none).
    package mutating func finishLine() {
        if indent != nil { bytes.append(UInt8(ascii: "\n")) }
    }

    // MARK: Values

    /// `null`.
    package mutating func null() { bytes.append(contentsOf: "null".utf8) }

    /// `true` or `false`.
    package mutating func bool(_ value: Bool) { bytes.append(contentsOf: (value ? "true" : "false").utf8) }

    /// A string literal, escaped as the type's summary says.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length of `text`; copied whole when nothing needs an escape.
    package mutating func string(_ text: String) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { string(utf8: $0) }
        if done == nil { string(utf8: Array(text.utf8)) }
    }

    private mutating func string(utf8 text: some RandomAccessCollection<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var plainFrom = text.startIndex
        var index = text.startIndex
        while index != text.endIndex {
            let byte = text[index]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F {
                text.formIndex(after: &index)
                continue
            }
            bytes.append(contentsOf: text[plainFrom..<index])
            escape(byte)
            text.formIndex(after: &index)
            plainFrom = index
        }
        bytes.append(contentsOf: text[plainFrom..<index])
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x22: bytes.append(UInt8(ascii: "\""))
        case 0x5C: bytes.append(UInt8(ascii: "\\"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let low = byte & 0xF
            bytes.append(contentsOf: "u00".utf8)
            bytes.append(UInt8(ascii: "0") + (byte >> 4))
            bytes.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
        }
    }

    /// A signed integer.
    package mutating func int(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        unsigned(value.magnitude)
    }

    /// An unsigned integer, a plain number up to 2⁶⁴ − 1.
    package mutating func unsigned(_ value: UInt64) {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        digits(value, count: count)
    }

    /// Writes `value` in the shortest text that reads back as the same `Double` (Swift's
    /// `description`: `0.1`, `1e-05`, `5.0`), or `null` when it is not finite.
    package mutating func number(_ value: Double) {
        bytes.append(contentsOf: (value.isFinite ? value.description : "null").utf8)
    }

    /// `value / 10^scale` with exactly `scale` decimals (`decimal(-5, scale: 2)` is `-0.05`); a
    /// scale of 0 or less is the integer.
    package mutating func decimal(_ value: Int64, scale: Int) {
        guard scale > 0 else { return int(value) }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var divisor: UInt64 = 1
        for _ in 0..<scale { divisor *= 10 }
        let magnitude = value.magnitude
        unsigned(magnitude / divisor)
        bytes.append(UInt8(ascii: "."))
        digits(magnitude % divisor, count: scale)
    }

    /// The last `count` decimal digits of `value`, leading zeros included, made on the stack and
    /// appended at once.
    private mutating func digits(_ value: UInt64, count: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            var rest = value
            for index in buffer.indices.reversed() {
                buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: buffer)
        }
    }
}
