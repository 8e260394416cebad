/// "Did you mean …?" suggestions for misspelt keys, step kinds, item ids, commands and options.
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

    /// `; did you mean "NAME"?` with the closest of `candidates` (``closest(to:in:)``), or `""`.
    package static func didYouMean(_ key: String, in candidates: [String]) -> String {
        closest(to: key, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }

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
