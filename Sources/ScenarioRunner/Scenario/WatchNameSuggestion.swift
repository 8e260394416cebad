import CompanionModel

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

    /// `"unknown watch model 'series7'; did you mean 'series7-41mm' or 'series7-45mm'? ('wristsim watches'
    /// lists all 31 models)"`, with `quote` around names.
    package static func message(for name: String, quote: String = "'") -> String {
        let names = WatchModel.knownNames
        let display = name.count > 64 ? String(name.prefix(64)) + "…" : name
        var message = "unknown watch model \(quote)\(display)\(quote)"
        let suggestions = candidates(for: name, in: names).map { quote + $0 + quote }
        if let last = suggestions.last {
            let list =
                suggestions.count == 1 ? last : suggestions.dropLast().joined(separator: ", ") + " or " + last
            message += "; did you mean \(list)?"
        }
        return message + " ('wristsim watches' lists all \(names.count) models)"
    }
}
