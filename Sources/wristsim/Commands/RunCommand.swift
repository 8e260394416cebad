import ScenarioRunner

/// `wristsim run FILE...`: runs scenarios and prints their summaries.
enum RunCommand: Command {
    static let name = "run"
    static let summary = "Run scenarios and print a summary (--trace: event log, --json: JSON Lines)."
    static let usage = "wristsim run FILE... [--trace] [--watch MODEL] [--json] [--seed N] [--svg PATH]"
    static let help = """
        Runs each scenario file and prints what happened: the list, the taps, every
        expectation with its result (a failure shows its time, its line in the file, what
        was expected and what was found), and PASS or FAIL. Times carry their date when the
        run spans more than one day.

        ARGUMENTS:
          FILE            a scenario JSON file (see docs/scenarios.md)

        OPTIONS:
          --trace         also print the event log, one line per state change
          --watch MODEL   run on this watch model instead of the scenario's (see 'wristsim watches')
          --json          print JSON Lines (schema wristsim.run/2) instead of text; every record
                          names its file
          --seed N        use seed N instead of the scenario's "seed"
          --svg PATH      also write the link as a sequence diagram (one FILE only): watch and
                          phone lifelines, each message from send to delivery with its channel
                          and delay, failures and retries, out-of-range and app-not-running spans
          -h, --help      show this help

        EXIT CODES:
          0   every expectation held and no invariant broke
          1   an expectation failed or an invariant broke
          64  usage error
          65  a scenario file is missing or invalid
          74  standard output or the --svg file could not be written

        EXAMPLES:
          wristsim run Scenarios/produce-trip.json
          wristsim run Scenarios/produce-trip.json --trace --seed 7
          wristsim run Scenarios/produce-trip.json --watch ultra3-49mm --json
          wristsim run Scenarios/basement-aisle-no-signal.json --svg link.svg
        """
    static let flags = ["trace", "json"]
    static let options = ["watch", "seed", "svg"]

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
        guard !arguments.positionals.isEmpty else {
            throw UsageError(command: name, message: "missing scenario file")
        }
        let seed = try arguments.seed(command: name)
        if arguments.value("svg") != nil, arguments.positionals.count > 1 {
            throw UsageError(
                command: name, message: "--svg draws one scenario's link; found \(arguments.positionals.count) files")
        }
        let watch = try ScenarioArguments.watches(arguments, command: name).last
        let style = Terminal.standardOutputStyle
        var exitCode = ExitCode.success
        for (index, path) in arguments.positionals.enumerated() {
            guard let loaded = ScenarioArguments.load(path) else {
                exitCode = max(exitCode, .invalidScenario)
                continue
            }
            let scenario = ScenarioArguments.overriding(loaded, watch: watch)
            let outcome: ScenarioOutcome
            if arguments.has("trace") || arguments.value("svg") != nil {
                var simulation = ScenarioSimulation(scenario: scenario, seed: seed)
                outcome = simulation.run()
            } else {
                outcome = UntracedRun(scenario, seed: seed).outcome
            }
            let report = RunReport(outcome: outcome, includeTrace: arguments.has("trace"))
            if arguments.has("json") {
                Console.out(report.jsonLines)
            } else {
                if index > 0 { Console.out("") }
                Console.out(report.text(style: style))
            }
            if !outcome.passed { exitCode = max(exitCode, .expectationFailed) }
            if let svgPath = arguments.value("svg") {
                do {
                    try OutputFile(svgPath).write(ScenarioReportData.linkPicture(of: outcome).document)
                } catch {
                    Console.error("Error: \(error)")
                    exitCode = max(exitCode, .ioError)
                }
            }
        }
        return exitCode
    }
}
