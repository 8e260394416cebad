import CompanionModel
import Foundation
import ScenarioRunner

/// `wristsim sweep FILE --seeds A..B`: the scenario's distributions over seeds × watches ×
/// pipelines × settings.
enum SweepCommand: Command {
    static let name = "sweep"
    static let summary = "Run a scenario over seeds × watches × pipelines × settings; distributions per cell."
    static let usage =
        "wristsim sweep FILE --seeds A..B [--watch all|M,…] [--pipeline P,…] [--set KEY=V,…]… "
        + "[--shard K/N|auto/N] [--jobs J] [--json]"
    static let help = """
        Runs the scenario once per seed in every cell of watches × pipelines × settings and
        reports per cell: the expectation pass rate and the smallest failing seeds, the tap-to-
        removal latency (the distribution of each run's own p50 and p99, and the percentiles of
        every tap pooled), check-offs lost, doubled, reordered or late (still in transit when the
        scenario ended), missed reminders by reason and the stale complication time.

        Percentiles come from fixed log-linear buckets (at most 0.8 % above the exact value), so
        results of shards merge exactly: 'wristsim merge' of the --shard parts prints the same
        bytes as the unsharded sweep.

        A sweep has at most 10,000 cells and 10^12 runs; each watch, preset, --set key and value
        is named once (a name given twice would only run the same cells again).

        ARGUMENTS:
          FILE                a scenario JSON file

        OPTIONS:
          --seeds A..B        run seeds A to B inclusive in every cell (required)
          --watch all|M,…     the watch models (default: the scenario's); 'all' is every model
          --pipeline P,…      pipeline presets: naive, optimized, instant (default: the scenario's)
          --set KEY=V,…       set a scenario key (a dotted path such as pipeline.jitter or
                              link.duplicateProbability) to each value in turn; repeat for more keys
          --shard K/N         run only part K (0-based) of N and print it as JSON Lines
                              (schema wristsim.sweep-part/2) for 'wristsim merge'
          --shard auto/N      take K from JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or
                              SLURM_ARRAY_TASK_ID (Slurm job array)
          --jobs J            run J shards in parallel processes on this machine, then merge
          --json              print one JSON document (schema wristsim.sweep/2)
          -h, --help          show this help

        EXIT CODES:
          0 swept (failing runs are counted, not an error)   64 usage error
          65 the scenario file is missing or invalid, or a --set value makes it invalid
          74 standard output could not be written

        EXAMPLES:
          wristsim sweep Scenarios/weekly-shop.json --seeds 1..5 --watch series3-38mm,ultra2-49mm --pipeline naive,optimized
          wristsim sweep Scenarios/duplicating-link.json --seeds 1..10 --set link.duplicateProbability=0,0.5 --json
          wristsim sweep Scenarios/weekly-shop.json --seeds 1..20 --shard 3/7 > part-3.jsonl
        """
    static let flags = ["json"]
    static let options = ["seeds", "watch", "pipeline", "set", "shard", "jobs"]
    static let repeatableOptions = ["set"]

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
        let path = try arguments.scenarioFile(command: name)
        guard let seedsText = arguments.value("seeds") else {
            throw UsageError(command: name, message: "missing --seeds A..B")
        }
        do throws(SweepError) {
            let seeds = try parseSeeds(seedsText)
            let settings = try arguments.allValues("set").map { (text) throws(SweepError) in
                try SweepSetting.parse(text)
            }
            let shard = try arguments.value("shard").map { (text) throws(SweepError) in
                try ShardSpec.parse(text, environment: ProcessInfo.processInfo.environment)
            }
            let jobs = try parseJobs(arguments.value("jobs"))
            if shard != nil, jobs != nil { throw SweepError.usage("--jobs runs the shards itself; leave out --shard") }
            let bytes = try read(path)
            let root: JSONNode
            let scenario: Scenario
            do {
                root = try JSONParser.parse(bytes, file: path)
                scenario = try ScenarioDecoder.decode(root: root, file: path)
            } catch {
                throw SweepError.scenario(error)
            }
            let plan = try SweepPlan(
                file: path, name: scenario.name, firstSeed: seeds.lowerBound, lastSeed: seeds.upperBound,
                watches: watches(arguments.value("watch"), scenario: scenario),
                pipelines: arguments.value("pipeline").map { $0.split(separator: ",").map { String($0) } } ?? [nil],
                settings: settings)
            let runner = try SweepRunner(plan: plan, root: root, decoded: scenario)
            if let shard {
                for line in try runner.run(plan.shard(shard.index, of: shard.count)).partLines { Console.out(line) }
                return .success
            }
            let result: SweepResult
            if let jobs, jobs > 1 {
                var merge = SweepMerge()
                let input = path == InputFile.standardInput ? bytes : nil
                for part in try ParallelShards.run(jobs: jobs, input: input) {
                    try merge.add(part.bytes, file: part.file)
                }
                result = try merge.result()
            } else {
                result = try runner.run(0..<plan.runCount)
            }
            Console.out(arguments.has("json") ? result.json.pretty().dropLastNewline : result.text)
            return .success
        } catch {
            return try error.report(command: name)
        }
    }

    static func parseSeeds(_ text: String) throws(SweepError) -> ClosedRange<UInt64> {
        let bounds = text.components(separatedBy: "..")
        if bounds.count == 1, let seed = UInt64(text) { return seed...seed }
        guard bounds.count == 2, let first = UInt64(bounds[0]), let last = UInt64(bounds[1]), first <= last else {
            throw .usage(
                "--seeds expects A..B with whole numbers A ≤ B (such as 1..1000); found \(ArgumentText.quoted(text))")
        }
        return first...last
    }

    static func parseJobs(_ text: String?) throws(SweepError) -> Int? {
        guard let text else { return nil }
        guard let jobs = Int(text), (1...256).contains(jobs) else {
            throw .usage("--jobs expects a whole number from 1 to 256; found \(ArgumentText.quoted(text))")
        }
        return jobs
    }

    static func watches(_ text: String?, scenario: Scenario) -> [String] {
        guard let text else { return [scenario.watch] }
        if text == "all" { return WatchModel.knownNames }
        return text.split(separator: ",").map { String($0) }
    }

    static func read(_ path: String) throws(SweepError) -> [UInt8] {
        do {
            return try ScenarioLoader.read(path)
        } catch {
            throw .scenario(error)
        }
    }
}

/// `--jobs J`: runs this same command line as J processes with `--shard k/J` and collects their
/// JSON Lines output for merging.
enum ParallelShards {
    /// Runs the shards. When the scenario was read from standard input (`-`), `input` holds what
    /// was read, once: each shard process is given those bytes on its own standard input.
    static func run(jobs: Int, input: [UInt8]? = nil) throws(SweepError) -> [(bytes: [UInt8], file: String)] {
        var words = Array(CommandLine.arguments.dropFirst())
        var index = 0
        while index < words.count {
            if words[index] == "--jobs" {
                words.removeSubrange(index..<min(words.count, index + 2))
            } else if words[index].hasPrefix("--jobs=") {
                words.remove(at: index)
            } else {
                index += 1
            }
        }
        let executable = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
        var running: [(process: Process, pipe: Pipe)] = []
        for shard in 0..<jobs {
            let process = Process()
            let pipe = Pipe()
            process.executableURL = executable
            process.arguments = words + ["--shard", "\(shard)/\(jobs)"]
            process.standardOutput = pipe
            let inputPipe = input.map { _ in Pipe() }
            if let inputPipe { process.standardInput = inputPipe }
            do {
                try process.run()
            } catch {
                throw .parts("cannot start a shard process: \(error.localizedDescription)")
            }
            if let input, let inputPipe {
                // The shard reads all of its standard input before it runs, so this write ends.
                // A shard that died early closes its end: the write fails (SIGPIPE is ignored)
                // and its exit code says why.
                try? inputPipe.fileHandleForWriting.write(contentsOf: Data(input))
                try? inputPipe.fileHandleForWriting.close()
            }
            running.append((process, pipe))
        }
        var parts: [(bytes: [UInt8], file: String)] = []
        for (shard, job) in running.enumerated() {
            let data = job.pipe.fileHandleForReading.readDataToEndOfFile()
            job.process.waitUntilExit()
            guard job.process.terminationStatus == 0 else {
                throw .parts("shard \(shard)/\(jobs) failed with exit code \(job.process.terminationStatus)")
            }
            parts.append(([UInt8](data), "shard \(shard)/\(jobs)"))
        }
        return parts
    }
}

extension String {
    /// The text without one trailing newline.
    var dropLastNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
