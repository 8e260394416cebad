import CompanionModel
import ScenarioRunner

/// `wristsim latency FILE`: the tap-to-removal profile of a scenario's taps.
enum LatencyCommand: Command {
    static let name = "latency"
    static let summary = "Profile tap-to-removal latency: percentiles, per-step time, histogram (--compare, --svg)."
    static let usage =
        "wristsim latency FILE [--pipeline NAME] [--watch MODEL]... [--compare] [--svg PATH] [--json] [--seed N]"
    static let help = """
        Runs the scenario and profiles every tap that reached the list: its latency from the
        tap to the first 60 Hz frame without the row, how long it queued behind earlier taps,
        p50/p90/p99/max (nearest rank), the time each pipeline step took on its queue, and a
        histogram.

        ARGUMENTS:
          FILE             a scenario JSON file

        OPTIONS:
          --pipeline NAME  run this preset instead of the scenario's pipeline: naive, optimized, instant
          --watch MODEL    run on this watch model instead of the scenario's (see 'wristsim watches');
                           give it several times to compare the models side by side
          --compare        run under naive and optimized and print them side by side
          --svg PATH       also write the histogram(s) as an SVG file
          --json           print one JSON object (schema wristsim.latency/2)
          --seed N         use seed N instead of the scenario's "seed"
          -h, --help       show this help

        EXIT CODES:
          0   profiled (the scenario's own expectations are not checked here; use 'wristsim run')
          64  usage error
          65  the scenario file is missing or invalid
          74  standard output or the --svg file could not be written

        EXAMPLES:
          wristsim latency Scenarios/latency-trip-slowest-naive.json
          wristsim latency Scenarios/latency-trip-slowest-naive.json --compare --svg /tmp/wristsim-latency.svg
          wristsim latency Scenarios/latency-burst.json --watch series0-38mm --watch ultra3-49mm
        """
    static let flags = ["compare", "json"]
    static let options = ["pipeline", "watch", "svg", "seed"]
    static let repeatableOptions = ["watch"]

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
        let path = try arguments.scenarioFile(command: name)
        let seed = try arguments.seed(command: name)
        if arguments.has("compare"), arguments.value("pipeline") != nil {
            throw UsageError(command: name, message: "--compare runs both presets; leave out --pipeline")
        }
        if let pipeline = arguments.value("pipeline") {
            _ = try PipelineSettings.preset(named: pipeline, quote: ArgumentText.quoted) {
                UsageError(command: name, message: $0)
            }
        }
        let watches: [String?] = try ScenarioArguments.watches(arguments, command: name).map { $0 }
        guard let scenario = ScenarioArguments.load(path) else { return .invalidScenario }
        let pipelines: [String?] = arguments.has("compare") ? ["naive", "optimized"] : [arguments.value("pipeline")]
        var profiles: [LatencyProfile] = []
        for watch in watches.isEmpty ? [nil] : watches {
            for pipeline in pipelines {
                do {
                    let variant = try LatencyProfile.overriding(scenario, pipeline: pipeline, watch: watch)
                    profiles.append(LatencyProfile.run(variant, seed: seed, trace: .off))
                } catch {
                    throw UsageError(command: name, message: "\(error)")
                }
            }
        }
        let report = LatencyReport(profiles: profiles)
        if let svgPath = arguments.value("svg") {
            do {
                try OutputFile(svgPath).write(report.svg)
            } catch {
                Console.error("Error: \(error)")
                return .ioError
            }
        }
        Console.out(arguments.has("json") ? report.json : report.text)
        return .success
    }
}
