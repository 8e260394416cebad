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
}
