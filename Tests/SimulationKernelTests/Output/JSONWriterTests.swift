import SimulationKernel
import Testing

/// ``JSONWriter`` against a reference written from RFC 8259 and the documented formats, over many
/// seeds: strings with quotes, backslashes, every control character, DEL and non-ASCII text
/// (the writer's copy-whole path and its escape path), integers at their limits, fixed-point
/// decimals, and whole documents compact, indented and streamed. A failure names its seed.
@Suite struct JSONWriterTests {
    // MARK: The reference (RFC 8259 § 7 and § 6, the documented escape choices)

    /// A string literal as RFC 8259 § 7 allows it, with the documented choices: `\"` and `\\`,
    /// the short forms `\n`, `\r`, `\t`, `\u00xx` in lowercase hex for the other control
    /// characters U+0000–U+001F and for DEL; every other scalar as itself.
    static func referenceString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x00...0x1F, 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `value / 10^scale` with exactly `scale` decimals, from the digits of the magnitude.
    static func referenceDecimal(_ value: Int64, scale: Int) -> String {
        let digits = String(value.magnitude)
        guard scale > 0 else { return String(value) }
        let padded = String(repeating: "0", count: max(0, scale + 1 - digits.count)) + digits
        let cut = padded.index(padded.endIndex, offsetBy: -scale)
        return (value < 0 ? "-" : "") + padded[..<cut] + "." + padded[cut...]
    }

    /// The RFC 8259 § 6 number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`;
    /// the exponent only when `exponent` allows it (integers and decimals never write one).
    static func isRFCNumber(_ text: String, exponent: Bool = false) -> Bool {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        let integer = bytes.prefix(while: isDigit)
        guard !integer.isEmpty, integer.count == 1 || integer.first != UInt8(ascii: "0") else { return false }
        bytes = bytes.dropFirst(integer.count)
        if bytes.first == UInt8(ascii: ".") {
            let fraction = bytes.dropFirst().prefix(while: isDigit)
            guard !fraction.isEmpty else { return false }
            bytes = bytes.dropFirst(1 + fraction.count)
        }
        guard let mark = bytes.first else { return true }
        guard exponent, mark == UInt8(ascii: "e") || mark == UInt8(ascii: "E") else { return false }
        bytes = bytes.dropFirst()
        if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        return !bytes.isEmpty && bytes.allSatisfy(isDigit)
    }

    /// A whole document rendered by the reference: members in order, `, ` and `: ` separators
    /// as documented (compact: none; indented: a newline and `indent` spaces per level).
    static func reference(_ value: JSONValue, indent: Int?, depth: Int = 0) -> String {
        let newline = { (level: Int) in indent.map { "\n" + String(repeating: " ", count: $0 * level) } ?? "" }
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .unsigned(let number): return String(number)
        case .decimal(let number, let scale): return referenceDecimal(number, scale: scale)
        case .number(let number): return number.isFinite ? "\(number)" : "null"
        case .string(let text): return referenceString(text)
        case .array(let values):
            guard !values.isEmpty else { return "[]" }
            let inner = values.map { newline(depth + 1) + reference($0, indent: indent, depth: depth + 1) }
            return "[" + inner.joined(separator: ",") + newline(depth) + "]"
        case .object(let object):
            guard !object.members.isEmpty else { return "{}" }
            let inner = object.members.map {
                newline(depth + 1) + referenceString($0.key) + (indent == nil ? ":" : ": ")
                    + reference($0.value, indent: indent, depth: depth + 1)
            }
            return "{" + inner.joined(separator: ",") + newline(depth) + "}"
        }
    }

    /// Where `written` first differs from `expected`, with a little of each from there (the
    /// documents are too long to print whole).
    static func difference(_ written: String, _ expected: String) -> String? {
        let (a, b) = (Array(written.utf8), Array(expected.utf8))
        guard a != b else { return nil }
        let at = a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? a.count
        let excerpt = { (bytes: [UInt8]) in String(decoding: bytes[at..<min(bytes.count, at + 40)], as: UTF8.self) }
        return "byte \(at): wrote \(excerpt(a).debugDescription), expected \(excerpt(b).debugDescription)"
    }

    // MARK: Random values

    /// Text mixing plain ASCII, quotes, backslashes, every control character, DEL, accented
    /// letters, CJK and emoji (multi-byte UTF-8), sometimes long enough to leave the small form.
    static func randomText(_ rng: inout SplitMix64) -> String {
        let plain = Array("abcXYZ 019:.-_/").map(String.init)
        let special = ["\"", "\\", "\u{7F}", "é", "ß", "中", "🍎", "\u{2028}", "\u{FEFF}", "\u{80}", "\u{9B}"]
        let length = Int(rng.next() % 4 == 0 ? rng.next() % 200 : rng.next() % 24)
        var text = ""
        for _ in 0..<length {
            switch rng.next() % 8 {
            case 0: text.unicodeScalars.append(Unicode.Scalar(UInt8(rng.next() % 0x20)))
            case 1: text += special[Int(rng.next() % UInt64(special.count))]
            default: text += plain[Int(rng.next() % UInt64(plain.count))]
            }
        }
        return text
    }

    static func randomInt(_ rng: inout SplitMix64) -> Int64 {
        let edges: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, .max, .min, .max - 1, .min + 1]
        switch rng.next() % 3 {
        case 0: return edges[Int(rng.next() % UInt64(edges.count))]
        case 1: return Int64(bitPattern: rng.next()) >> (rng.next() % 64)
        default: return Int64(bitPattern: rng.next())
        }
    }

    static func randomValue(_ rng: inout SplitMix64, depth: Int = 0) -> JSONValue {
        switch rng.next() % (depth > 3 ? 6 : 8) {
        case 0: return .null
        case 1: return .bool(rng.next() % 2 == 0)
        case 2: return .int(randomInt(&rng))
        case 3: return .unsigned(rng.next() % 2 == 0 ? rng.next() : [0, 9, 10, .max][Int(rng.next() % 4)])
        case 4: return .decimal(randomInt(&rng), scale: Int(rng.next() % 19))
        case 5: return .string(randomText(&rng))
        case 6: return .array((0..<Int(rng.next() % 5)).map { _ in randomValue(&rng, depth: depth + 1) })
        default:
            var object = JSONObject()
            for _ in 0..<Int(rng.next() % 5) { object[randomText(&rng)] = randomValue(&rng, depth: depth + 1) }
            return .object(object)
        }
    }

    // MARK: Tests

    @Test(arguments: 0..<200) func stringsAreEscapedAsTheReferenceSays(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<20 {
            let text = Self.randomText(&rng)
            let written = JSONValue.string(text).compact
            let wrong = Self.difference(written, Self.referenceString(text))
            #expect(wrong == nil, "seed \(seed): \(wrong ?? "")")
            let raw = written.utf8.filter { $0 < 0x20 || $0 == 0x7F }
            #expect(raw.isEmpty, "seed \(seed): a control character left raw")
        }
    }

    @Test func everyControlCharacterHasItsEscape() {
        for value in UInt8(0)...0x7F {
            let text = String(Unicode.Scalar(value))
            #expect(JSONValue.string(text).compact == Self.referenceString(text), "U+00\(String(value, radix: 16))")
        }
        #expect(JSONValue.string("\u{8}\u{C}\u{1F}\u{7F}").compact == #""\u0008\u000c\u001f\u007f""#)
    }

    @Test(arguments: 0..<100) func numbersAreTheReferenceDigits(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<50 {
            let integer = Self.randomInt(&rng)
            let scale = Int(rng.next() % 19)
            let unsigned = rng.next() >> (rng.next() % 64)
            // Milliseconds to the microsecond, rounded half away from zero as the text rounds.
            let (quotient, remainder) = integer.quotientAndRemainder(dividingBy: 1_000)
            let micros = quotient + (remainder >= 500 ? 1 : remainder <= -500 ? -1 : 0)
            let cases: [(JSONValue, String)] = [
                (.int(integer), String(integer)), (.unsigned(unsigned), String(unsigned)),
                (.decimal(integer, scale: scale), Self.referenceDecimal(integer, scale: scale)),
                (.milliseconds(SimDuration(nanoseconds: integer)), Self.referenceDecimal(micros, scale: 3)),
            ]
            for (value, expected) in cases {
                #expect(
                    value.compact == expected, "seed \(seed): \(value) wrote \(value.compact), expected \(expected)")
                #expect(Self.isRFCNumber(value.compact), "seed \(seed): \(value.compact) is not an RFC 8259 number")
            }
        }
    }

    /// A measured figure (``JSONValue/number(_:)``) is an RFC 8259 number that reads back as the
    /// very same `Double`, for any bit pattern; infinities and NaN, which JSON cannot hold, are `null`.
    @Test(arguments: 0..<50) func floatingNumbersReadBackExactly(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let value = Double(bitPattern: rng.next())
            let text = JSONValue.number(value).compact
            guard value.isFinite else {
                #expect(text == "null", "seed \(seed): \(value) wrote \(text)")
                continue
            }
            #expect(Self.isRFCNumber(text, exponent: true), "seed \(seed): \(text) is not an RFC 8259 number")
            #expect(
                Double(text)?.bitPattern == value.bitPattern, "seed \(seed): \(text) does not read back as \(value)")
        }
        #expect(JSONValue.array([.number(.infinity), .number(-.nan), .number(0.1)]).compact == "[null,null,0.1]")
    }

    @Test func numbersAtTheirLimits() {
        #expect(JSONValue.int(.min).compact == "-9223372036854775808")
        #expect(JSONValue.unsigned(.max).compact == "18446744073709551615")
        #expect(JSONValue.decimal(.min, scale: 3).compact == "-9223372036854775.808")
        #expect(JSONValue.decimal(-5, scale: 2).compact == "-0.05")
        #expect(JSONValue.decimal(7, scale: 0).compact == "7")
        #expect(JSONValue.decimal(0, scale: 18).compact == "0.000000000000000000")
    }

    @Test(arguments: 0..<200) func documentsAreTheReferenceCompactAndIndented(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let value = Self.randomValue(&rng)
        let compact = Self.difference(value.compact, Self.reference(value, indent: nil))
        #expect(compact == nil, "seed \(seed), compact: \(compact ?? "")")
        let pretty = Self.difference(value.pretty(), Self.reference(value, indent: 2) + "\n")
        #expect(pretty == nil, "seed \(seed), indent 2: \(pretty ?? "")")
        let wide = Self.difference(value.pretty(indent: 4), Self.reference(value, indent: 4) + "\n")
        #expect(wide == nil, "seed \(seed), indent 4: \(wide ?? "")")
    }

    /// A record written member by member; its members are random values.
    struct Row: JSONRecord {
        var members: [(String, JSONValue)]
        var nested: [Row]

        func writeMembers(into object: inout JSONStream) {
            for (key, value) in members { object.append(key, value) }
            for (index, row) in nested.enumerated() { object.append("nested\(index)", record: row) }
            object.append("list", elements: members.lazy.map(\.1))
        }

        /// The object ``writeMembers(into:)`` writes, built as a value.
        var value: JSONValue {
            var object = JSONObject(members)
            for (index, row) in nested.enumerated() { object.append("nested\(index)", row.value) }
            object.append("list", .array(members.map(\.1)))
            return .object(object)
        }
    }

    static func randomRow(_ rng: inout SplitMix64, depth: Int = 0) -> Row {
        let members = (0..<Int(rng.next() % 4)).map { index in ("k\(index)", randomValue(&rng, depth: 2)) }
        let nested = depth > 1 ? [] : (0..<Int(rng.next() % 3)).map { _ in randomRow(&rng, depth: depth + 1) }
        return Row(members: members, nested: nested)
    }

    @Test(arguments: 0..<100) func aStreamWritesTheDocumentInWholePieces(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let rows = (0..<Int(rng.next() % 40)).map { _ in Self.randomRow(&rng) }
        let scalar = Self.randomValue(&rng)
        let pieceSize = Int(1 + rng.next() % 300)
        var pieces: [[UInt8]] = []
        var stream = JSONStream(pieceSize: pieceSize) { pieces.append($0) }
        stream.append("first", scalar)
        stream.append("rows", records: rows)
        stream.append("one", record: rows.first)
        stream.append("values", elements: rows.lazy.map { .int(Int64($0.members.count)) })
        stream.finish()
        let document: JSONValue = [
            "first": scalar, "rows": .array(rows.map(\.value)), "one": rows.first?.value ?? .null,
            "values": .array(rows.map { .int(Int64($0.members.count)) }),
        ]
        let streamed = Self.difference(
            String(decoding: pieces.joined(), as: UTF8.self), Self.reference(document, indent: nil))
        #expect(streamed == nil, "seed \(seed): \(streamed ?? "")")
        #expect(pieces.dropLast().allSatisfy { $0.count >= pieceSize }, "seed \(seed): a piece handed on early")
    }
}
