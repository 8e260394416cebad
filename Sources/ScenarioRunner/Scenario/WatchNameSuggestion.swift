import CompanionModel
import SimulationKernel

/// "Did you mean" for watch model names: the closest name within a small edit distance, else the
/// names that start with (or contain) what was typed — never the whole catalogue in one line.
package enum WatchNameSuggestion {
    /// At most this many names are suggested.
    private static let limit = 4

    /// The names of `names` (the catalogue) to suggest for `name`, best first (empty when nothing
    /// is close).
    ///
    /// - Complexity: O(*m* · *k*²) for *m* catalogue names of length ≤ *k*; `name` is cut to 64
    ///   characters first so a long argument costs no more.
    private static func candidates(for name: String, in names: [String]) -> [String] {
        let typed = String(name.prefix(64)).lowercased()
        guard !typed.isEmpty else { return [] }
        if let closest = Suggestion.closest(to: typed, in: names) { return [closest] }
        let letters = alphanumerics(typed)
        guard !letters.isEmpty else { return [] }
        let prefixed = names.filter { alphanumerics($0).hasPrefix(letters) }
        if !prefixed.isEmpty { return Array(prefixed.prefix(limit)) }
        return Array(names.filter { alphanumerics($0).contains(letters) }.prefix(limit))
    }

    /// `text` lower-cased with everything but letters and digits removed (`"Ultra-3"` → `"ultra3"`).
    private static func alphanumerics(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// `unknown watch model "series7"; expected one of the 31 models 'wristsim watches' lists (did you
    /// mean "series7-41mm" or "series7-45mm"?)` (``Suggestion/unknown(_:_:expected:suggestions:quote:)``),
    /// `also` (`'all'`) accepted too, names quoted by `quote`.
    package static func message(
        for name: String, also: String? = nil, quote: (String) -> String = { Excerpt.quoted($0) }
    ) -> String {
        let names = WatchModel.knownNames
        let expected = "one of the \(names.count) models 'wristsim watches' lists"
        return Suggestion.unknown(
            "watch model", name, expected: also.map { $0 + " or " + expected } ?? expected,
            suggestions: candidates(for: name, in: names), quote: quote)
    }
}
