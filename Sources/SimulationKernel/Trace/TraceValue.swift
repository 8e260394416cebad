/// A value in a trace event's fields or a report, rendered identically on every run.
package enum TraceValue: Hashable, Sendable {
    case int(Int64)
    /// An unsigned 64-bit number (seeds): always a plain number, also above 2⁶³ − 1.
    case unsigned(UInt64)
    case string(String)
    case bool(Bool)
    /// A duration, rendered as text to the millisecond (`"0.256s"`, `"1m30.000s"`, see
    /// ``DurationFormat``) and in JSON as milliseconds.
    case duration(SimDuration)
    /// A fixed-point decimal: `value / 10^scale` (e.g. milliseconds with 3 decimals).
    case decimal(Int64, scale: Int)
    case list([TraceValue])

    /// Text rendering used by `--trace` logs.
    package var text: String {
        switch self {
        case .int(let value): return String(value)
        case .unsigned(let value): return String(value)
        case .string(let value):
            return value.contains(where: { $0 == " " || $0 == "=" || $0 == "\"" }) || value.isEmpty
                ? JSONValue.string(value).compact : value
        case .bool(let value): return value ? "true" : "false"
        case .duration(let value): return DurationFormat.text(value, unit: .clock)
        case .decimal(let value, let scale): return TraceValue.decimalText(value, scale: scale)
        case .list(let values): return "[" + values.map(\.text).joined(separator: ",") + "]"
        }
    }

    /// `decimalText(12345, scale: 3) == "12.345"`; trailing zeros are kept for stable widths.
    package static func decimalText(_ value: Int64, scale: Int) -> String {
        var json = JSONWriter(capacity: 24)
        json.decimal(value, scale: scale)
        return String(decoding: json.bytes, as: UTF8.self)
    }
}

extension TraceValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int64) { self = .int(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
}
