import CompanionModel
import SimulationKernel

/// What `wristsim timeline` needs: runs a scenario with its complication (default settings when
/// the file has no `"complication"` section) and returns the report.
public enum ComplicationTimeline {
    /// Where a run's complication settings came from.
    public enum SettingsSource: Hashable, Sendable {
        /// The file's `"complication"` section.
        case scenario
        /// The file has no `"complication"` section: ``ComplicationSettings/defaults(start:)``.
        case defaults
    }

    /// The finished run and its complication report.
    public struct Result {
        public var outcome: ScenarioOutcome
        public var report: ComplicationReport
        /// Where the complication settings came from.
        public var settings: SettingsSource
    }

    /// Runs `scenario` and reports its complication for `families` (default: all enabled).
    public static func run(_ scenario: Scenario, seed: UInt64? = nil, families: [ComplicationFamily]? = nil) -> Result {
        var scenario = scenario
        let source: SettingsSource = scenario.sections.complication == nil ? .defaults : .scenario
        if source == .defaults { scenario.sections.complication = .defaults(start: scenario.start) }
        var simulation = ScenarioSimulation(scenario: scenario, seed: seed)
        let outcome = simulation.run()
        let fallback = ComplicationReport(
            model: ComplicationTimelineModel(
                configuration: ComplicationConfiguration(), items: [], presence: .notOnActiveFace),
            until: .zero)
        let report = simulation.complicationReport(families: families) ?? fallback
        return Result(outcome: outcome, report: report, settings: source)
    }

    /// The JSON schema identifier of the whole timeline.
    public static let jsonSchema = "wristsim.timeline/1"
    /// The JSON schema identifier of `--at --json`.
    public static let atJSONSchema = "wristsim.timeline-at/1"

    /// `timeline --json`, schema `wristsim.timeline/1`: the entries shown, every reload request
    /// with its decision (a refusal's `reason` with its `code`), the budget resets and the
    /// staleness per family, times in ISO 8601 with milliseconds.
    public static func document(_ result: Result, scenario: Scenario) -> JSONValue {
        let report = result.report
        let clock = ReportClock(start: scenario.start, showsDates: true)
        func iso(_ time: SimTime) -> JSONValue { .string(clock.iso(time)) }
        return [
            "schema": .string(jsonSchema), "file": .string(scenario.file), "scenario": .string(scenario.name),
            "settings": .string(result.settings == .defaults ? "defaults" : "scenario"),
            "families": .array(report.families.map { .string($0.rawValue) }),
            "start": iso(report.start), "end": iso(report.end),
            "entries": .array(
                report.entries.map { line in
                    [
                        "at": iso(line.at), "family": .string(line.family.rawValue), "text": .string(line.text),
                        "source": .string(line.source.rawValue), "suppliedAt": iso(line.reloadedAt),
                    ]
                }),
            "reloads": .array(
                report.records.map { record in
                    [
                        "at": iso(record.at), "source": .string(record.source.rawValue),
                        "kind": .string(record.kind.rawValue), "granted": .bool(record.outcome.isGranted),
                        "reason": .optional(
                            record.outcome.refusal.map { RunReport.reason(code: $0.rawValue, message: message($0)) }),
                        "charged": .bool(record.outcome == .granted(.charged)),
                        "budgetLeft": .count(record.budgetLeft), "transfersLeft": .count(record.transfersLeft),
                        "nextReset": iso(record.nextReset), "retryAt": .optional(record.retryAt.map(iso)),
                    ]
                }),
            "resets": .array(report.model.resets.filter { $0 <= report.end }.map(iso)),
            "staleness": .array(
                report.staleness.map { family in
                    [
                        "family": .string(family.family.rawValue), "totalMs": .milliseconds(family.totalStale),
                        "longestMs": .milliseconds(family.maxStale),
                        "spans": .array(
                            family.spans.map { span in
                                [
                                    "from": iso(span.from), "to": iso(span.to),
                                    "durationMs": .milliseconds(span.duration),
                                    "shown": .string(span.shown), "truth": .string(span.truth),
                                ]
                            }),
                    ]
                }),
        ]
    }

    /// `timeline --at TIME --json`, schema `wristsim.timeline-at/1`: what each family shows at
    /// `time`, with the truth.
    public static func document(at time: SimTime, report: ComplicationReport, scenario: Scenario) -> JSONValue {
        let clock = ReportClock(start: scenario.start, showsDates: true)
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

    /// Why a reload was refused, in words.
    public static func message(_ refusal: ComplicationRefusal) -> String {
        switch refusal {
        case .notOnActiveFace: return "the complication is not on the active watch face"
        case .refreshOutstanding: return "a background refresh is already scheduled"
        case .backgroundRateLimit: return "too many background refreshes in the hour, or too soon after the last one"
        case .transferBudgetExhausted: return "the phone has used its complication transfers for the day"
        case .tooSoon: return "closer to the last granted reload than the minimum reload interval"
        case .budgetExhausted: return "the daily reload budget is used up until the next reset"
        }
    }
}
