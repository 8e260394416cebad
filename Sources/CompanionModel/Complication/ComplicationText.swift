/// A text with a long and a short form, fitted to a family's space like ClockKit's
/// `CLKSimpleTextProvider`.
///
/// PLATFORM.md §3.1: when the long string does not fit, the provider shows the short one, and
/// if that is still too long, "a truncated version of the longer text". WristSim truncates to
/// `limit - 1` characters (trailing spaces removed) and appends `"…"`.
package struct ComplicationText: Hashable, Sendable {
    package var long: String
    package var short: String

    package init(long: String, short: String? = nil) {
        self.long = long
        self.short = short ?? long
    }

    /// The text shown in `limit` characters: the long text if it fits, else the short text if
    /// it fits, else the long text truncated with `"…"`. A limit below 1 shows nothing.
    package func fitted(limit: Int) -> String {
        guard limit > 0 else { return "" }
        if long.count <= limit { return long }
        if short.count <= limit { return short }
        var kept = String(long.prefix(limit - 1))
        while kept.last == " " { kept.removeLast() }
        return kept + "…"
    }
}
