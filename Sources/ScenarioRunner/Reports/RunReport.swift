import SimulationKernel

/// Renders a ``ScenarioOutcome`` for `wristsim run`: a readable summary, or JSON Lines.
///
/// JSON Lines shape `wristsim.run/2` (see `docs/json.md` and `Schemas/run.schema.json`): every
/// record carries `schema`, `type` and `file`; types are `scenario` (the header), `trace` (with
/// `--trace`: `at`, `kind`, `fields`), `expectation`, `invariant` (a broken one) and `summary`
/// (last: `passed`, counts, one object per summary section).
package struct RunReport {
    package var outcome: ScenarioOutcome
    /// Include the event log.
    package var includeTrace: Bool

    package init(outcome: ScenarioOutcome, includeTrace: Bool) {
        self.outcome = outcome
        self.includeTrace = includeTrace
    }

    /// The JSON Lines schema identifier.
    package static let jsonSchema = "wristsim.run/2"

    /// The run's clock: dates in text when the run spans more than one day.
    package var clock: TraceFormatter { TraceFormatter(start: outcome.scenario.start, end: outcome.endTime) }

    /// The human summary.
    package func text(style: TerminalStyle = TerminalStyle(colours: false)) -> String {
        let scenario = outcome.scenario
        let clock = self.clock
        let failures = FailureList(outcome: outcome)
        var lines: [String] = []
        lines.append("scenario  \(scenario.name)")
        lines.append("file      \(scenario.file)")
        lines.append(
            "run       seed \(outcome.seed) · watch \(scenario.watch) · "
                + "\(TraceFormatter(start: scenario.start, showsDates: true).text(.zero)) → "
                + "\(clock.text(outcome.endTime)) "
                + "(\(outcome.endTime))")
        if includeTrace {
            lines.append("")
            lines.append("trace")
            lines.append(contentsOf: outcome.trace.map { "  " + clock.text($0) })
        }
        for section in outcome.summary {
            lines += ["", section.title]
            let rows = section.rows.map { [RunReport.textLabel($0), $0.text ?? $0.value.text] }
            lines += LatencyReport.table(rows, leftColumns: 2).map { "  " + $0 }
        }
        lines.append("")
        let failed = outcome.failedExpectations.count
        lines.append("expectations  \(outcome.expectations.count - failed) passed, \(failed) failed")
        for result in outcome.expectations {
            lines += failures.lines(result, style: style).map { "  " + $0 }
        }
        if !outcome.invariantFailures.isEmpty {
            lines.append("")
            lines.append("invariants  \(outcome.invariantFailures.count) broken")
            lines.append(contentsOf: outcome.invariantFailures.map { "  \(style.fail)  " + $0.message })
        }
        lines.append("")
        lines.append("result  " + (outcome.passed ? style.pass : style.fail))
        return lines.joined(separator: "\n")
    }

    /// The JSON Lines rendering, one record per line.
    package var jsonLines: String { records.map(\.compact).joined(separator: "\n") }

    /// The JSON Lines records.
    package var records: [JSONValue] {
        let scenario = outcome.scenario
        let clock = self.clock
        func record(_ type: String) -> JSONObject {
            ["schema": .string(RunReport.jsonSchema), "type": .string(type), "file": .string(scenario.file)]
        }
        var records: [JSONValue] = []
        var header = record("scenario")
        header.append("name", .string(scenario.name))
        header.append("seed", .seed(outcome.seed))
        header.append("watch", .string(scenario.watch))
        header.append("start", .string(clock.iso(.zero)))
        header.append("end", .string(clock.iso(outcome.endTime)))
        records.append(.object(header))
        if includeTrace {
            for event in outcome.trace {
                var object = record("trace")
                object.append("at", .string(clock.iso(event.time)))
                object.append("kind", .string(event.kind))
                object.append("fields", .object(RunReport.fields(event.fields)))
                records.append(.object(object))
            }
        }
        for result in outcome.expectations {
            var object = record("expectation")
            object.append("at", .string(clock.iso(result.time)))
            object.append("line", .count(result.location.line))
            object.append("column", .count(result.location.column))
            object.append("path", .string(result.path))
            object.append("expect", .string(result.label))
            object.append("passed", .bool(result.passed))
            object.append(
                "failure",
                .optional(result.failure.map { RunReport.reason(code: "expectationFailed", message: $0) }))
            records.append(.object(object))
        }
        for failure in outcome.invariantFailures {
            var object = record("invariant")
            object.append("failure", RunReport.reason(code: "invariantBroken", message: failure.message))
            records.append(.object(object))
        }
        var summary = record("summary")
        summary.append("passed", .bool(outcome.passed))
        summary.append("expectationsPassed", .count(outcome.expectations.count - outcome.failedExpectations.count))
        summary.append("expectationsFailed", .count(outcome.failedExpectations.count))
        summary.append("invariantsBroken", .count(outcome.invariantFailures.count))
        var sections = JSONObject()
        for section in outcome.summary {
            sections[section.title] = .object(RunReport.fields(section.rows.map { ($0.key, $0.value) }))
        }
        summary.append("sections", .object(sections))
        records.append(.object(summary))
        return records
    }

    /// `{"code": …, "message": …}`: a reason with its stable code beside the prose.
    package static func reason(code: String, message: String) -> JSONValue {
        ["code": .string(code), "message": .string(message)]
    }

    /// Trace fields, or a summary section's rows, as a JSON object: durations get the unit in
    /// their key (`delayP50` → `delayP50Ms`); a figure that does not exist (`"-"` in text) is `null`.
    static func fields(_ fields: [(key: String, value: TraceValue)]) -> JSONObject {
        var object = JSONObject()
        for field in fields {
            var key = field.key
            if case .duration = field.value, !key.hasSuffix("Ms") { key += "Ms" }
            object[key] = field.value == .string("-") ? .null : JSONValue(field.value)
        }
        return object
    }

    /// The text label of a row: the JSON key without a unit suffix (`p50Ms` → `p50`), since the
    /// text value carries its unit.
    static func textLabel(_ row: ReportSection.Row) -> String {
        row.key.hasSuffix("Ms") && row.key.count > 2 ? String(row.key.dropLast(2)) : row.key
    }
}
