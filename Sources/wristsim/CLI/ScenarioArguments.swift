import CompanionModel
import ScenarioRunner
import SimulationKernel

/// The scenario file and the options that several commands share (`--at`, `--watch`).
enum ScenarioArguments {
    /// Loads the scenario at `path`. On failure prints the located error to stderr and returns
    /// `nil`; the command then exits with ``ExitCode/invalidScenario``. Prints the pipeline
    /// section's located warnings (old spellings) to stderr.
    static func load(_ path: String) -> Scenario? {
        do {
            let scenario = try ScenarioLoader.load(path)
            for warning in scenario.sections.pipeline?.warnings ?? [] { Console.error(warning.description) }
            return scenario
        } catch {
            Console.error(error.description)
            return nil
        }
    }

    /// The value of `--at` as a time in `scenario`, or `nil` when the option was not given.
    ///
    /// With `warnAfterEnd`, prints a warning to stderr when the time is after the scenario's end
    /// (the report then shows the state as the run left it).
    ///
    /// - Throws: a usage error naming what `--at` accepts when the value is not a time at or after
    ///   the scenario's start.
    static func time(
        _ arguments: Arguments, command: String, in scenario: Scenario, warnAfterEnd: Bool = true
    ) throws(UsageError) -> SimTime? {
        guard let text = arguments.value("at") else { return nil }
        guard let time = TimeArgument.parse(text, start: scenario.start) else {
            throw UsageError(
                command: command,
                message: "--at expects \(TimeArgument.expected) at or after the scenario start "
                    + "(\(scenario.start.iso8601)), found \(ArgumentText.quoted(text))"
                    + (TimeArgument.isBeyondRange(text, start: scenario.start)
                        ? "; a scenario spans at most \(ScenarioLimits.maximumSpanText)" : ""))
        }
        if warnAfterEnd, time > scenario.end {
            let clock = TraceFormatter(start: scenario.start, showsDates: true)
            Console.error(
                "warning: --at \(text) (\(clock.text(time))) is after the scenario's end "
                    + "(\(clock.text(scenario.end)), \(scenario.end)); showing the state as the run left it")
        }
        return time
    }

    /// The models named by `--watch` (several when `repeatable`), each checked against the
    /// catalogue with a "did you mean".
    static func watches(_ arguments: Arguments, command: String) throws(UsageError) -> [String] {
        let names = arguments.allValues("watch")
        for name in names where (try? WatchModel.named(name)) == nil {
            throw UsageError(
                command: command, message: WatchNameSuggestion.message(for: name, quote: ArgumentText.quoted))
        }
        return names
    }

    /// `scenario` run on the watch `name` instead of its own (unchanged when `name` is nil).
    static func overriding(_ scenario: Scenario, watch name: String?) -> Scenario {
        guard let name else { return scenario }
        var scenario = scenario
        scenario.watch = name
        return scenario
    }
}
