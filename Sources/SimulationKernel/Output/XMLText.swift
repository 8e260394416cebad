/// Text for hand-written XML (the SVG reports): escaping for element content and attribute values.
package enum XMLText {
    /// `text` with `& < > " '` replaced by entities, safe in content and in quoted attributes;
    /// characters XML 1.0 does not allow at all (control characters other than tab, newline and
    /// carriage return, and U+FFFE, U+FFFF), not even as references, and DEL and the C1 controls
    /// become U+FFFD, so the document stays well-formed whatever a scenario's names hold.
    /// In an `attribute` value line breaks and tabs become character references too (a parser
    /// reads them as spaces).
    ///
    /// - Complexity: O(*n*).
    package static func escaped(_ text: String, attribute: Bool = false) -> String {
        // Scalar by scalar, not character by character: "&" followed by a combining mark is one
        // `Character` that is not "&", yet its "&" must still become "&amp;".
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result.append(contentsOf: "&amp;".unicodeScalars)
            case "<": result.append(contentsOf: "&lt;".unicodeScalars)
            case ">": result.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": result.append(contentsOf: "&quot;".unicodeScalars)
            case "'": result.append(contentsOf: "&apos;".unicodeScalars)
            case "\n", "\r", "\t":
                result.append(
                    contentsOf: attribute ? "&#\(scalar.value);".unicodeScalars : String(scalar).unicodeScalars)
            default: result.append(isForbidden(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return String(result)
    }

    /// Whether `scalar` may not appear in the output: XML 1.0 forbids it (its `Char` production),
    /// or it is DEL or a C1 control, which XML 1.0 asks authors to avoid (§2.2) and HTML reads as
    /// a parse error (the report page is HTML).
    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r")
            || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }
}
