import CompanionModel
import ScenarioRunner
import SimulationKernel

/// `wristsim timeline FILE`: the complication's timeline, budget use and staleness.
enum TimelineCommand: Command {
    static let name = "timeline"
    static let summary = "Preview the complication: what the face shows over time, the reload budget, staleness."
    static let usage = "wristsim timeline FILE [--family NAME] [--at TIME] [--svg PATH] [--json] [--seed N]"
    static let help = """
        Runs the scenario and prints what the complication shows wherever it changes, every
        reload request (refusals marked REFUSED with the reason), budget resets, the start of
        every stale span, then the budget use and staleness per family. Without a
        "complication" section the default settings are used (see README.md).

        ARGUMENTS:
          FILE            a scenario JSON file

        OPTIONS:
          --family NAME   only this family (circular, corner, rectangular, inline, modularSmall)
          --at TIME       print what the face shows at TIME: "+2h", "18:00" (local, on the
                          start day) or an ISO 8601 date-time
          --svg PATH      also write a picture: one lane per family, stale spans shaded
          --json          print JSON (schema wristsim.timeline/1; with --at wristsim.timeline-at/1)
          --seed N        use seed N instead of the scenario's "seed"
          -h, --help      show this help

        A scenario's expectations are checked: every failure is printed after the report
        (time, line, expected, found), and the exit code is 1. --at after the scenario's end
        prints a warning.

        EXIT CODES:
          0   previewed, every expectation in the scenario held
          1   an expectation in the scenario failed
          64  usage error
          65  the scenario file is missing or invalid
          74  standard output or the --svg file could not be written

        EXAMPLES:
          wristsim timeline Scenarios/complication-saturday-shop.json
          wristsim timeline Scenarios/complication-budget-exhausted.json --family circular --at 13:00
          wristsim timeline Scenarios/complication-budget-exhausted.json --svg /tmp/wristsim-day.svg
        """
    static let flags = ["json"]
    static let options = ["family", "at", "svg", "seed"]

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
        let path = try arguments.scenarioFile(command: name)
        let seed = try arguments.seed(command: name)
        var families: [ComplicationFamily]?
        if let familyName = arguments.value("family") {
            guard let family = ComplicationFamily(rawValue: familyName) else {
                throw UsageError(
                    command: name,
                    message: Suggestion.unknown(
                        "family", familyName, among: ComplicationFamily.allCases.map(\.rawValue),
                        quote: ArgumentText.quoted))
            }
            families = [family]
        }
        guard let scenario = ScenarioArguments.load(path) else { return .invalidScenario }
        let at = try ScenarioArguments.time(arguments, command: name, in: scenario)
        let result = ComplicationTimeline.run(scenario, seed: seed, families: families, through: at)
        if let family = families?.first, !result.report.model.configuration.families.contains(family) {
            let enabled = result.report.model.configuration.families.map(\.rawValue).joined(separator: ", ")
            throw UsageError(
                command: name,
                message: "family '\(family.rawValue)' is not enabled in this scenario (enabled: \(enabled))")
        }
        if let svgPath = arguments.value("svg") {
            let svg = ComplicationTimelineSVG(report: result.report, scenarioName: scenario.name).document
            do {
                try OutputFile(svgPath).write(svg)
            } catch {
                Console.error("Error: \(error)")
                return .ioError
            }
        }
        let json = arguments.has("json")
        let style = Terminal.standardOutputStyle
        if let at {
            Console.out(
                json
                    ? result.outcome.attachingFailures(
                        to: ComplicationTimeline.document(at: at, report: result.report, scenario: scenario)
                    )
                    .compact
                    : trimmed(result.report.describe(at: at)))
        } else if json {
            // Written as it is made: ten years of reloads are hundreds of megabytes of JSON.
            var object = JSONStream { Console.outJSON($0) }
            ComplicationTimeline.write(result, scenario: scenario, into: &object)
            object.finish()
            Console.outJSON(Array("\n".utf8))
        } else {
            var output = StandardOutputStream()
            output.write("scenario  \(scenario.name)\n")
            if scenario.sections.complication == nil {
                output.write("note      no \"complication\" section: default settings\n")
            }
            result.report.write(to: &output)
            output.flush()
        }
        if !json, let block = result.outcome.failureTextBlock(style: style) { Console.out(block) }
        return result.outcome.passed ? .success : .expectationFailed
    }

    private static func trimmed(_ text: String) -> String {
        text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
