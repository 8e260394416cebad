import SimulationKernel

/// A user's command-line argument (or a part of one, or an environment variable's value) as a
/// message quotes it: at most ``Excerpt/limit`` (40) characters, then `…` and the whole length,
/// with control characters and bytes that are not UTF-8 escaped (``FileName/display(_:)``), so a
/// megabyte argument stays a short line and an escape sequence never reaches the terminal raw.
///
/// ```swift
/// ArgumentText.quoted("1..x")                          // "'1..x'"
/// ArgumentText.quoted(String(repeating: "9", count: 1_000))
/// // "'9999999999999999999999999999999999999999…' (1000 characters)"
/// ```
package enum ArgumentText {
    /// `text` in single quotes, shortened and escaped as the type says.
    ///
    /// - Complexity: O(``Excerpt/limit``) for the quoted part, O(*n*) to count a long value.
    package static func quoted(_ text: String) -> String {
        let short = Excerpt.truncated(text)
        let shown = "'" + FileName.display(short) + "'"
        return short.utf8.count == text.utf8.count ? shown : shown + " (\(text.count) characters)"
    }

    /// `text` shortened and escaped, without quotes (a name inside a longer message).
    package static func plain(_ text: String) -> String {
        FileName.display(Excerpt.plain(text))
    }
}
