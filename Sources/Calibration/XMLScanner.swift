/// A streaming XML tokenizer for the small subset `xctrace export` writes: elements with
/// attributes, text with the five predefined entities and character references, comments,
/// an XML declaration and a DOCTYPE without an internal subset. It checks that the document is
/// well-formed (one root, end tags matching start tags) and reports each token's place.
///
/// Each ``next()`` returns one token; its data stays in the scanner's fields until the next
/// call (reused buffers: no allocation per token once they have grown).
///
/// ```swift
/// var scanner = XMLScanner(ByteInput(bytes: Array("<a x=\"1\">hi</a>".utf8), file: "t.xml"))
/// try scanner.next()   // .start; scanner.name == "a", scanner.attribute("x") == "1"
/// try scanner.next()   // .text; scanner.text == "hi"
/// try scanner.next()   // .end
/// try scanner.next()   // .finished
/// ```
package struct XMLScanner {
    /// What ``next()`` found.
    package enum Token: Equatable {
        /// A start tag: ``name``, ``attributes``; `selfClosing` for `<a/>`, which is followed by
        /// its ``end`` token.
        case start(selfClosing: Bool)
        /// An end tag (``name`` is the element's).
        case end
        /// Character data between tags, entity-decoded (``text``).
        case text
        /// The end of the document, after the root element closed.
        case finished
    }

    /// The deepest element nesting read (a deeper document is an error, never a deep stack).
    package static let maximumDepth = 256
    /// The longest name, attribute value or text run kept (a longer one is an error).
    package static let maximumTokenLength = 1 << 20

    private var input: ByteInput
    /// The current token's element name (start and end tags).
    package private(set) var name: [UInt8] = []
    /// The current start tag's attributes, in order.
    package private(set) var attributes: [(name: [UInt8], value: [UInt8])] = []
    private var attributeCount = 0
    /// The current text token.
    package private(set) var text: [UInt8] = []
    /// Where the current token began.
    package private(set) var line = 1
    package private(set) var column = 1
    /// The names of the open elements, concatenated, and where each begins.
    private var openNames: [UInt8] = []
    private var openStarts: [Int] = []
    private var pendingEnd = false
    private var rootClosed = false
    private var sawRoot = false

    package init(_ input: ByteInput) {
        self.input = input
    }

    /// The file being read.
    package var file: String { input.file }
    /// The number of open elements.
    package var depth: Int { openStarts.count }
    /// Bytes read so far.
    package var offset: Int { input.offset }

    /// The value of attribute `key` of the current start tag, or `nil`.
    package func attribute(_ key: StaticString) -> [UInt8]? {
        let bytes = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        for index in 0..<attributeCount where attributes[index].name.elementsEqual(bytes) {
            return attributes[index].value
        }
        return nil
    }

    /// Whether the current token's name is `expected`.
    package func nameIs(_ expected: StaticString) -> Bool {
        name.elementsEqual(UnsafeBufferPointer(start: expected.utf8Start, count: expected.utf8CodeUnitCount))
    }

    /// An error located at the current token.
    package func error(_ message: String) -> CalibrationError {
        CalibrationError(file: input.file, line: line, column: column, message: message)
    }

    /// The next token.
    ///
    /// - Throws: ``CalibrationError`` at the first place the document is not well-formed.
    package mutating func next() throws(CalibrationError) -> Token {
        if pendingEnd {
            pendingEnd = false
            try close()
            return .end
        }
        while true {
            line = input.line
            column = input.column
            guard let byte = try input.peek() else {
                if let open = openName {
                    throw input.error("the file ends inside <\(open)>; expected </\(open)>")
                }
                guard sawRoot else { throw input.error("the file has no XML element; expected an xctrace export") }
                return .finished
            }
            if byte != UInt8(ascii: "<") {
                try readText()
                if openStarts.isEmpty {
                    guard text.allSatisfy(XMLScanner.isSpace) else {
                        throw error("text outside the root element; expected only whitespace")
                    }
                    continue
                }
                return .text
            }
            _ = try input.next()
            switch try input.peek() {
            case UInt8(ascii: "?"):
                try skip(until: Array("?>".utf8), what: "the processing instruction")
            case UInt8(ascii: "!"):
                try readBang()
                if !text.isEmpty { return .text }
            case UInt8(ascii: "/"):
                _ = try input.next()
                try readName()
                try skipSpace()
                try expect(UInt8(ascii: ">"), "'>' to end the end tag")
                try close()
                return .end
            default:
                return try readStartTag()
            }
        }
    }

    // MARK: - Tags

    private var openName: String? {
        guard let start = openStarts.last else { return nil }
        return String(decoding: openNames[start...], as: UTF8.self)
    }

    private mutating func readStartTag() throws(CalibrationError) -> Token {
        if rootClosed { throw error("a second root element; an export has one") }
        try readName()
        attributeCount = 0
        while true {
            let hadSpace = try skipSpace()
            guard let byte = try input.peek() else { throw input.error("the file ends inside a tag") }
            if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") { break }
            guard hadSpace else { throw input.error("expected a space, '>' or '/>' after the tag's name or value") }
            try readAttribute()
        }
        let selfClosing = try input.next() == UInt8(ascii: "/")
        if selfClosing { try expect(UInt8(ascii: ">"), "'>' after '/'") }
        guard openStarts.count < XMLScanner.maximumDepth else {
            throw error("elements nested deeper than \(XMLScanner.maximumDepth)")
        }
        sawRoot = true
        openStarts.append(openNames.count)
        openNames.append(contentsOf: name)
        pendingEnd = selfClosing
        return .start(selfClosing: selfClosing)
    }

    /// Pops the open element, checking that `name` is its name.
    private mutating func close() throws(CalibrationError) {
        guard let start = openStarts.last else {
            throw error("</\(String(decoding: name, as: UTF8.self))> closes no open element")
        }
        if !openNames[start...].elementsEqual(name) {
            throw error(
                "</\(String(decoding: name, as: UTF8.self))> does not close <\(openName ?? "")>; "
                    + "expected </\(openName ?? "")>")
        }
        name.removeAll(keepingCapacity: true)
        name.append(contentsOf: openNames[start...])
        openNames.removeSubrange(start...)
        openStarts.removeLast()
        if openStarts.isEmpty { rootClosed = true }
    }

    private mutating func readAttribute() throws(CalibrationError) {
        let key = try readToken { XMLScanner.isNameByte($0) }
        guard !key.isEmpty else {
            throw input.error("expected an attribute name, '>' or '/>'")
        }
        try skipSpace()
        try expect(UInt8(ascii: "="), "'=' after the attribute name")
        try skipSpace()
        guard let quote = try input.peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw input.error("expected a quoted attribute value")
        }
        _ = try input.next()
        if attributeCount == attributes.count { attributes.append(([], [])) }
        attributes[attributeCount].name.removeAll(keepingCapacity: true)
        attributes[attributeCount].name.append(contentsOf: key)
        attributes[attributeCount].value.removeAll(keepingCapacity: true)
        while true {
            guard let byte = try input.next() else { throw input.error("the file ends inside an attribute value") }
            if byte == quote { break }
            if byte == UInt8(ascii: "<") { throw input.error("'<' inside an attribute value; expected &lt;") }
            if byte == UInt8(ascii: "&") {
                let decoded = try readEntity()
                attributes[attributeCount].value.append(contentsOf: decoded)
            } else {
                attributes[attributeCount].value.append(byte)
            }
            if attributes[attributeCount].value.count > XMLScanner.maximumTokenLength {
                throw error("an attribute value longer than \(XMLScanner.maximumTokenLength) bytes")
            }
        }
        attributeCount += 1
    }

    private mutating func readName() throws(CalibrationError) {
        guard let first = try input.peek(), XMLScanner.isNameStart(first) else {
            throw input.error("expected an element name")
        }
        name.removeAll(keepingCapacity: true)
        while let byte = try input.peek(), XMLScanner.isNameByte(byte) {
            name.append(byte)
            _ = try input.next()
            if name.count > XMLScanner.maximumTokenLength { throw error("an element name too long") }
        }
    }

    private mutating func readToken(_ accept: (UInt8) -> Bool) throws(CalibrationError) -> [UInt8] {
        var bytes: [UInt8] = []
        while let byte = try input.peek(), accept(byte) {
            bytes.append(byte)
            _ = try input.next()
            if bytes.count > XMLScanner.maximumTokenLength { throw error("a name too long") }
        }
        return bytes
    }

    // MARK: - Text, comments, entities

    private mutating func readText() throws(CalibrationError) {
        text.removeAll(keepingCapacity: true)
        while let byte = try input.peek(), byte != UInt8(ascii: "<") {
            _ = try input.next()
            if byte == UInt8(ascii: "&") {
                let decoded = try readEntity()
                text.append(contentsOf: decoded)
            } else {
                text.append(byte)
            }
            if text.count > XMLScanner.maximumTokenLength {
                throw error("a text run longer than \(XMLScanner.maximumTokenLength) bytes")
            }
        }
    }

    /// After `<!`: a comment, a CDATA section (its text in ``text``) or a DOCTYPE.
    private mutating func readBang() throws(CalibrationError) {
        _ = try input.next()
        text.removeAll(keepingCapacity: true)
        if try input.peek() == UInt8(ascii: "-") {
            _ = try input.next()
            try expect(UInt8(ascii: "-"), "'<!--' to start a comment")
            try skip(until: Array("-->".utf8), what: "the comment")
        } else if try input.peek() == UInt8(ascii: "[") {
            for byte in "[CDATA[".utf8 { try expect(byte, "'<![CDATA['") }
            guard !openStarts.isEmpty else { throw error("a CDATA section outside the root element") }
            try skip(until: Array("]]>".utf8), what: "the CDATA section", keeping: true)
        } else {
            guard !sawRoot else { throw error("a DOCTYPE after the root element") }
            while let byte = try input.next() {
                if byte == UInt8(ascii: "[") { throw error("a DOCTYPE with an internal subset is not read") }
                if byte == UInt8(ascii: ">") { return }
            }
            throw input.error("the file ends inside the DOCTYPE")
        }
    }

    private mutating func skip(until end: [UInt8], what: String, keeping: Bool = false) throws(CalibrationError) {
        var matched = 0
        while let byte = try input.next() {
            if keeping { text.append(byte) }
            if byte == end[matched] {
                matched += 1
                if matched == end.count {
                    if keeping { text.removeLast(end.count) }
                    return
                }
            } else {
                matched = byte == end[0] ? 1 : 0
            }
            if keeping, text.count > XMLScanner.maximumTokenLength { throw error("a CDATA section too long") }
        }
        throw input.error("the file ends inside \(what)")
    }

    /// After `&`: one of the five predefined entities or a character reference, appended as UTF-8.
    private mutating func readEntity() throws(CalibrationError) -> [UInt8] {
        var entity: [UInt8] = []
        while let byte = try input.next() {
            if byte == UInt8(ascii: ";") { return try decodeEntity(entity) }
            entity.append(byte)
            if entity.count > 12 { break }
        }
        throw input.error("expected an entity such as &amp; or &#38; ending in ';'")
    }

    private func decodeEntity(_ entity: [UInt8]) throws(CalibrationError) -> [UInt8] {
        switch String(decoding: entity, as: UTF8.self) {
        case "amp": return [UInt8(ascii: "&")]
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        case let reference where reference.hasPrefix("#"):
            let digits = reference.dropFirst()
            let value =
                digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, let scalar = Unicode.Scalar(value), value != 0 else {
                throw input.error("'&\(reference);' is not a character")
            }
            return Array(String(Character(scalar)).utf8)
        case let other:
            throw input.error("unknown entity '&\(other);'; expected &amp; &lt; &gt; &quot; &apos; or &#N;")
        }
    }

    // MARK: - Bytes

    @discardableResult
    private mutating func skipSpace() throws(CalibrationError) -> Bool {
        var skipped = false
        while let byte = try input.peek(), XMLScanner.isSpace(byte) {
            _ = try input.next()
            skipped = true
        }
        return skipped
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(CalibrationError) {
        guard try input.peek() == byte else { throw input.error("expected \(what)") }
        _ = try input.next()
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }
}
