import Foundation

/// A value a WatchConnectivity payload may hold: a property-list type.
///
/// Payloads are dictionaries of these (`[String: PropertyListValue]`), written as literals:
///
/// ```swift
/// let edit: [String: PropertyListValue] = ["item": "milk", "done": true, "version": 3]
/// ```
///
/// A dictionary of arbitrary values (what `WCSession` takes) is checked as the system checks it
/// with ``init(checking:)``: a value of another type fails with 7010
/// ``WatchConnectivityError/Code/payloadUnsupportedTypes``.
public enum PropertyListValue: Hashable, Sendable {
    /// A string (`NSString`).
    case string(String)
    /// An integer (`NSNumber`).
    case integer(Int)
    /// A floating-point number (`NSNumber`).
    case double(Double)
    /// A Boolean (`NSNumber`).
    case bool(Bool)
    /// Bytes (`NSData`).
    case data(Data)
    /// A date (`NSDate`).
    case date(Date)
    /// An array of property-list values (`NSArray`).
    case array([PropertyListValue])
    /// A dictionary with string keys (`NSDictionary`).
    case dictionary([String: PropertyListValue])

    /// Checks `value` as WatchConnectivity checks a payload's values: strings, numbers, Booleans,
    /// data, dates, and arrays and string-keyed dictionaries of them.
    ///
    /// - Throws: ``WatchConnectivityError`` 7010 ``WatchConnectivityError/Code/payloadUnsupportedTypes``
    ///   for any other type (`NSNull` among them), anywhere in `value`.
    /// - Complexity: O(*n*) in the values nested in `value`.
    public init(checking value: Any) throws(WatchConnectivityError) {
        switch value {
        case let value as PropertyListValue: self = value
        case let value as String: self = .string(value)
        case let value as Bool: self = .bool(value)
        case let value as Int: self = .integer(value)
        case let value as Double: self = .double(value)
        case let value as Data: self = .data(value)
        case let value as Date: self = .date(value)
        case let value as [Any]:
            var items: [PropertyListValue] = []
            items.reserveCapacity(value.count)
            for item in value { items.append(try PropertyListValue(checking: item)) }
            self = .array(items)
        case let value as [String: Any]:
            self = .dictionary(try PropertyListValue.checkedDictionary(value))
        default:
            throw WatchConnectivityError(.payloadUnsupportedTypes)
        }
    }

    /// Checks every value of `dictionary` (``init(checking:)``).
    ///
    /// - Throws: ``WatchConnectivityError`` 7010 for a value that is not a property-list type.
    /// - Complexity: O(*n*) in the values nested in `dictionary`.
    public static func checkedDictionary(_ dictionary: [String: Any]) throws(WatchConnectivityError)
        -> [String: PropertyListValue]
    {
        var checked: [String: PropertyListValue] = [:]
        checked.reserveCapacity(dictionary.count)
        for (key, value) in dictionary { checked[key] = try PropertyListValue(checking: value) }
        return checked
    }

    /// The value as Foundation property-list objects (`String`, `Int`, `Double`, `Bool`, `Data`,
    /// `Date`, `[Any]`, `[String: Any]`), as `WCSession` takes it.
    public var foundationValue: Any {
        switch self {
        case .string(let value): return value
        case .integer(let value): return value
        case .double(let value): return value
        case .bool(let value): return value
        case .data(let value): return value
        case .date(let value): return value
        case .array(let values): return values.map(\.foundationValue)
        case .dictionary(let values): return values.mapValues(\.foundationValue)
        }
    }

    /// An estimate of the value's size in a binary property list (type marker, length and
    /// contents; references and the trailer are counted as 8 bytes per object): what the
    /// channels' payload caps are compared with.
    ///
    /// - Complexity: O(*n*) in the values nested in this one.
    var estimatedByteCount: Int {
        switch self {
        case .string(let value): return 9 + value.utf8.count
        case .integer, .double, .date: return 9
        case .bool: return 1
        case .data(let value): return 9 + value.count
        case .array(let values): return values.reduce(9) { $0 + 8 + $1.estimatedByteCount }
        case .dictionary(let values): return PropertyListValue.estimatedByteCount(of: values)
        }
    }

    /// ``estimatedByteCount`` of a payload dictionary.
    static func estimatedByteCount(of dictionary: [String: PropertyListValue]) -> Int {
        dictionary.reduce(9) { $0 + 16 + 9 + $1.key.utf8.count + $1.value.estimatedByteCount }
    }

    /// A short text for message trails: `milk`, `3`, `true`, `[2 items]`, `{item: milk, done: true}`.
    var summary: String {
        switch self {
        case .string(let value): return value
        case .integer(let value): return String(value)
        case .double(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .data(let value): return "<\(value.count) bytes>"
        case .date(let value): return "@\(value.timeIntervalSinceReferenceDate)"
        case .array(let values): return "[\(values.count) items]"
        case .dictionary(let values): return PropertyListValue.summary(of: values)
        }
    }

    /// `{done: true, item: milk}`: the keys sorted, so the text is the same on every run.
    static func summary(of dictionary: [String: PropertyListValue]) -> String {
        "{" + dictionary.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.summary)" }.joined(separator: ", ")
            + "}"
    }
}

extension PropertyListValue: ExpressibleByStringLiteral {
    /// A string value from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension PropertyListValue: ExpressibleByIntegerLiteral {
    /// An integer value from a literal.
    public init(integerLiteral value: Int) { self = .integer(value) }
}

extension PropertyListValue: ExpressibleByFloatLiteral {
    /// A floating-point value from a literal.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension PropertyListValue: ExpressibleByBooleanLiteral {
    /// A Boolean value from a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension PropertyListValue: ExpressibleByArrayLiteral {
    /// An array value from a literal.
    public init(arrayLiteral elements: PropertyListValue...) { self = .array(elements) }
}

extension PropertyListValue: ExpressibleByDictionaryLiteral {
    /// A dictionary value from a literal (a later duplicate key wins).
    public init(dictionaryLiteral elements: (String, PropertyListValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension PropertyListValue {
    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, if this is one.
    public var integerValue: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The Boolean, if this is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }
}
