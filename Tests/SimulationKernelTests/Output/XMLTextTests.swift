import Foundation
import SimulationKernel
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `XMLText.escaped` against a reference written from XML 1.0 (Fifth Edition): §2.2's `Char`
/// production (`#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]`; what it
/// leaves out may not appear at all, not even as a reference, so it becomes U+FFFD; so do DEL
/// and the C1 controls, which §2.2 asks authors to avoid and HTML reads as parse errors) and §2.4
/// (`&` and `<` always escaped; `>`, `"` and `'` escaped too, so the text is safe in content and
/// in either kind of quoted attribute). Issue #33 item 11: SVG and HTML output carried raw
/// control characters, and an `&` followed by a combining mark went out unescaped.
@Suite struct XMLTextTests {
    static func reference(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let allowed =
                value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
                || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
            let discouraged = (0x7F...0x9F).contains(value)
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.unicodeScalars.append(allowed && !discouraged ? scalar : "\u{FFFD}")
            }
        }
        return result
    }

    /// Scalars that matter to the rules, and some that do not.
    static let alphabet: [Unicode.Scalar] =
        (0x00...0x20).map { Unicode.Scalar(UInt8($0)) } + [
            "&", "<", ">", "\"", "'", ";", "#", "a", "Z", "\u{7F}", "\u{80}", "\u{85}", "\u{9B}", "\u{A0}", "\u{301}",
            "\u{200D}", "\u{D7FF}",
            "\u{E000}", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{10000}", "\u{1F6D2}", "é", "ß", "語",
        ]

    static func drawn(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        var text = String.UnicodeScalarView()
        for _ in 0..<Int(random.next() % 40) {
            text.append(alphabet[Int(random.next() % UInt64(alphabet.count))])
        }
        return String(text)
    }

    @Test func escapedTextIsTheReferencesOverManySeeds() {
        for seed in UInt64(0)..<2_000 {
            let text = Self.drawn(seed: seed)
            let escaped = XMLText.escaped(text)
            guard escaped == Self.reference(text) else {
                Issue.record("seed \(seed): \(text.debugDescription) gave \(escaped.debugDescription)")
                return
            }
        }
    }

    @Test func anAmpersandBeforeACombiningMarkIsEscaped() {
        #expect(XMLText.escaped("&\u{301}") == "&amp;\u{301}")
        #expect(XMLText.escaped("<\u{301}b>") == "&lt;\u{301}b&gt;")
    }

    /// In an attribute value a line break or tab is a character reference (an attribute's
    /// parser would read it as a space); in content it stays as it is.
    @Test func attributeValuesKeepLineBreaksAndTabs() {
        #expect(XMLText.escaped("a\nb\r\tc<", attribute: true) == "a&#10;b&#13;&#9;c&lt;")
        #expect(XMLText.escaped("a\nb\r\tc<") == "a\nb\r\tc&lt;")
    }

    /// The escaped text makes a well-formed document in content and in both kinds of attribute.
    @Test func theEscapedTextIsWellFormedInContentAndAttributes() {
        for seed in UInt64(0)..<300 {
            let escaped = XMLText.escaped(Self.drawn(seed: seed))
            let document = "<a t=\"\(escaped)\" u='\(escaped)'>\(escaped)</a>"
            guard XMLParser(data: Data(document.utf8)).parse() else {
                Issue.record("seed \(seed): not well-formed: \(document.debugDescription)")
                return
            }
        }
    }
}
