/// A text with a long and a short form, fitted to a family's space like ClockKit's
/// `CLKSimpleTextProvider`.
///
/// PLATFORM.md §3.1: "When the long string doesn't fit in the available space, the text
/// provider tries to display the value in the shortText property instead. If the shorter
/// version is still too long, it displays a truncated version of the longer text."
/// WristSim truncates the long text to `limit - 1` characters (trailing spaces removed) and
/// appends `"…"`, which counts as one character.
///
/// ```swift
/// let text = ComplicationText(long: "3 left · Milk", short: "3 left")
/// text.fitted(limit: 20)  // "3 left · Milk"
/// text.fitted(limit: 8)   // "3 left"
/// text.fitted(limit: 4)   // "3 l…"
/// ```
package struct ComplicationText: Hashable, Sendable {
    package var long: String
    package var short: String

    package init(long: String, short: String? = nil) {
        self.long = long
        self.short = short ?? long
    }

    /// The text shown in `limit` characters: the long text if it fits, else the short text if
    /// it fits, else the long text truncated with `"…"`. A limit below 1 shows nothing.
    ///
    /// - Complexity: O(*n*) in the length of the texts.
    package func fitted(limit: Int) -> String {
        guard limit > 0 else { return "" }
        if long.count <= limit { return long }
        if short.count <= limit { return short }
        var kept = String(long.prefix(limit - 1))
        while kept.last == " " { kept.removeLast() }
        return kept + "…"
    }
}
