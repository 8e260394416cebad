import SimulationKernel

/// Parses JSON text into located ``JSONNode``s (RFC 8259), reporting the line and column of
/// the first problem: invalid UTF-8, a truncated file, a stray character, a duplicate key,
/// or nesting deeper than ``maximumDepth`` (so a hostile file cannot exhaust the stack).
///
/// - Complexity: O(*n*) in the size of the input.
package struct JSONParser {
    /// Nesting deeper than this is rejected.
    package static let maximumDepth = 100

    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// The column cache of ``location()``: `column` is the column at byte `columnPosition` of
    /// the line starting at `columnLineStart`.
    private var columnLineStart = 0
    private var columnPosition = 0
    private var column = 1
    /// Where every node and key is placed when the text stands in for a value of another
    /// document (`sweep --set`); `nil`: each at its own position.
    private var placed: SourceLocation?

    /// Parses a whole document.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - file: the file name used in error messages.
    ///   - path: the root's path: `$`, or the place of the value the text stands in for, which
    ///     then prefixes every node's path (`$.pipeline.jitter.spread`, not `$.spread`).
    ///   - placed: the location of that value, given to every node and key instead of its own.
    /// - Throws: ``ScenarioError`` with the position of the first problem.
    package static func parse(
        _ bytes: [UInt8], file: String, at path: JSONPath = .root, placedAt placed: SourceLocation? = nil
    ) throws(ScenarioError) -> JSONNode {
        var parser = JSONParser(bytes: bytes, file: file, placed: placed)
        try parser.validateUTF8()
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3; parser.lineStart = 3 }
        parser.skipWhitespace()
        if parser.index >= bytes.count {
            throw parser.error("the file is empty; expected a JSON object describing a scenario")
        }
        let root = try parser.parseValue(path: path, depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON document")
        }
        return root
    }

    // MARK: - Positions and errors

    /// The current position. Columns count Unicode scalars (UTF-8 continuation bytes are
    /// skipped); the count is cached and advanced incrementally, so a whole file on one line
    /// costs O(*n*), not O(*n*²).
    private mutating func location() -> SourceLocation {
        if columnLineStart != lineStart || columnPosition > index {
            columnLineStart = lineStart
            columnPosition = lineStart
            column = 1
        }
        while columnPosition < index {
            if bytes[columnPosition] & 0xC0 != 0x80 { column += 1 }
            columnPosition += 1
        }
        return SourceLocation(line: line, column: column)
    }

    private mutating func error(_ message: String, at location: SourceLocation? = nil, path: String? = nil)
        -> ScenarioError
    {
        ScenarioError(file: file, location: location ?? self.location(), path: path, message: message)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x20, byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func validateUTF8() throws(ScenarioError) {
        var position = 0
        while position < bytes.count {
            let length = FileName.validSequenceLength(bytes, at: position)
            guard length > 0 else {
                // The line and column of the bad byte are counted only when there is one.
                index = position
                line = 1 + bytes[..<position].count { $0 == 0x0A }
                lineStart = (bytes[..<position].lastIndex(of: 0x0A) ?? -1) + 1
                throw error(
                    "the file is not valid UTF-8 (byte 0x\(String(bytes[position], radix: 16, uppercase: true))); "
                        + "expected a UTF-8 encoded JSON file")
            }
            position += length
        }
    }

    // MARK: - Grammar

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func parseValue(path: JSONPath, depth: Int) throws(ScenarioError) -> JSONNode {
        guard depth <= JSONParser.maximumDepth else {
            throw error("JSON nested more than \(JSONParser.maximumDepth) levels deep")
        }
        let start = placed ?? location()
        guard index < bytes.count else {
            throw error("unexpected end of file; expected a JSON value (the file looks truncated)")
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(path: path, depth: depth, start: start)
        case UInt8(ascii: "["): return try parseArray(path: path, depth: depth, start: start)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), location: start, jsonPath: path)
        case UInt8(ascii: "t"):
            try expectLiteral("true"); return JSONNode(value: .bool(true), location: start, jsonPath: path)
        case UInt8(ascii: "f"):
            try expectLiteral("false"); return JSONNode(value: .bool(false), location: start, jsonPath: path)
        case UInt8(ascii: "n"):
            try expectLiteral("null"); return JSONNode(value: .null, location: start, jsonPath: path)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), location: start, jsonPath: path)
        default:
            throw error(
                "unexpected \(describeCurrent()); expected a JSON value (object, array, string, number, true, false or null)"
            )
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(ScenarioError) {
        guard bytes[index...].starts(with: literal.utf8) else {
            throw error(
                "unexpected \(describeCurrent()); expected a JSON value (did you mean \(literal)? strings need double quotes)"
            )
        }
        index += literal.utf8.count
    }

    private mutating func parseObject(path: JSONPath, depth: Int, start: SourceLocation) throws(ScenarioError)
        -> JSONNode
    {
        var members: [JSONNode.Member] = []
        var keys: [String: SourceLocation] = [:]
        var closed = opens(closingWith: UInt8(ascii: "}"))
        while !closed {
            skipWhitespace()
            guard index < bytes.count else {
                throw error(
                    "unexpected end of file inside the object that starts at line \(start.line), column \(start.column); expected a key or '}'"
                )
            }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()); expected a key in double quotes")
            }
            let keyLocation = placed ?? location()
            let key = try parseString()
            let memberPath = path.appending(key: key)
            if let first = keys[key] {
                throw error(
                    "duplicate key \(Excerpt.quoted(key)) (first written at line \(first.line), column \(first.column)); expected each key once",
                    at: keyLocation, path: memberPath.description)
            }
            keys[key] = keyLocation
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()); expected ':' after the key \(Excerpt.quoted(key))")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue(path: memberPath, depth: depth + 1)
            members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
            closed = try closes(UInt8(ascii: "}"), "object", start: start, after: "a member of the object")
        }
        return JSONNode(value: .object(members), location: start, jsonPath: path)
    }

    private mutating func parseArray(path: JSONPath, depth: Int, start: SourceLocation) throws(ScenarioError)
        -> JSONNode
    {
        var elements: [JSONNode] = []
        var closed = opens(closingWith: UInt8(ascii: "]"))
        while !closed {
            skipWhitespace()
            elements.append(try parseValue(path: path.appending(index: elements.count), depth: depth + 1))
            closed = try closes(UInt8(ascii: "]"), "array", start: start, after: "an array element")
        }
        return JSONNode(value: .array(elements), location: start, jsonPath: path)
    }

    /// Steps over the opening bracket and the white space after it; consumes `close` and returns
    /// `true` when the container is empty.
    private mutating func opens(closingWith close: UInt8) -> Bool {
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == close else { return false }
        index += 1
        return true
    }

    /// After a member or element (`after` says which) of the `container` that starts at `start`:
    /// consumes `,` and returns `false` (another follows), or consumes `close` and returns `true`.
    ///
    /// - Throws: ``ScenarioError`` at anything else, or at the end of the file.
    private mutating func closes(_ close: UInt8, _ container: String, start: SourceLocation, after: String)
        throws(ScenarioError) -> Bool
    {
        skipWhitespace()
        let expected = "expected ',' or '\(Character(Unicode.Scalar(close)))'"
        guard index < bytes.count else {
            throw error(
                "unexpected end of file inside the \(container) that starts at line \(start.line), column \(start.column); \(expected)"
            )
        }
        let byte = bytes[index]
        guard byte == UInt8(ascii: ",") || byte == close else {
            throw error("unexpected \(describeCurrent()); \(expected) after \(after)")
        }
        index += 1
        return byte == close
    }

    private mutating func parseString() throws(ScenarioError) -> String {
        let start = location()
        index += 1
        // The text is built as UTF-8 bytes and made a String once: appending to a String's
        // scalars at each escape counts the whole string again (quadratic in the escapes).
        var utf8: [UInt8] = []
        // The file is valid UTF-8 (``validateUTF8()``) and segments end at ASCII bytes, so each
        // segment's bytes are copied as they are.
        var segmentStart = index
        while true {
            guard index < bytes.count else {
                throw error(
                    "unexpected end of file inside the string that starts at line \(start.line), column \(start.column); expected a closing '\"'"
                )
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let segment = bytes[segmentStart..<index]
                index += 1
                // No escape so far (each adds at least a byte): the string is the bytes, decoded once.
                if utf8.isEmpty { return String(decoding: segment, as: UTF8.self) }
                utf8.append(contentsOf: segment)
                return String(decoding: utf8, as: UTF8.self)
            }
            if byte < 0x20 {
                throw error(
                    byte == 0x0A
                        ? "line break inside a string; expected a closing '\"' on the same line (write \\n for a line break)"
                        : "control character 0x\(String(byte, radix: 16)) inside a string; expected it escaped")
            }
            if byte == UInt8(ascii: "\\") {
                utf8.append(contentsOf: bytes[segmentStart..<index])
                index += 1
                guard index < bytes.count else {
                    throw error("unexpected end of file in an escape sequence")
                }
                let escape = bytes[index]
                index += 1
                let scalar: Unicode.Scalar
                switch escape {
                case UInt8(ascii: "\""): scalar = "\""
                case UInt8(ascii: "\\"): scalar = "\\"
                case UInt8(ascii: "/"): scalar = "/"
                case UInt8(ascii: "b"): scalar = "\u{08}"
                case UInt8(ascii: "f"): scalar = "\u{0C}"
                case UInt8(ascii: "n"): scalar = "\n"
                case UInt8(ascii: "r"): scalar = "\r"
                case UInt8(ascii: "t"): scalar = "\t"
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else {
                            throw error("unpaired UTF-16 surrogate in a \\u escape; expected a low surrogate to follow")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else {
                            throw error("invalid UTF-16 surrogate pair in a \\u escape")
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(code) {
                        throw error("unpaired UTF-16 low surrogate in a \\u escape")
                    }
                    guard let decoded = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    scalar = decoded
                default:
                    index -= 1
                    throw error(
                        "invalid escape '\\\(describeCurrent())' in a string; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"
                    )
                }
                UTF8.encode(scalar) { utf8.append($0) }
                segmentStart = index
                continue
            }
            index += 1
        }
    }

    private mutating func parseHex4() throws(ScenarioError) -> UInt32 {
        guard index + 4 <= bytes.count else {
            throw error("unexpected end of file in a \\u escape; expected 4 hex digits")
        }
        var value: UInt32 = 0
        for _ in 0..<4 {
            // One byte is a Latin-1 scalar: its only hex digits are ASCII's 0-9, a-f and A-F.
            guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else {
                throw error("invalid \(describeCurrent()) in a \\u escape; expected 4 hex digits")
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(ScenarioError) -> String {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digits() > 0 else { throw error("unexpected \(describeCurrent()); expected a digit in the number") }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
            index = integerStart
            throw error("numbers must not have leading zeros")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else {
                throw error("unexpected \(describeCurrent()); expected a digit after the decimal point")
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw error("unexpected \(describeCurrent()); expected a digit in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}
