/// Bounded quotations of user values in messages: a value longer than ``limit`` characters is
/// cut with an ellipsis and its length is given, so a 1 MB value never becomes a 1 MB line.
///
/// ```swift
/// Excerpt.quoted("kale")                              // "\"kale\""
/// Excerpt.quoted(String(repeating: "9", count: 1000)) // "\"9999…9999\" (1000 characters)" (shortened)
/// ```
package enum Excerpt {
    /// The most characters of a value quoted in a message.
    package static let limit = 40

    /// `text` cut to ``limit`` characters with `…` when longer (no length suffix).
    ///
    /// - Complexity: O(*limit*) — the rest of `text` is never visited.
    package static func truncated(_ text: String, limit: Int = Excerpt.limit) -> String {
        var index = text.startIndex
        var kept = 0
        while index < text.endIndex, kept < limit {
            text.formIndex(after: &index)
            kept += 1
        }
        return index == text.endIndex ? text : String(text[..<index]) + "…"
    }

    /// `text` as a JSON string literal, cut to ``limit`` characters with `…` and followed by
    /// its length when longer: `"aaaa…" (1048576 characters)`.
    ///
    /// - Complexity: O(*limit*) for the quoted part, O(*n*) to count a long value's length.
    package static func quoted(_ text: String, limit: Int = Excerpt.limit) -> String {
        let short = truncated(text, limit: limit)
        if short.utf8.count == text.utf8.count { return JSONValue.string(text).compact }
        return JSONValue.string(short).compact + " (\(text.count) characters)"
    }

    /// A value written as-is (a number), cut the same way: `1234…` (1048576 characters).
    package static func plain(_ text: String, limit: Int = Excerpt.limit) -> String {
        let short = truncated(text, limit: limit)
        if short.utf8.count == text.utf8.count { return text }
        return short + " (\(text.count) characters)"
    }
}
