import ScenarioRunner
import SimulationKernel

/// `wristsim reminders FILE`: the phone's notification schedule over a scenario.
enum RemindersCommand: Command {
    static let name = "reminders"
    static let summary = "Pending notification window over time, deliveries with badges, overdue and missed reminders."
    static let usage =
        "wristsim reminders FILE [--at TIME] [--scheduler STRATEGY] [--compare] [--json] [--seed N] [--svg PATH]"
    static let help = """
        Runs the scenario and reports the phone app's reminders: the pending window after
        every app run (launch, foreground, notification action, background refresh, watch
        message), every notification delivered with its badge, the reminders missed (due
        while outside the window, or dropped by the system) with the reason, and pendingMax.

        ARGUMENTS:
          FILE                 a scenario JSON file; without a "reminders" section the
                               defaults apply (windowed, W = 60, launch at the start), as in run

        OPTIONS:
          --at TIME            also list the items overdue at TIME ("+3h" or an ISO 8601 date)
          --scheduler STRATEGY windowed (soonest W in the system, refill at every app run),
                               naive (schedule everything, badges fixed when scheduled),
                               overflowNotice (last slot: "Open the app to see N more") or
                               backgroundRefresh (refill when the system grants a refresh)
          --compare            run every strategy on the scenario and print missed reminders
                               (also under the realistic and the punctual iPhone refresh
                               timing), wrong badges and notifications sent side by side
                               (with --json: schema wristsim.reminders-compare/1)
          --json               print one JSON object (schema wristsim.reminders/2)
          --seed N             use seed N instead of the scenario's "seed"
          --svg PATH           also write a picture: the pending count against 64 and W, each
                               delivery's badge over the true overdue count, missed reminders
                               with their reason codes, app runs
          -h, --help           show this help

        A scenario's expectations are checked: every failure is printed after the report
        (time, line, expected, found), and the exit code is 1.

        EXIT CODES:
          0   reported, every expectation in the scenario held
          1   an expectation in the scenario failed
          64  usage error
          65  the scenario file is missing or invalid
          74  standard output or the --svg file could not be written

        EXAMPLES:
          wristsim reminders Scenarios/reminders-two-weeks.json
          wristsim reminders Scenarios/reminders-two-weeks-naive.json --json
          wristsim reminders Scenarios/reminders-weekday.json --at +8h
          wristsim reminders Scenarios/reminders-two-weeks.json --svg reminders.svg
          wristsim reminders Scenarios/reminders-twice-a-day.json --compare
        """
    static let flags = ["json", "compare"]
    static let options = ["at", "scheduler", "seed", "svg"]

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
        let path = try arguments.scenarioFile(command: name)
        let seed = try arguments.seed(command: name)
        var mode: RemindersSettings.Mode?
        if let text = arguments.value("scheduler") {
            guard let value = RemindersSettings.Mode(rawValue: text) else {
                throw UsageError(
                    command: name,
                    message:
                        "--scheduler expects naive, windowed, overflowNotice or backgroundRefresh, found \(ArgumentText.quoted(text))"
                )
            }
            mode = value
        }
        guard var scenario = ScenarioArguments.load(path) else { return .invalidScenario }
        if arguments.has("compare") {
            let comparison = RemindersComparison(scenario: scenario, seed: seed)
            Console.out(arguments.has("json") ? comparison.document.compact : comparison.text)
            return .success
        }
        let at = try ScenarioArguments.time(arguments, command: name, in: scenario, warnAfterEnd: false)
        var settings = scenario.sections.reminders ?? RemindersSettings()
        if let mode { settings.mode = mode }
        scenario.sections.reminders = settings
        if let at, at > scenario.end {
            let clock = TraceFormatter(start: scenario.start, showsDates: true)
            Console.error(
                "note: --at \(arguments.value("at") ?? "") (\(clock.text(at))) is after the scenario's end "
                    + "(\(clock.text(scenario.end)), \(scenario.end)); the run is continued to it")
            scenario.end = at
        }
        // No trace is printed: the run keeps none unless it fails (``UntracedRun``), as `run` does.
        let run = UntracedRun(scenario, seed: seed)
        let simulation = run.simulation
        let outcome = run.outcome
        let phone = simulation.phone.reminders.advanced(to: simulation.now)
        let report = RemindersReport(scenario: scenario, phone: phone, overdueAt: at)
        if arguments.has("json") {
            Console.out(outcome.attachingFailures(to: report.document).compact)
        } else {
            Console.out(report.text)
            if let block = outcome.failureTextBlock(style: Terminal.standardOutputStyle) { Console.out(block) }
        }
        if let svgPath = arguments.value("svg") {
            do {
                try OutputFile(svgPath).write(
                    ScenarioReportData.remindersPicture(phone: phone, scenario: scenario).document)
            } catch {
                Console.error("Error: \(error)")
                return .ioError
            }
        }
        return outcome.passed ? .success : .expectationFailed
    }
}
