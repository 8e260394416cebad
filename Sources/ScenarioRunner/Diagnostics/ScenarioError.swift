/// A problem with a scenario file, located as precisely as possible.
///
/// Rendered as `FILE:LINE:COLUMN: error: message` when the position is known, otherwise as
/// `FILE: error: at $.script[3].at: message` with the JSON path. The message always says what
/// was expected. The command line exits with code 65 for these.
///
/// A file with several mistakes gives one error carrying the others (``more``, at most
/// ``ScenarioErrorCollector/limit`` in all) and the number left out (``omitted``); its
/// ``description`` is then one line per error and a last `FILE: note: and N more errors`.
package struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    package var file: String
    /// Where in the file, if known.
    package var location: SourceLocation?
    /// The JSON path of the offending value (`$.script[3].at`), if known.
    package var path: String?
    /// What is wrong and what was expected, lower-case, no trailing period.
    package var message: String
    /// Further errors found in the same file, in file order (empty for a single error).
    package var more: [ScenarioError] = []
    /// How many further errors were found but not reported.
    package var omitted = 0

    package init(file: String, location: SourceLocation? = nil, path: String? = nil, message: String) {
        self.file = file
        self.location = location
        self.path = path
        self.message = message
    }

    /// This error and the ones it carries, in file order.
    package var all: [ScenarioError] {
        var first = self
        first.more = []
        first.omitted = 0
        return [first] + more
    }

    /// The compiler-style line of each error (the file name escaped, see
    /// ``FileName/display(_:)``), then `FILE: note: and N more errors` when some were left out.
    package var description: String {
        var lines = all.map(\.line)
        if let note = omittedNote { lines.append("\(FileName.display(file)): note: \(note)") }
        return lines.joined(separator: "\n")
    }

    /// `"and 80 more errors"` when errors were left out, else `nil`.
    package var omittedNote: String? {
        omitted > 0 ? "and \(omitted) more error\(omitted == 1 ? "" : "s")" : nil
    }

    /// The compiler-style line of this error alone.
    private var line: String {
        let file = FileName.display(self.file)
        if let location {
            let at = path.map { " (at \($0))" } ?? ""
            return "\(file):\(location.line):\(location.column): error: \(message)\(at)"
        }
        if let path {
            return "\(file): error: at \(path): \(message)"
        }
        return "\(file): error: \(message)"
    }
}
