import SimulationKernel

/// The expectations and invariants of a run that did not hold, printed the same way by every
/// command that checks them (`run`, `check`, `timeline`, `reminders`): one line per failure
/// with the time, the scenario line, what was expected and what was found; continuation lines
/// (a list's missing and extra items) indented beneath.
extension ScenarioOutcome {
    /// The run's clock: times carry their date when the run spans more than one calendar day.
    package var clock: TraceFormatter { TraceFormatter(start: scenario.start, end: endTime) }

    /// One expectation result as a line: `"FAIL  09:01:30.000  line 12  remaining = 3: expected …"`,
    /// with continuation lines indented under it.
    package func failureLines(_ result: ExpectationResult, style: TerminalStyle = TerminalStyle(colours: false))
        -> [String]
    {
        let mark = result.passed ? "pass" : style.fail
        let head = "\(mark)  \(clock.text(result.time))  line \(result.location.line)  \(result.label)"
        guard let failure = result.failure else { return [head] }
        var parts = failure.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = parts.isEmpty ? "" : parts.removeFirst()
        return [head + ": " + first] + parts.map { "      " + $0 }
    }

    /// Every failure, expectations first (in the order they were checked), then broken invariants.
    package func failureLines(style: TerminalStyle = TerminalStyle(colours: false)) -> [String] {
        failedExpectations.flatMap { failureLines($0, style: style) }
            + invariantFailures.map { "\(style.fail)  invariant: \($0)" }
    }

    /// `"3 expectations failed"`, `"1 expectation failed, 1 invariant broken"`.
    package var failureHeadline: String {
        var parts: [String] = []
        let failed = failedExpectations.count
        let broken = invariantFailures.count
        if failed > 0 { parts.append("\(failed) expectation\(failed == 1 ? "" : "s") failed") }
        if broken > 0 { parts.append("\(broken) invariant\(broken == 1 ? "" : "s") broken") }
        return parts.isEmpty ? "every expectation held" : parts.joined(separator: ", ")
    }

    /// Every failure as JSON: `{"code", "message", "expect", "line", "column", "path", "at"}` —
    /// the same object in every output that reports failures (`path` is the JSON path of the
    /// expectation or of the invalid value, `$.script[3].expect.remaining`; `expect`, `line`,
    /// `column`, `path` and `at` are `null` for a broken invariant).
    package var failuresJSON: JSONValue {
        let expectations = failedExpectations.map { result -> JSONValue in
            .failure(
                code: "expectationFailed", message: result.failure ?? "", expect: result.label,
                line: result.location.line, column: result.location.column, path: result.path,
                at: clock.iso(result.time))
        }
        return .array(expectations + invariantFailures.map { .failure(code: "invariantBroken", message: $0.message) })
    }

    /// `document` (a JSON object) with a `"failures"` member listing this run's failures.
    package func attachingFailures(to document: JSONValue) -> JSONValue {
        guard var object = document.objectValue else { return document }
        object["failures"] = failuresJSON
        return .object(object)
    }

    /// The text block a report command prints after its report when expectations failed:
    /// a blank line, the headline, and every failure as `run` shows it. Empty when all held.
    package func failureTextBlock(style: TerminalStyle = TerminalStyle(colours: false)) -> String? {
        guard !failedExpectations.isEmpty || !invariantFailures.isEmpty else { return nil }
        return (["", "\(style.fail)  \(failureHeadline)"] + failureLines(style: style).map { "  " + $0 })
            .joined(separator: "\n")
    }
}

extension JSONValue {
    /// One failure object (see ``ScenarioOutcome/failuresJSON``); the members not given are `null`.
    package static func failure(
        code: String, message: String, expect: String? = nil, line: Int? = nil, column: Int? = nil,
        path: String? = nil, at: String? = nil
    ) -> JSONValue {
        [
            "code": .string(code), "message": .string(message), "expect": .optional(expect.map { .string($0) }),
            "line": .optional(line.map { .count($0) }), "column": .optional(column.map { .count($0) }),
            "path": .optional(path.map { .string($0) }), "at": .optional(at.map { .string($0) }),
        ]
    }
}
