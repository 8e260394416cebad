import SimulationKernel

/// "Did you mean …?" suggestions for misspelt keys, step kinds, item ids, commands and options, and
/// the one wording of the error for an unknown name (``unknown(_:_:expected:suggestions:quote:)``).
///
/// Bounded by design: only names of at most ``maximumLength`` characters get a suggestion, and
/// candidates whose length differs by more than the allowed distance are skipped before any
/// distance is computed, so an unknown 4 MB name costs one length check, and 40,000 unknown
/// references against 40,000 ids cost at most O(``maximumLength``²) each per close candidate.
package enum Suggestion {
    /// Names longer than this get no suggestion.
    package static let maximumLength = 40

    /// The accepted key within a small edit distance of `key` (1 for keys of up to 4
    /// characters, else 2), if any (ties: the first listed).
    ///
    /// - Complexity: O(*c*) length checks for *c* candidates, plus O(``maximumLength``²) per
    ///   candidate of a similar length.
    package static func closest(to key: String, in candidates: [String]) -> String? {
        guard let keyLength = boundedCount(key) else { return nil }
        let lowered = Array(key.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            guard let candidateLength = boundedCount(candidate) else { continue }
            let limit = min(keyLength, candidateLength) <= 4 ? 1 : 2
            guard abs(keyLength - candidateLength) <= limit else { continue }
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// The one wording of a name that is not among those accepted (a key, a step, an item, a
    /// watch model, a pipeline, a command, an option, …):
    /// `unknown WHAT "found"; expected EXPECTED (did you mean "NAME"?)`. The error that carries it
    /// says where (`FILE:LINE:COLUMN` and the JSON path, or the argument).
    ///
    /// - Parameters:
    ///   - what: what the name stands for (`"step"`, `"key"`, `"watch model"`).
    ///   - found: the name as written, shortened and escaped by `quote`.
    ///   - expected: what is accepted, in words (`the id of an item in "items"`).
    ///   - suggestions: the accepted names closest to `found`, best first (none: no "did you mean").
    ///   - quote: how a name is quoted: ``Excerpt/quoted(_:limit:)`` in a scenario file,
    ///     ``ArgumentText/quoted(_:)`` on the command line.
    package static func unknown(
        _ what: String, _ found: String, expected: String, suggestions: [String] = [],
        quote: (String) -> String = { Excerpt.quoted($0) }
    ) -> String {
        let message = "unknown \(what) \(quote(found)); expected \(expected)"
        guard let last = suggestions.last.map(quote) else { return message }
        let others = suggestions.dropLast().map(quote)
        return message + " (did you mean \(others.isEmpty ? last : others.joined(separator: ", ") + " or " + last)?)"
    }

    /// ``unknown(_:_:expected:suggestions:quote:)`` for a fixed list of names: expected
    /// `one of: "a", "b"` (followed by ` or ALSO` when `also` is given), and the closest of
    /// `names` suggested (``closest(to:in:)``) unless `suggests` is false (an error only counted).
    /// A list longer than ``listLimit`` is given as its length instead (`one of 32 step names`)
    /// when a suggestion is found or none is looked for, so a typo's message stays one short line
    /// and an error only counted costs no list.
    ///
    /// ```swift
    /// Suggestion.unknown("step", "tapp", among: ["wait", "tap"])
    /// // unknown step "tapp"; expected one of: "wait", "tap" (did you mean "tap"?)
    /// ```
    ///
    /// - Complexity: O(*n*) for *n* names, plus O(``maximumLength``²) per name of a similar length.
    package static func unknown(
        _ what: String, _ found: String, among names: [String], or also: String? = nil, suggests: Bool = true,
        quote: (String) -> String = { Excerpt.quoted($0) }
    ) -> String {
        let suggestion = suggests ? closest(to: found, in: names) : nil
        let listed =
            names.count <= listLimit || (suggests && suggestion == nil)
            ? "one of: " + names.map(quote).joined(separator: ", ") : "one of \(names.count) \(what) names"
        return unknown(
            what, found, expected: listed + (also.map { " or " + $0 } ?? ""),
            suggestions: suggestion.map { [$0] } ?? [],
            quote: quote)
    }

    /// The most names an unknown-name message lists beside a suggestion.
    package static let listLimit = 20

    /// The number of characters of `text`, or `nil` when it exceeds ``maximumLength``
    /// (counting stops there).
    private static func boundedCount(_ text: String) -> Int? {
        let count = text.prefix(maximumLength + 1).count
        return count > maximumLength ? nil : count
    }

    /// Optimal-string-alignment distance: insertions, deletions, substitutions and adjacent
    /// transpositions each cost 1 ("kael" is one edit from "kale").
    ///
    /// - Complexity: O(*a* × *b*) time, O(*b*) memory (three rows).
    package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], twoBack[j - 2] + 1)
                }
            }
            (twoBack, previous, row) = (previous, row, twoBack)
        }
        return previous[b.count]
    }
}
