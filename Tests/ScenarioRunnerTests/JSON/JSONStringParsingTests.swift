import SimulationKernel
import Testing

@testable import ScenarioRunner

/// Strings without escapes are decoded from their bytes in one step; with escapes, piece by
/// piece. Both give the same text; invalid UTF-8 is refused either way.
@Suite struct JSONStringParsingTests {
    private func strings(_ json: [UInt8]) throws -> [String] {
        let root = try JSONParser.parse(json, file: "t.json")
        guard case .array(let nodes) = root.value else { return [] }
        return nodes.map { node in
            if case .string(let text) = node.value { return text }
            return "<not a string>"
        }
    }

    @Test func plainAndEscapedStringsDecodeAlike() throws {
        let json = #"["kale", "", "caf\u00e9", "café", "a\"b", "tab\there", "🥬", "\ud83e\udd6c", "x\\"]"#
        #expect(try strings(Array(json.utf8)) == ["kale", "", "café", "café", "a\"b", "tab\there", "🥬", "🥬", "x\\"])
    }

    @Test func invalidUTF8InAStringIsALocatedErrorWithOrWithoutAnEscape() {
        let bad: [UInt8] = [0x61, 0xFF, 0x62]
        for prefix in [#"[""#, #"["\n"#] {
            let json = Array(prefix.utf8) + bad + Array(#""]"#.utf8)
            #expect(throws: ScenarioError.self, "\(prefix)") { try JSONParser.parse(json, file: "t.json") }
        }
    }

    /// Many escapes in one string, mixed with raw text, decode to the text they stand for, over
    /// many seeds (the reference is the text itself, escaped by RFC 8259's rules). Issue #33
    /// item 9: appending each escape to the string's scalars counted the whole string again, so
    /// a 6 MB name of escapes took more than 5 s; the text is now built as UTF-8 bytes.
    @Test func manyEscapesDecodeToTheirTextOverManySeeds() throws {
        let pieces: [(text: String, json: String)] = [
            ("a", "a"), ("a", "\\u0061"), ("\n", "\\n"),
            ("\"", "\\\""), ("\\", "\\\\"), ("/", "\\/"), ("é", "é"), ("é", "\\u00e9"), ("🥬", "🥬"),
            ("🥬", "\\ud83e\\udd6c"), ("\u{0}", "\\u0000"), ("\t", "\\t"), ("語", "語"),
        ]
        var random = SplitMix64(seed: 7)
        for seed in 0..<200 {
            var text = ""
            var json = "[\""
            for _ in 0..<Int(random.next() % 300) {
                let piece = pieces[Int(random.next() % UInt64(pieces.count))]
                text += piece.text
                json += piece.json
            }
            json += "\"]"
            guard try strings(Array(json.utf8)) == [text] else {
                Issue.record("seed \(seed): \(json.prefix(120)) decoded wrongly")
                return
            }
        }
        let many = "[\"" + String(repeating: "\\u0041\\n", count: 100_000) + "\"]"
        #expect(try strings(Array(many.utf8)) == [String(repeating: "A\n", count: 100_000)])
    }
}
