/// Text for hand-written XML (the SVG reports): escaping for element content and attribute values.
public enum XMLText {
    /// `text` with `& < > " '` replaced by entities, safe in content and in quoted attributes.
    ///
    /// - Complexity: O(*n*).
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
