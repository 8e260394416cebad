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

    /// Parses a `--at` value: an offset (`"+2h"`), an ISO 8601 date-time, or a local time of day
    /// on the scenario's start day (`"18:00"`, `"18:00:30"`), at or after the start.
    ///
    /// - Returns: `nil` when the text is none of these or is before the start.
    public static func parseTime(_ text: String, start: EpochTime) -> SimTime? {
        if text.hasPrefix("+") {
            return (try? DurationSyntax.parse(String(text.dropFirst()))).map { SimTime(offset: $0) }
        }
        if let date = try? EpochTime.parse(text) {
            let seconds = date.secondsSinceEpoch - start.secondsSinceEpoch
            return seconds >= 0 ? SimTime(offset: .seconds(seconds)) : nil
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.count == 2 }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60
        else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) ?? 60 : 0
        guard second < 60 else { return nil }
        let c = start.civil
        let offset = (hour * 3_600 + minute * 60 + second) - (c.hour * 3_600 + c.minute * 60 + c.second)
        return offset >= 0 ? SimTime(offset: .seconds(Int64(offset))) : nil
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
