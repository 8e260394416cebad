import CompanionModel
import SimulationKernel

/// What `wristsim timeline` needs: runs a scenario with its complication (default settings when
/// the file has no `"complication"` section) and returns the report.
package enum ComplicationTimeline {
    /// The finished run and its complication report.
    package struct Result {
        package var outcome: ScenarioOutcome
        package var report: ComplicationReport
    }

    /// Runs `scenario` and reports its complication for `families` (default: all enabled), with
    /// ``ComplicationSettings/defaults(start:)`` when the file has no `"complication"` section.
    ///
    /// Report times carry their date when the run — or the run up to `through` (`--at`), when
    /// later — spans more than one calendar day.
    package static func run(
        _ scenario: Scenario, seed: UInt64? = nil, families: [ComplicationFamily]? = nil, through: SimTime? = nil
    ) -> Result {
        var scenario = scenario
        if scenario.sections.complication == nil { scenario.sections.complication = .defaults(start: scenario.start) }
        let last = max(scenario.end, through ?? scenario.end)
        if TraceFormatter(start: scenario.start, end: last).showsDates {
            scenario.sections.complication?.configuration.clock.showsDates = true
        }
        let run = UntracedRun(scenario, seed: seed)
        guard let report = run.simulation.complicationReport(families: families) else {
            preconditionFailure("a run with a complication section (set above) has a complication report")
        }
        return Result(outcome: run.outcome, report: report)
    }

    /// The JSON schema identifier of the whole timeline.
    package static let jsonSchema = "wristsim.timeline/1"
    /// The JSON schema identifier of `--at --json`.
    package static let atJSONSchema = "wristsim.timeline-at/1"

    /// Writes `timeline --json`, schema `wristsim.timeline/1`, into `object`: the entries shown,
    /// every reload request with its decision (a refusal's `reason` with its `code`), the budget
    /// resets, the budget's rules and what they did (exhaustions, background tasks, the longest
    /// time without a reload) and the staleness per family, times in ISO 8601 with milliseconds,
    /// then the run's `failures`. ``ComplicationReport/write(into:stamp:)`` writes everything
    /// after `settings` (`"defaults"` when `scenario`, as the file gave it, has no `"complication"`
    /// section); into a ``JSONStream``, a run of a million reloads is written one request at a time.
    package static func write(_ result: Result, scenario: Scenario, into object: inout JSONStream) {
        let clock = TraceFormatter(start: scenario.start, showsDates: true)
        object.append("schema", .string(jsonSchema))
        object.append("file", .string(scenario.file))
        object.append("scenario", .string(scenario.name))
        object.append("settings", .string(scenario.sections.complication == nil ? "defaults" : "scenario"))
        result.report.write(into: &object, stamp: clock.iso)
        object.append("failures", result.outcome.failuresJSON)
    }

    /// `timeline --at TIME --json`, schema `wristsim.timeline-at/1`: what each family shows at
    /// `time`, with the truth.
    package static func document(at time: SimTime, report: ComplicationReport, scenario: Scenario) -> JSONValue {
        let clock = TraceFormatter(start: scenario.start, showsDates: true)
        return [
            "schema": .string(atJSONSchema), "file": .string(scenario.file), "at": .string(clock.iso(time)),
            "families": .array(
                report.families.map { family in
                    let shown = report.model.shownText(family, at: time)
                    let truth = report.model.trueText(family, at: time)
                    return [
                        "family": .string(family.rawValue), "shows": .optional(shown.map { .string($0) }),
                        "truth": .string(truth), "stale": .bool(shown.map { $0 != truth } ?? false),
                    ]
                }),
        ]
    }
}
