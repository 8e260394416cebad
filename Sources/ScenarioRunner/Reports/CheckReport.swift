import SimulationKernel

/// What `wristsim check` found: one entry per scenario file, in the order they were checked,
/// rendered as one line each (failures beneath), as JSON Lines, or as JUnit XML.
package struct CheckReport {
    /// One scenario file's result.
    package enum Entry {
        /// The file was a valid scenario and ran.
        case ran(file: String, outcome: ScenarioOutcome)
        /// The file is missing, unreadable or not a valid scenario.
        case invalid(file: String, error: ScenarioError)

        /// The file as the user named it.
        package var file: String {
            switch self {
            case .ran(let file, _), .invalid(let file, _): return file
            }
        }

        /// How the entry ended.
        package var status: Status {
            switch self {
            case .ran(_, let outcome): return outcome.passed ? .passed : .failed
            case .invalid: return .invalid
            }
        }
    }

    /// How one scenario file ended.
    package enum Status: String, Sendable {
        case passed, failed, invalid
    }

    package var entries: [Entry]

    package init(entries: [Entry]) {
        self.entries = entries
    }

    /// The JSON Lines schema identifier.
    package static let jsonSchema = "wristsim.check/1"

    /// How many entries ended with `status`.
    package func count(_ status: Status) -> Int { entries.filter { $0.status == status }.count }

    /// `"21 passed, 1 failed, 0 invalid"`: always the last line of `check`.
    package var summaryLine: String {
        "\(count(.passed)) passed, \(count(.failed)) failed, \(count(.invalid)) invalid"
    }

    /// The lines of one entry (`PASS`, `FAIL` with every failure beneath, `INVALID` with the
    /// error), its file name padded to `width` so the columns line up; `check` prints them as each
    /// file is done, then ``summaryLine``.
    package static func lines(_ entry: Entry, width: Int, style: TerminalStyle = TerminalStyle(colours: false))
        -> [String]
    {
        let padded = entry.file + String(repeating: " ", count: max(0, width - entry.file.count))
        switch entry {
        case .ran(_, let outcome) where outcome.passed:
            let count = outcome.expectations.count
            return ["\(style.pass)     \(padded)  \(count) expectation\(count == 1 ? "" : "s")"]
        case .ran(_, let outcome):
            return ["\(style.fail)     \(padded)  \(outcome.failureHeadline)"]
                + outcome.failureLines().map { "    " + $0 }
        case .invalid(_, let error):
            func text(_ error: ScenarioError) -> String {
                let at = error.location.map { "line \($0.line), column \($0.column): " } ?? ""
                return at + error.message
            }
            let errors = error.all
            return ["\(style.invalid)  \(padded)  \(text(errors[0]))"] + errors.dropFirst().map { "    " + text($0) }
                + (error.omittedNote.map { ["    " + $0] } ?? [])
        }
    }

    /// JSON Lines, schema `wristsim.check/1`: one `scenario` record per file (`file`, `name`,
    /// `status`, `expectations`, `failures` (each with its line, column and JSON path), and
    /// `moreFailures`: how many errors of an invalid file were
    /// found beyond the ones listed, at most ``ScenarioErrorCollector/limit``), then one `summary` record with the three counts.
    package var jsonLines: String { records.map(\.compact).joined(separator: "\n") }

    /// The JSON Lines records.
    package var records: [JSONValue] {
        let schema = JSONValue.string(CheckReport.jsonSchema)
        return entries.map { entry -> JSONValue in
            let (name, expectations, failures, more): (JSONValue, Int, JSONValue, Int)
            switch entry {
            case .ran(_, let outcome):
                (name, expectations, failures, more) = (
                    .string(outcome.scenario.name), outcome.expectations.count, outcome.failuresJSON, 0
                )
            case .invalid(_, let error):
                let invalid = error.all.map { error in
                    JSONValue.failure(
                        code: "invalidScenario", message: error.message, line: error.location?.line,
                        column: error.location?.column, path: error.path)
                }
                (name, expectations, failures, more) = (.null, 0, .array(invalid), error.omitted)
            }
            return [
                "schema": schema, "type": "scenario", "file": .string(entry.file), "name": name,
                "status": .string(entry.status.rawValue), "expectations": .count(expectations), "failures": failures,
                "moreFailures": .count(more),
            ]
        } + [
            [
                "schema": schema, "type": "summary", "passed": .count(count(.passed)), "failed": .count(count(.failed)),
                "invalid": .count(count(.invalid)),
            ]
        ]
    }
}
