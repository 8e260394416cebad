/// A JSON value built from typed parts and rendered deterministically: object keys keep the
/// order in which they were added, numbers have one fixed format, and nothing depends on a
/// dictionary's iteration order. Every report builds its JSON as a `JSONValue` and renders it
/// once, so the same run prints byte-identical JSON and no output is stitched from strings.
///
/// ```swift
/// let record: JSONValue = ["schema": "wristsim.run/1", "seed": .int(7), "delayMs": .milliseconds(.seconds(2))]
/// record.compact  // {"schema":"wristsim.run/1","seed":7,"delayMs":2000.000}
/// ```
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    /// An unsigned 64-bit number, written as a plain JSON number even above 2⁶³ − 1 (seeds:
    /// every seed in every output is a number, `18446744073709551615` included).
    case unsigned(UInt64)
    /// A fixed-point decimal: `value / 10^scale`, rendered with exactly `scale` decimals
    /// (`.decimal(12345, scale: 3)` is `12.345`), so widths never depend on the value.
    case decimal(Int64, scale: Int)
    /// A binary floating-point number in the shortest text that reads back as the same `Double`
    /// (`0.1`, `1e-05`), for figures measured rather than simulated (the benchmarks' wall
    /// times); JSON has no infinity or NaN, so those are `null`.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A duration as a number of milliseconds with three decimals (microsecond resolution),
    /// the unit every JSON output uses for durations (keys end in `Ms`); rounded as the text
    /// rounds (``DurationFormat/microseconds(_:)``), so JSON and text print the same figure.
    package static func milliseconds(_ duration: SimDuration) -> JSONValue {
        .decimal(DurationFormat.microseconds(duration), scale: 3)
    }

    /// `nil` becomes `null`.
    package static func optional(_ value: JSONValue?) -> JSONValue { value ?? .null }

    /// The compact rendering (no white space): one JSON Lines record, or a document.
    ///
    /// - Complexity: O(*n*) in the size of the output.
    package var compact: String {
        var json = JSONWriter()
        write(to: &json)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// A readable rendering with `indent` spaces per level and a trailing newline.
    ///
    /// - Complexity: O(*n*) in the size of the output.
    package func pretty(indent: Int = 2) -> String {
        var json = JSONWriter(indent: indent)
        write(to: &json)
        json.finishLine()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// Writes the value into `json` (a member's value after its key, an element after
    /// ``JSONWriter/element()``, or a whole document).
    package func write(to json: inout JSONWriter) {
        switch self {
        case .null: json.null()
        case .bool(let value): json.bool(value)
        case .int(let value): json.int(value)
        case .unsigned(let value): json.unsigned(value)
        case .decimal(let value, let scale): json.decimal(value, scale: scale)
        case .number(let value): json.number(value)
        case .string(let value): json.string(value)
        case .array(let values):
            json.beginArray()
            for value in values {
                json.element()
                value.write(to: &json)
            }
            json.endArray()
        case .object(let object):
            json.beginObject()
            for member in object.members {
                json.key(member.key)
                member.value.write(to: &json)
            }
            json.endObject()
        }
    }
}

extension JSONValue {
    /// The object when this is one.
    package var objectValue: JSONObject? {
        guard case .object(let object) = self else { return nil }
        return object
    }
}

extension JSONValue {
    /// The JSON form of a trace or report value (durations become milliseconds).
    package init(_ value: TraceValue) {
        switch value {
        case .int(let value): self = .int(value)
        case .unsigned(let value): self = .unsigned(value)
        case .string(let value): self = .string(value)
        case .bool(let value): self = .bool(value)
        case .duration(let value): self = .milliseconds(value)
        case .decimal(let value, let scale): self = .decimal(value, scale: scale)
        case .list(let values): self = .array(values.map(JSONValue.init))
        }
    }

    /// A seed: a plain JSON number from 0 to 2⁶⁴ − 1, the one convention of every output.
    package static func seed(_ seed: UInt64) -> JSONValue { .unsigned(seed) }

    /// An integer count (`Int` is what collections count in).
    package static func count(_ value: Int) -> JSONValue { .int(Int64(value)) }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int64) { self = .int(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(nilLiteral: ()) { self = .null }

    /// An object literal; keys keep the literal's order (a repeated key keeps its first place
    /// and its last value).
    package init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
}
