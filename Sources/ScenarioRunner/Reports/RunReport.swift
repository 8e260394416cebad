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

    /// The human summary.
    package func text(style: TerminalStyle = TerminalStyle(colours: false)) -> String {
        let scenario = outcome.scenario
        let clock = outcome.clock
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
            lines += outcome.failureLines(result, style: style).map { "  " + $0 }
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
        let clock = outcome.clock
        let (schema, file) = (JSONValue.string(RunReport.jsonSchema), JSONValue.string(outcome.scenario.file))
        var records: [JSONValue] = [
            [
                "schema": schema, "type": "scenario", "file": file, "name": .string(outcome.scenario.name),
                "seed": .seed(outcome.seed), "watch": .string(outcome.scenario.watch),
                "start": .string(clock.iso(.zero)), "end": .string(clock.iso(outcome.endTime)),
            ]
        ]
        if includeTrace {
            records += outcome.trace.map { event in
                [
                    "schema": schema, "type": "trace", "file": file, "at": .string(clock.iso(event.time)),
                    "kind": .string(event.kind), "fields": .object(RunReport.fields(event.fields)),
                ]
            }
        }
        records += outcome.expectations.map { result in
            [
                "schema": schema, "type": "expectation", "file": file, "at": .string(clock.iso(result.time)),
                "line": .count(result.location.line), "column": .count(result.location.column),
                "path": .string(result.path), "expect": .string(result.label), "passed": .bool(result.passed),
                "failure": .optional(result.failure.map { RunReport.reason(code: "expectationFailed", message: $0) }),
            ]
        }
        records += outcome.invariantFailures.map { failure in
            [
                "schema": schema, "type": "invariant", "file": file,
                "failure": RunReport.reason(code: "invariantBroken", message: failure.message),
            ]
        }
        let failed = outcome.failedExpectations.count
        let sections = outcome.summary.map {
            ($0.title, JSONValue.object(RunReport.fields($0.rows.map { ($0.key, $0.value) })))
        }
        records.append([
            "schema": schema, "type": "summary", "file": file, "passed": .bool(outcome.passed),
            "expectationsPassed": .count(outcome.expectations.count - failed), "expectationsFailed": .count(failed),
            "invariantsBroken": .count(outcome.invariantFailures.count), "sections": .object(JSONObject(sections)),
        ])
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
