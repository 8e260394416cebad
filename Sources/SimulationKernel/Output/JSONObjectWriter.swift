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
/// ``JSONValue/compact`` of the object holding them, without holding them.
///
/// ```swift
/// var stream = JSONStream(into: "")
/// stream.append("schema", "wristsim.timeline/1")
/// stream.append("reloads", elements: records.lazy.map(json))
/// let text = stream.finished()   // {"schema":"wristsim.timeline/1","reloads":[…]}
/// ```
package struct JSONStream<Output: TextOutputStream>: JSONObjectWriter {
    private var output: Output
    private var empty = true

    /// Starts an object in `output`.
    package init(into output: Output) {
        self.output = output
        self.output.write("{")
    }

    package mutating func append(_ key: String, _ value: JSONValue) {
        writeKey(key)
        write(value)
    }

    package mutating func append<Elements: Sequence<JSONValue>>(_ key: String, elements: Elements) {
        writeKey(key)
        output.write("[")
        var first = true
        for element in elements {
            if !first { output.write(",") }
            first = false
            write(element)
        }
        output.write("]")
    }

    /// Closes the object and returns the output.
    package consuming func finished() -> Output {
        output.write("}")
        return output
    }

    private mutating func writeKey(_ key: String) {
        output.write((empty ? "" : ",") + JSONText.quoted(key) + ":")
        empty = false
    }

    private mutating func write(_ value: JSONValue) {
        var text = ""
        value.write(to: &text, indent: nil, depth: 0)
        output.write(text)
    }
}
