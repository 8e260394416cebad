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
