/// A JSON value from a scenario file, with where it was written.
///
/// Unlike `JSONSerialization`, every node keeps its line, column and JSON path, and objects
/// keep their members in file order, so every later validation error can point at the exact
/// place in the file. The path is a link to the parent's (``JSONPath``): O(1) per node, its
/// text built only when an error is reported.
package struct JSONNode: Sendable {
    /// The value, with children as located nodes.
    package enum Value: Sendable {
        case null
        case bool(Bool)
        /// A number as written (so integers are never rounded through `Double`).
        case number(String)
        case string(String)
        case array([JSONNode])
        /// Members in file order. Duplicate keys are rejected by the parser.
        case object([Member])
    }

    /// One `"key": value` member of an object.
    package struct Member: Sendable {
        package var key: String
        /// Where the key was written.
        package var keyLocation: SourceLocation
        package var value: JSONNode
    }

    package var value: Value
    /// Where the value starts.
    package var location: SourceLocation
    /// Where the value is in the document, as a lazily rendered ``JSONPath``.
    package var jsonPath: JSONPath

    /// The JSON path to this value as text (`$`, `$.items[2].id`), built on each call.
    ///
    /// - Complexity: O(depth).
    package var path: String { jsonPath.description }

    /// A short name of the value's kind for error messages ("a string", "an object").
    package var kindDescription: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
