/// Deterministic JSON output: keys in insertion order, fixed number formats, no
/// dictionary ordering anywhere. Reports build their JSON with this, never with a
/// dictionary encoder, so the same run prints byte-identical JSON.
package enum JSONText {
    /// A JSON string literal for `text`, escaped as ``JSONWriter/string(_:)`` escapes.
    package static func quoted(_ text: String) -> String {
        var json = JSONWriter(capacity: text.utf8.count + 2)
        json.string(text)
        return String(decoding: json.bytes, as: UTF8.self)
    }
}

/// Builds one JSON object as text, keys in the order they are added.
package struct JSONObjectText: Sendable {
    private var members: [String] = []

    package init() {}

    /// Adds `"key": <raw JSON>` (an already rendered object or array).
    package mutating func addRaw(_ key: String, _ json: String) {
        members.append(JSONText.quoted(key) + ":" + json)
    }

    /// The rendered object.
    package var text: String { "{" + members.joined(separator: ",") + "}" }
}

extension Array where Element == String {
    /// Renders already-rendered JSON values as a JSON array.
    package var jsonArray: String { "[" + joined(separator: ",") + "]" }
}
