import ScenarioRunner
import SimulationKernel

/// `wristsim check [PATH...]`: runs every scenario as a test.
enum CheckCommand: Command {
    static let name = "check"
    static let summary =
        "Run every scenario under the paths as a test: one line each, then N passed, N failed, N invalid."
    static let usage =
        "wristsim check [PATH...] [--filter TEXT] [--watch MODEL] [--junit FILE] [--json] [--seed N]"
    static let help = """
        Runs every scenario file under the given files and folders (default: Scenarios/)
        as a test. Folders are searched recursively for *.json, skipping JSON Schema files
        (*.schema.json) and folders named "schema". Prints one line per scenario (PASS, FAIL
        with every failure beneath it, or INVALID with the error), then always the summary
        "N passed, N failed, N invalid". A missing or invalid file does not stop the others.
        PASS and FAIL are coloured on a terminal (never in a pipe; NO_COLOR turns it off).

        OPTIONS:
          --filter TEXT   only scenarios whose path or name contains TEXT (any case)
          --watch MODEL   run every scenario on this watch model (see 'wristsim watches')
          --junit FILE    also write JUnit XML for CI: one testcase per expectation and one per
                          invariant every run is checked against (event limit, lists converge)
          --json          print JSON Lines (schema wristsim.check/1) instead of text
          --seed N        run every scenario with seed N
          -h, --help      show this help

        EXIT CODES:
          0   every scenario passed
          1   a scenario failed, or no scenario was found
          64  usage error
          65  a file is missing or invalid (the other files still run)
          74  standard output or the --junit file could not be written

        EXAMPLES:
          wristsim check
          wristsim check Scenarios --filter reminders --watch ultra3-49mm
          wristsim check Scenarios/produce-trip.json --junit /tmp/wristsim-junit.xml
        """
    static let flags = ["json"]
    static let options = ["filter", "watch", "junit", "seed"]

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
        let seed = try arguments.seed(command: name)
        let watch = try ScenarioArguments.watches(arguments, command: name).last
        let filter = arguments.value("filter")
        if let filter, filter.isEmpty {
            throw UsageError(command: name, message: "--filter expects some text to look for, found ''")
        }
        let paths = arguments.positionals.isEmpty ? ["Scenarios"] : arguments.positionals
        // Every file first (so the columns line up), then run and print each as it finishes.
        var candidates: [(file: String, error: ScenarioError?)] = []
        for path in paths {
            do {
                let search = try ScenarioLoader.search([path])
                candidates += search.scenarios.map { ($0, nil) }
                for skipped in search.skipped {
                    Console.error("note: \(skipped): not a scenario (no \"format\" key), skipped")
                }
            } catch {
                candidates.append((path, error))
            }
        }
        if let filter { candidates = candidates.filter { $0.error == nil || matches($0.file, filter) } }
        let json = arguments.has("json")
        let style = Terminal.standardOutputStyle
        let width = candidates.map(\.file.count).max() ?? 0
        var entries: [CheckReport.Entry] = []
        for candidate in candidates {
            let entry: CheckReport.Entry
            if let error = candidate.error {
                entry = .invalid(file: candidate.file, error: error)
            } else {
                do {
                    let scenario = ScenarioArguments.overriding(try ScenarioLoader.load(candidate.file), watch: watch)
                    if let filter, !matches(candidate.file, filter), !matches(scenario.name, filter) { continue }
                    entry = .ran(file: candidate.file, outcome: UntracedRun(scenario, seed: seed).outcome)
                } catch {
                    if let filter, !matches(candidate.file, filter) { continue }
                    entry = .invalid(file: candidate.file, error: error)
                }
            }
            if case .invalid(_, let error) = entry { Console.error(error.description) }
            if !json { Console.out(CheckReport.lines(entry, width: width, style: style).joined(separator: "\n")) }
            entries.append(entry)
        }
        let report = CheckReport(entries: entries)
        Console.out(json ? report.jsonLines : report.summaryLine)
        var exitCode = ExitCode.success
        if entries.isEmpty {
            let under = paths.joined(separator: ", ")
            Console.error(
                "error: no scenario found under \(under)"
                    + (filter.map { " matching --filter \(ArgumentText.quoted($0))" } ?? "")
                    + "; expected at least one scenario JSON file")
            exitCode = .expectationFailed
        }
        if report.count(.failed) > 0 { exitCode = max(exitCode, .expectationFailed) }
        if report.count(.invalid) > 0 { exitCode = max(exitCode, .invalidScenario) }
        if let junit = arguments.value("junit") {
            do {
                try OutputFile(junit).write(report.junit)
            } catch {
                Console.error("Error: \(error)")
                exitCode = max(exitCode, .ioError)
            }
        }
        return exitCode
    }

    /// Whether `text` contains `filter`, ignoring case.
    private static func matches(_ text: String, _ filter: String) -> Bool {
        text.lowercased().contains(filter.lowercased())
    }
}
