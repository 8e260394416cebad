/// How an expectation about a list says what differs: what is missing, what is extra, or where
/// the order first differs — never two long lists on one line.
package enum ListMismatch {
    /// How many names a missing/extra line shows before "… and N more".
    package static let shownNames = 10

    /// `nil` when `found` matches `expected` (in order when `ordered`, else as a multiset);
    /// otherwise a message whose first line says what was expected and found and whose next
    /// lines (indented) list what is missing and what is extra.
    ///
    /// - Complexity: O((*e* + *f*) log (*e* + *f*)).
    package static func describe(_ noun: String, expected: [String], found: [String], ordered: Bool) -> String? {
        if ordered ? expected == found : expected.sorted() == found.sorted() { return nil }
        var missing = Dictionary(expected.map { ($0, 1) }, uniquingKeysWith: +)  // how many of each name
        var extra: [String] = []
        for name in found {
            if let count = missing[name], count > 0 {
                missing[name] = count - 1
            } else {
                extra.append(name)
            }
        }
        let missingNames = expected.filter { name in
            guard let count = missing[name], count > 0 else { return false }
            missing[name] = count - 1
            return true
        }
        var lines: [String] = []
        if expected.count + found.count <= 12 {
            lines.append(
                "expected \(noun) [\(expected.joined(separator: ", "))], found [\(found.joined(separator: ", "))]")
        } else {
            lines.append("expected \(noun) of \(count(expected.count)), found \(count(found.count))")
        }
        if missingNames.isEmpty, extra.isEmpty {
            if let index = expected.indices.first(where: { $0 < found.count && expected[$0] != found[$0] }) {
                lines.append(
                    "  same items in another order; first difference at position \(index + 1): "
                        + "expected \(expected[index]), found \(found[index])")
            }
        } else {
            if !missingNames.isEmpty { lines.append("  missing (\(missingNames.count)): " + shortList(missingNames)) }
            if !extra.isEmpty { lines.append("  extra (\(extra.count)): " + shortList(extra)) }
        }
        return lines.joined(separator: "\n")
    }

    /// A list for a label: every name when there are few, else the first few and the count
    /// (`"[i1, i2, i3, i4, i5, … 38 items]"`).
    package static func label(_ names: [String]) -> String {
        guard names.count > shownNames else { return "[" + names.joined(separator: ", ") + "]" }
        return "[" + names.prefix(5).joined(separator: ", ") + ", … \(names.count) items]"
    }

    private static func count(_ n: Int) -> String { n == 1 ? "1 item" : "\(n) items" }

    private static func shortList(_ names: [String]) -> String {
        let shown = names.prefix(shownNames).joined(separator: ", ")
        return names.count > shownNames ? shown + ", … and \(names.count - shownNames) more" : shown
    }
}
