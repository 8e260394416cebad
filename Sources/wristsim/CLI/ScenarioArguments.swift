import ScenarioRunner
import SimulationKernel

/// The scenario file and the `--at TIME` option that several commands share.
enum ScenarioArguments {
    /// Loads the scenario at `path`. On failure prints the located error to stderr and returns
    /// `nil`; the command then exits with ``ExitCode/invalidScenario``.
    static func load(_ path: String) -> Scenario? {
        do {
            return try ScenarioLoader.load(path)
        } catch {
            Console.error(error.description)
            return nil
        }
    }

    /// The value of `--at` as a time in `scenario`, or `nil` when the option was not given.
    ///
    /// - Throws: a usage error naming what `--at` accepts when the value is not a time at or after
    ///   the scenario's start.
    static func time(_ arguments: Arguments, command: String, in scenario: Scenario) throws(UsageError) -> SimTime? {
        guard let text = arguments.value("at") else { return nil }
        guard let time = TimeArgument.parse(text, start: scenario.start) else {
            throw UsageError(
                command: command,
                message: "--at expects \(TimeArgument.expected) at or after the scenario start "
                    + "(\(scenario.start.iso8601)), found '\(text)'"
                    + (TimeArgument.isBeyondRange(text, start: scenario.start)
                        ? "; a scenario spans at most \(ScenarioLimits.maximumSpanText)" : ""))
        }
        return time
    }
}
