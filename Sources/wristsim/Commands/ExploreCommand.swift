import Foundation
import ScenarioRunner

/// `wristsim explore FILE --runs N`: swarm testing of a scenario against every invariant.
enum ExploreCommand: Command {
    static let name = "explore"
    static let summary = "Run a scenario under randomised fault schedules; shrink a failure to a reproduction."
    static let usage =
        "wristsim explore FILE --runs N [--seed S] [--output PATH] [--shard K/N|auto/N] [--jobs J] [--json]"
    static let help = """
        Swarm testing: every run draws its own fault mix from its seed (each kind on or off,
        then its parameters): windows with the phone out of range, link latency, duplicate
        deliveries, app kills and relaunches, session flaps, the wrist going down, phone app
        runs for the reminders. The scenario runs with those faults (its own expectations left
        out) and every invariant is checked: the phone's list ends equal to what the user did on
        the watch, every operation applied exactly once and in order per item, messages arrive
        in send order on each channel, at most 64 notifications pending, every reminder's badge
        equals the overdue count the phone app knew at its last refill, and no run crashes (if
        one does, its run number and seed are printed before the process dies).

        On a failure it prints the run's seed, shrinks the run (fewer faults, fewer steps,
        shorter windows) while it keeps failing the same way, and writes the result as a
        standalone scenario: 'wristsim run' on that file reproduces the failure byte for byte.

        ARGUMENTS:
          FILE             a scenario JSON file

        OPTIONS:
          --runs N         how many runs (1 to 100000000)
          --seed S         the exploration's seed (default: the scenario's "seed")
          --output PATH    where to write the reproduction (default: FILE's name + .repro-SEED.json,
                           in the current folder); a regular file or a new one (a FIFO, a
                           device or a folder is refused at once, exit 74)
          --shard K/N      explore only part K (0-based) of N and print it as JSON Lines
                           (schema wristsim.explore-part/1) for 'wristsim merge'
          --shard auto/N   take K from JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or
                           SLURM_ARRAY_TASK_ID (Slurm job array)
          --jobs J         run J shards in parallel processes on this machine, then merge
          --json           print the report as one JSON document (schema wristsim.explore/1);
                           the reproduction's path then goes to standard error
          -h, --help       show this help

        EXIT CODES:
          0 no invariant broken   1 an invariant broke (reproduction written)   64 usage error
          65 the scenario file is missing or invalid
          74 the reproduction or standard output could not be written

        EXAMPLES:
          wristsim explore Scenarios/weekly-shop.json --runs 20
          wristsim explore Scenarios/duplicating-link.json --runs 20 --seed 7 --jobs 2 --json
        """
    static let flags = ["json"]
    static let options = ["runs", "seed", "output", "shard", "jobs"]

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
        let path = try arguments.scenarioFile(command: name)
        guard let runsText = arguments.value("runs") else {
            throw UsageError(command: name, message: "missing --runs N")
        }
        guard let runs = UInt64(runsText), (1...100_000_000).contains(runs) else {
            throw UsageError(
                command: name,
                message: "--runs expects a whole number from 1 to 100000000; found \(ArgumentText.quoted(runsText))")
        }
        let seedOverride = try arguments.seed(command: name)
        do throws(SweepError) {
            let shard = try arguments.value("shard").map { (text) throws(SweepError) in
                try ShardSpec.parse(text, environment: ProcessInfo.processInfo.environment)
            }
            let jobs = try SweepCommand.parseJobs(arguments.value("jobs"))
            if shard != nil, jobs != nil { throw SweepError.usage("--jobs runs the shards itself; leave out --shard") }
            // The reproduction's path is checked before exploring: `--output`, or the default path
            // with the longest seed a run has (a shard writes no reproduction, so it checks only
            // `--output`).
            do throws(OutputFile.Failure) {
                if let output = arguments.value("output") {
                    try OutputFile(output).checkWritable()
                } else if shard == nil {
                    do {
                        try OutputFile(defaultOutput(path, seed: String(Int64.max))).checkWritable()
                    } catch {
                        throw OutputFile.Failure(path: defaultOutput(path, seed: "SEED"), reason: error.reason)
                    }
                }
            } catch {
                Console.error("Error: \(error.description)")
                return .ioError
            }
            let root: JSONNode
            let bytes: [UInt8]
            do {
                bytes = try ScenarioLoader.read(path)
                root = try JSONParser.parse(bytes, file: path)
            } catch {
                throw SweepError.scenario(error)
            }
            let explorer = try ExploreRunner(file: path, root: root, seed: seedOverride)
            let plan = explorer.plan(runs: runs)
            if let shard {
                ExploreCrashReport.install(file: path, seed: explorer.seed)
                let report = explorer.explore(
                    runs: plan.shard(shard.index, of: shard.count), of: plan, starting: ExploreCrashReport.starting)
                for line in report.partLines { Console.out(line) }
                return .success
            }
            let report: ExploreReport
            if let jobs, jobs > 1 {
                var merge = ExploreMerge()
                let input = path == InputFile.standardInput ? bytes : nil
                for part in try ParallelShards.run(jobs: jobs, input: input) {
                    try merge.add(part.bytes, file: part.file)
                }
                report = try merge.result()
            } else {
                ExploreCrashReport.install(file: path, seed: explorer.seed)
                report = explorer.explore(runs: 0..<runs, of: plan, starting: ExploreCrashReport.starting)
            }
            let json = arguments.has("json")
            Console.out(json ? report.json.pretty().dropLastNewline : report.text)
            guard let failure = report.firstFailure else { return .success }
            return reproduce(failure, explorer: explorer, path: path, output: arguments.value("output"), json: json)
        } catch {
            return try error.report(command: name)
        }
    }

    /// The reproduction's default path: the scenario file's name (without its extension) and
    /// `.repro-SEED.json`, in the current folder.
    static func defaultOutput(_ path: String, seed: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent + ".repro-\(seed).json"
    }

    /// Shrinks `failure`, prints what is left and writes the reproduction (its path to standard
    /// error under `--json`, so standard output stays one document).
    static func reproduce(
        _ failure: ExploreFailure, explorer: ExploreRunner, path: String, output: String?, json: Bool
    ) -> ExitCode {
        let repro = explorer.shrink(failure)
        let output = output ?? defaultOutput(path, seed: String(failure.seed))
        if !json {
            Console.out("")
            Console.out("FAIL run \(failure.run) seed \(failure.seed)")
            Console.out(
                "shrunk    \(repro.drawnFaults) → \(repro.faults.count) faults, \(repro.steps) → \(repro.stepsLeft) steps"
                    + shrinkingNote(repro))
            for fault in repro.faults { Console.out("  fault   \(fault.label)") }
            for line in repro.failures { Console.out(line) }
        }
        guard let file = repro.file else {
            Console.error("error: the reproduction has a number this version cannot write exactly; not written")
            return .expectationFailed
        }
        // Through the path, as every output file: a FIFO without a reader is refused at once
        // (exit 74), never waited on.
        do {
            try OutputFile(output).write(file)
        } catch {
            Console.error("Error: \(error.description)")
            return .ioError
        }
        let line = "repro     \(FileName.display(output))   (wristsim run \(FileName.display(output)))"
        if json { Console.error(line) } else { Console.out(line) }
        if json {
            switch repro.shrinking {
            case .notTried:
                Console.error("note: run \(repro.failure.run) was not shrunk: it stopped at its event limit")
            case .stoppedEarly:
                Console.error(
                    "note: shrinking stopped early after \(repro.runsSpent) runs and \(repro.eventsSpent) events "
                        + "(its budget): a smaller file may fail the same way")
            case .complete: break
            }
        }
        return .expectationFailed
    }

    /// What the text summary's `shrunk` line adds about how shrinking ended.
    static func shrinkingNote(_ repro: ExploreReproduction) -> String {
        switch repro.shrinking {
        case .complete: ""
        case .notTried: " (not tried: the run stopped at its event limit, and every smaller candidate would too)"
        case .stoppedEarly:
            " (stopped early after \(repro.runsSpent) runs and \(repro.eventsSpent) events: the shrink "
                + "budget is \(ExploreRunner.shrinkBudget) runs or \(ExploreRunner.shrinkEventBudget) events)"
        }
    }
}
