/// Deterministic JSON output: keys in insertion order, fixed number formats, no
/// dictionary ordering anywhere. Reports build their JSON with this, never with a
/// dictionary encoder, so the same run prints byte-identical JSON.
package enum JSONText {
    /// A JSON string literal for `text`, escaping quotes, backslashes and control characters.
    package static func quoted(_ text: String) -> String {
        var result = ""
        write(quoted: text, to: &result)
        return result
    }

    /// Appends ``quoted(_:)`` of `text` to `output`, with no string in between.
    package static func write(quoted text: String, to output: inout String) {
        output += "\""
        // Most text needs no escape: copied whole rather than a scalar at a time.
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }
        }
        if plain == true {
            output += text
            output += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

/// Builds one JSON object as text, keys in the order they are added.
package struct JSONObjectText: Sendable {
    private var members: [String] = []

    package init() {}

    /// Adds `"key": value`.
    package mutating func add(_ key: String, _ value: TraceValue) {
        members.append(JSONText.quoted(key) + ":" + value.json)
    }

    /// Adds `"key": <raw JSON>` (an already rendered object or array).
    package mutating func addRaw(_ key: String, _ json: String) {
        members.append(JSONText.quoted(key) + ":" + json)
    }

    /// Adds `"key": null` when `value` is nil, else the value.
    package mutating func add(_ key: String, _ value: TraceValue?) {
        if let value { add(key, value) } else { addRaw(key, "null") }
    }

    /// The rendered object.
    package var text: String { "{" + members.joined(separator: ",") + "}" }
}

extension Array where Element == String {
    /// Renders already-rendered JSON values as a JSON array.
    package var jsonArray: String { "[" + joined(separator: ",") + "]" }
}
