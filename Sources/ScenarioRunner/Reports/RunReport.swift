import SimulationKernel

/// Renders a ``ScenarioOutcome`` for `wristsim run`: a readable summary, or JSON Lines.
///
/// JSON Lines shape `wristsim.run/1`: one object per line, each with a `"type"`:
/// `scenario` (header), `trace` (with `--trace`), `expectation`, `invariant` (a broken
/// invariant), and `summary` (last: `passed`, expectation counts, one object per section).
public struct RunReport {
    public var outcome: ScenarioOutcome
    /// Include the event log.
    public var includeTrace: Bool

    public init(outcome: ScenarioOutcome, includeTrace: Bool) {
        self.outcome = outcome
        self.includeTrace = includeTrace
    }

    /// The JSON Lines schema identifier.
    public static let jsonSchema = "wristsim.run/1"

    private var formatter: TraceFormatter { TraceFormatter(start: outcome.scenario.start) }

    /// The human summary.
    public var text: String {
        let scenario = outcome.scenario
        var lines: [String] = []
        lines.append("scenario  \(scenario.name)")
        lines.append("file      \(scenario.file)")
        lines.append(
            "run       seed \(outcome.seed) · watch \(scenario.watch) · \(scenario.start.iso8601) → "
                + "\(formatter.clock(outcome.endTime)) (\(outcome.endTime))")
        if includeTrace {
            lines.append("")
            lines.append("trace")
            lines.append(contentsOf: outcome.trace.map { "  " + formatter.text($0) })
        }
        for section in outcome.summary {
            lines.append("")
            lines.append(section.title)
            let width = section.rows.map(\.key.count).max() ?? 0
            for row in section.rows {
                lines.append(
                    "  " + row.key + String(repeating: " ", count: width - row.key.count + 2)
                        + (row.text ?? row.value.text))
            }
        }
        lines.append("")
        let failed = outcome.failedExpectations.count
        lines.append("expectations  \(outcome.expectations.count - failed) passed, \(failed) failed")
        for result in outcome.expectations {
            let mark = result.passed ? "pass" : "FAIL"
            var line = "  \(mark)  \(formatter.clock(result.time))  line \(result.location.line)  \(result.label)"
            if let failure = result.failure { line += ": " + failure }
            lines.append(line)
        }
        if !outcome.invariantFailures.isEmpty {
            lines.append("")
            lines.append("invariants  \(outcome.invariantFailures.count) broken")
            lines.append(contentsOf: outcome.invariantFailures.map { "  FAIL  " + $0 })
        }
        lines.append("")
        lines.append("result  " + (outcome.passed ? "PASS" : "FAIL"))
        return lines.joined(separator: "\n")
    }

    /// The JSON Lines rendering.
    public var jsonLines: String {
        let scenario = outcome.scenario
        var lines: [String] = []
        var header = JSONObjectText()
        header.add("type", .string("scenario"))
        header.add("schema", .string(RunReport.jsonSchema))
        header.add("file", .string(scenario.file))
        header.add("name", .string(scenario.name))
        header.addRaw("seed", String(outcome.seed))
        header.add("watch", .string(scenario.watch))
        header.add("start", .string(scenario.start.iso8601))
        header.add("end", .string(scenario.start.adding(outcome.endTime.offset).iso8601))
        lines.append(header.text)
        if includeTrace {
            lines.append(contentsOf: outcome.trace.map(formatter.json))
        }
        for result in outcome.expectations {
            var object = JSONObjectText()
            object.add("type", .string("expectation"))
            object.add("at", .string(scenario.start.adding(result.time.offset).iso8601))
            object.add("offsetMs", .decimal(result.time.nanoseconds / 1_000, scale: 3))
            object.add("line", .int(Int64(result.location.line)))
            object.add("column", .int(Int64(result.location.column)))
            object.add("expect", .string(result.label))
            object.add("passed", .bool(result.passed))
            object.add("failure", result.failure.map { TraceValue.string($0) })
            lines.append(object.text)
        }
        for failure in outcome.invariantFailures {
            var object = JSONObjectText()
            object.add("type", .string("invariant"))
            object.add("failure", .string(failure))
            lines.append(object.text)
        }
        var summary = JSONObjectText()
        summary.add("type", .string("summary"))
        summary.add("passed", .bool(outcome.passed))
        summary.add("expectationsPassed", .int(Int64(outcome.expectations.count - outcome.failedExpectations.count)))
        summary.add("expectationsFailed", .int(Int64(outcome.failedExpectations.count)))
        summary.add("invariantsBroken", .int(Int64(outcome.invariantFailures.count)))
        for section in outcome.summary {
            var object = JSONObjectText()
            for row in section.rows { object.add(row.key, row.value) }
            summary.addRaw(section.title, object.text)
        }
        lines.append(summary.text)
        return lines.joined(separator: "\n")
    }
}
