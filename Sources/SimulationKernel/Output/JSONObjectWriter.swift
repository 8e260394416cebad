/// Where a JSON object is written member by member: a ``JSONObject`` held in memory, or a
/// ``JSONStream`` that renders each member as it comes. A report writes its document once,
/// through this, and the caller picks: a value to inspect, or text whose size never has to fit
/// in memory at once (an array of a million records is rendered element by element).
package protocol JSONObjectWriter {
    /// Adds `"key": value`.
    mutating func append(_ key: String, _ value: JSONValue)
    /// Adds `"key": [elements…]`, each element made when it is written.
    mutating func append<Elements: Sequence<JSONValue>>(_ key: String, elements: Elements)
}

extension JSONObject: JSONObjectWriter {
    /// Adds `"key": [elements…]`, all held.
    package mutating func append<Elements: Sequence<JSONValue>>(_ key: String, elements: Elements) {
        append(key, .array(Array(elements)))
    }
}

/// One JSON object rendered compactly into `output` as its members are added: the same text as
/// ``JSONValue/compact`` of the object holding them, without holding them. The text is gathered
/// into pieces of about `pieceSize` bytes (a piece ends after a whole value), each written to
/// `output` once, so a document of a million records costs one piece of memory.
///
/// ```swift
/// var stream = JSONStream(into: "")
/// stream.append("schema", "wristsim.timeline/1")
/// stream.append("reloads", elements: records.lazy.map(json))
/// let text = stream.finished()   // {"schema":"wristsim.timeline/1","reloads":[…]}
/// ```
package struct JSONStream<Output: TextOutputStream>: JSONObjectWriter {
    private var output: Output
    private let pieceSize: Int
    private var piece = "{"
    private var empty = true

    /// Starts an object in `output`, written in pieces of about `pieceSize` bytes.
    package init(into output: Output, pieceSize: Int = 1 << 16) {
        self.output = output
        self.pieceSize = pieceSize
    }

    package mutating func append(_ key: String, _ value: JSONValue) {
        writeKey(key)
        write(value)
    }

    package mutating func append<Elements: Sequence<JSONValue>>(_ key: String, elements: Elements) {
        writeKey(key)
        piece += "["
        var first = true
        for element in elements {
            if !first { piece += "," }
            first = false
            write(element)
        }
        piece += "]"
    }

    /// Closes the object, writes what is left, and returns the output.
    package consuming func finished() -> Output {
        piece += "}"
        output.write(piece)
        return output
    }

    private mutating func writeKey(_ key: String) {
        if !empty { piece += "," }
        JSONText.write(quoted: key, to: &piece)
        piece += ":"
        empty = false
    }

    private mutating func write(_ value: JSONValue) {
        value.write(to: &piece, indent: nil, depth: 0)
        guard piece.utf8.count >= pieceSize else { return }
        output.write(piece)
        piece = ""
    }
}
