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
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A duration as a number of milliseconds with three decimals (microsecond resolution),
    /// the unit every JSON output uses for durations (keys end in `Ms`).
    package static func milliseconds(_ duration: SimDuration) -> JSONValue {
        .decimal(duration.nanoseconds / 1_000, scale: 3)
    }

    /// `nil` becomes `null`.
    package static func optional(_ value: JSONValue?) -> JSONValue { value ?? .null }

    /// The compact rendering (no white space): one JSON Lines record, or a document.
    ///
    /// - Complexity: O(*n*) in the size of the output.
    package var compact: String {
        var output = ""
        write(to: &output, indent: nil, depth: 0)
        return output
    }

    /// A readable rendering with `indent` spaces per level and a trailing newline.
    ///
    /// - Complexity: O(*n*) in the size of the output.
    package func pretty(indent: Int = 2) -> String {
        var output = ""
        write(to: &output, indent: max(0, indent), depth: 0)
        output += "\n"
        return output
    }

    /// Appends the rendering to `output` (`indent == nil`: compact).
    package func write(to output: inout String, indent: Int?, depth: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .unsigned(let value): output += String(value)
        case .decimal(let value, let scale): output += TraceValue.decimalText(value, scale: scale)
        case .string(let value): JSONText.write(quoted: value, to: &output)
        case .array(let values):
            writeContainer(
                open: "[", close: "]", count: values.count, to: &output, indent: indent, depth: depth
            ) { index, output in
                values[index].write(to: &output, indent: indent, depth: depth + 1)
            }
        case .object(let object):
            let members = object.members
            writeContainer(
                open: "{", close: "}", count: members.count, to: &output, indent: indent, depth: depth
            ) { index, output in
                JSONText.write(quoted: members[index].key, to: &output)
                output += indent == nil ? ":" : ": "
                members[index].value.write(to: &output, indent: indent, depth: depth + 1)
            }
        }
    }

    private func writeContainer(
        open: String, close: String, count: Int, to output: inout String, indent: Int?, depth: Int,
        element: (Int, inout String) -> Void
    ) {
        output += open
        guard count > 0 else {
            output += close
            return
        }
        for index in 0..<count {
            if index > 0 { output += "," }
            if let indent {
                output += "\n"
                output += String(repeating: " ", count: indent * (depth + 1))
            }
            element(index, &output)
        }
        if let indent {
            output += "\n"
            output += String(repeating: " ", count: indent * depth)
        }
        output += close
    }
}

extension JSONValue {
    /// The value of `key` when this is an object, else `nil`.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The text when this is a string.
    package var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    /// The elements when this is an array.
    package var arrayValue: [JSONValue]? {
        guard case .array(let values) = self else { return nil }
        return values
    }

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
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object = JSONObject()
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}

extension JSONValue: CustomStringConvertible {
    package var description: String { compact }
}
