import CompanionModel
import Foundation
import ScenarioRunner

/// `wristsim latency FILE`: the tap-to-removal profile of a scenario's taps.
enum LatencyCommand: Command {
    static let name = "latency"
    static let summary = "Profile tap-to-removal latency: percentiles, per-step time, histogram (--compare, --svg)."
    static let usage =
        "wristsim latency FILE [--pipeline NAME] [--watch MODEL] [--compare] [--svg PATH] [--json] [--seed N]"
    static let help = """
        Runs the scenario and profiles every tap that reached the list: its latency from the
        tap to the first 60 Hz frame without the row, how long it queued behind earlier taps,
        p50/p90/p99/max (nearest rank), the time each pipeline step took on its queue, and a
        histogram.

        ARGUMENTS:
          FILE             a scenario JSON file

        OPTIONS:
          --pipeline NAME  run this preset instead of the scenario's pipeline: naive, optimized, instant
          --watch MODEL    run on this watch model instead of the scenario's (see 'wristsim watches')
          --compare        run under naive and optimized and print them side by side
          --svg PATH       also write the histogram(s) as an SVG file
          --json           print one JSON object (schema wristsim.latency/1)
          --seed N         use seed N instead of the scenario's "seed"
          -h, --help       show this help

        EXIT CODES:
          0 profiled   64 usage error   65 the scenario file is missing or invalid
          (the scenario's own expectations are not checked here; use 'wristsim run')

        EXAMPLES:
          wristsim latency Scenarios/latency-trip-slowest.json --pipeline naive
          wristsim latency Scenarios/latency-trip-slowest.json --compare --svg latency.svg
        """
    static let flags = ["compare", "json"]
    static let options = ["pipeline", "watch", "svg", "seed"]

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError(
                command: name,
                message: arguments.positionals.isEmpty
                    ? "missing scenario file" : "expected one scenario file, found \(arguments.positionals.count)")
        }
        let seed = try arguments.seed(command: name)
        if arguments.has("compare"), arguments.value("pipeline") != nil {
            throw UsageError(command: name, message: "--compare runs both presets; leave out --pipeline")
        }
        if let pipeline = arguments.value("pipeline"), !CheckOffPipeline.presetNames.contains(pipeline) {
            throw UsageError(
                command: name,
                message: "unknown pipeline '\(pipeline)'; expected one of: "
                    + CheckOffPipeline.presetNames.joined(separator: ", "))
        }
        if let watch = arguments.value("watch"), !WatchModel.knownNames.contains(watch) {
            throw UsageError(
                command: name,
                message: "unknown watch model '\(watch)'; expected one of: "
                    + WatchModel.knownNames.joined(separator: ", "))
        }
        guard let scenario = ScenarioArguments.load(path) else { return .invalidScenario }
        let pipelines: [String?] = arguments.has("compare") ? ["naive", "optimized"] : [arguments.value("pipeline")]
        var profiles: [LatencyProfile] = []
        for pipeline in pipelines {
            do {
                let variant = try LatencyProfile.overriding(
                    scenario, pipeline: pipeline, watch: arguments.value("watch"))
                profiles.append(LatencyProfile.run(variant, seed: seed))
            } catch {
                throw UsageError(command: name, message: "\(error)")
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
