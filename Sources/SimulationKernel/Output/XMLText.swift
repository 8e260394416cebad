/// Text for hand-written XML (the SVG reports): escaping for element content and attribute values.
package enum XMLText {
    /// `text` with `& < > " '` replaced by entities, safe in content and in quoted attributes;
    /// characters XML 1.0 does not allow at all (control characters other than tab, newline and
    /// carriage return, and U+FFFE, U+FFFF), not even as references, become U+FFFD, so the document
    /// stays well-formed whatever a scenario's names hold.
    ///
    /// - Complexity: O(*n*).
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default:
                if character.unicodeScalars.contains(where: isForbidden) {
                    result.unicodeScalars.append(
                        contentsOf: character.unicodeScalars.map { isForbidden($0) ? "\u{FFFD}" : $0 })
                } else {
                    result.append(character)
                }
            }
        }
        return result
    }

    /// Whether XML 1.0 forbids `scalar` in a document (its `Char` production).
    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r")
            || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }
}
