import ScenarioRunner

/// `wristsim report FILE... -o report.html`: one self-contained HTML page with every picture.
enum ReportCommand: Command {
    static let name = "report"
    static let summary = "Write one self-contained HTML page with every picture of the scenarios (-o FILE)."
    static let usage = "wristsim report FILE... -o FILE.html [--tap N] [--watch MODEL]... [--seed N]"
    static let help = """
        Runs each scenario and writes one HTML page that needs nothing else (no network, no
        scripts, fonts or style sheets from elsewhere; it reads the same with JavaScript off).
        Per scenario: a summary (result, run header with dates, every expectation and invariant
        with its line), then the pictures the scenario has:
          - tap swimlanes: the watch's main and background queues, the frame clock and the
            link for one tap, naive and optimized on one time axis (and the median tap);
          - latency distribution: every tap per pipeline and watch on one shared axis
            (log scale when they differ by more than 10x), p50/p90/p99, time per step;
          - link sequence: watch and phone lifelines, each message from send to delivery;
          - complication timeline: what each family showed, reloads granted and refused;
          - reminders: pending count against 64 and W, deliveries with badges, missed ones.
        Hover a shape for its details. The same files and seed give a byte-identical page.
        Each scenario's part waits in a temporary file in $TMPDIR (or /tmp) until the index, which
        comes first, is known, so a page of thousands of files holds one scenario at a time.

        ARGUMENTS:
          FILE          a scenario JSON file (several: one page, one part per scenario;
                        files named *.schema.json are skipped, so Scenarios/*.json works)

        OPTIONS:
          -o, --output FILE  where to write the page (required)
          --tap N       draw tap N (1 = the first tap) in the swimlanes instead of the slowest
          --watch MODEL  also draw the latency distribution on this watch model (repeatable, as
                        in 'wristsim latency'; default: the slowest watch, see 'wristsim watches')
          --seed N      use seed N instead of each scenario's "seed"
          -h, --help    show this help

        EXIT CODES:
          0   written, every expectation held
          1   written, an expectation failed
          64  usage error
          65  a scenario file is missing or invalid (no page is written)
          74  the page or standard output could not be written

        EXAMPLES:
          wristsim report Scenarios/*.json -o report.html
          wristsim report Scenarios/latency-trip-slowest-naive.json --tap 3 -o slowest.html
        """
    static let flags: [String] = []
    static let options = ["o", "output", "tap", "watch", "seed"]
    static let repeatableOptions = ["watch"]

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
        guard !arguments.positionals.isEmpty else {
            throw UsageError(command: name, message: "missing scenario file")
        }
        guard let output = arguments.value("o") ?? arguments.value("output") else {
            throw UsageError(command: name, message: "missing -o FILE: where to write the HTML page")
        }
        let seed = try arguments.seed(command: name)
        let watches = try ScenarioArguments.watches(arguments, command: name)
        var tap: Int?
        if let text = arguments.value("tap") {
            guard let value = Int(text), value >= 1 else {
                throw UsageError(
                    command: name, message: "--tap expects a tap number from 1, found \(ArgumentText.quoted(text))")
            }
            tap = value
        }
        var exitCode = ExitCode.success
        // Each scenario's part of the page is made as it runs and kept on disk, so the page of
        // many files holds one scenario's pictures at a time; the index, written first, is
        // known only at the end.
        var report = HTMLReport()
        var added = 0
        let spool: PageSpool
        do {
            spool = try PageSpool()
        } catch {
            Console.error("Error: \(error)")
            return .ioError
        }
        for path in arguments.positionals {
            if path.hasSuffix(".schema.json") {
                Console.error("note: skipped \(path): a JSON Schema, not a scenario")
                continue
            }
            guard let scenario = ScenarioArguments.load(path) else {
                exitCode = max(exitCode, .invalidScenario)
                continue
            }
            let data: ScenarioReportData
            do {
                data = try ScenarioReportData.extract(scenario, seed: seed, tap: tap, watches: watches)
            } catch {
                throw UsageError(command: name, message: "\(path): \(error.description)")
            }
            if !data.outcome.passed { exitCode = max(exitCode, .expectationFailed) }
            do {
                try spool.append(report.add(data))
            } catch {
                Console.error("Error: \(error)")
                return .ioError
            }
            added += 1
        }
        if exitCode == .invalidScenario { return exitCode }
        do {
            try OutputFile(output).write { (file) throws(OutputFile.Failure) in
                try file.append(report.head)
                try spool.copy(into: file)
                try file.append(HTMLReport.tail)
            }
        } catch {
            Console.error("Error: \(error)")
            return .ioError
        }
        Console.out("wrote \(output) (\(added) scenario\(added == 1 ? "" : "s"))")
        return exitCode
    }
}
