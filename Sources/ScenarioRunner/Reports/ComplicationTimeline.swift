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

    /// `--at --json`: what each family shows at `time`, with the truth.
    public static func json(at time: SimTime, report: ComplicationReport) -> String {
        var object = JSONObjectText()
        object.add("at", .string(report.clock.stamp(time)))
        let families = report.families.map { family -> String in
            var item = JSONObjectText()
            let shown = report.model.shownText(family, at: time)
            let truth = report.model.trueText(family, at: time)
            item.add("family", .string(family.rawValue))
            item.add("shows", shown.map { TraceValue.string($0) })
            item.add("truth", .string(truth))
            item.add("stale", .bool(shown.map { $0 != truth } ?? false))
            return item.text
        }
        object.addRaw("families", families.jsonArray)
        return object.text
    }
}
