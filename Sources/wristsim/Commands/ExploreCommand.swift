import Foundation
import ScenarioRunner

/// `wristsim explore FILE --runs N`: swarm testing of a scenario against every invariant.
enum ExploreCommand: Command {
    static let name = "explore"
    static let summary = "Run a scenario under randomised fault schedules; shrink a failure to a reproduction."
    static let usage = "wristsim explore FILE --runs N [--seed S] [--output PATH]"
    static let help = """
        Swarm testing: every run draws its own fault mix from its seed (each kind on or off,
        then its parameters): windows with the phone out of range, link latency, duplicate
        deliveries, app kills and relaunches, session flaps, the wrist going down, phone app
        runs for the reminders. The scenario runs with those faults (its own expectations left
        out) and every invariant is checked: the phone's list ends equal to what the user did on
        the watch, every operation applied exactly once and in order per item, at most 64
        notifications pending.

        On a failure it prints the run's seed, shrinks the run (fewer faults, fewer steps,
        shorter windows) while it keeps failing the same way, and writes the result as a
        standalone scenario: 'wristsim run' on that file reproduces the failure byte for byte.

        ARGUMENTS:
          FILE             a scenario JSON file

        OPTIONS:
          --runs N         how many runs (1 to 100000000)
          --seed S         the exploration's seed (default: the scenario's "seed")
          --output PATH    where to write the reproduction (default: FILE's name + .repro-SEED.json,
                           in the current folder)
          -h, --help       show this help

        EXIT CODES:
          0 no invariant broken   1 an invariant broke (reproduction written)   64 usage error
          65 the scenario file is missing or invalid
          74 the reproduction or standard output could not be written

        EXAMPLES:
          wristsim explore Scenarios/weekly-shop.json --runs 100000
          wristsim explore Scenarios/duplicating-link.json --runs 5000 --seed 7 --output repro.json
        """
    static let flags: [String] = []
    static let options = ["runs", "seed", "output"]

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError(
                command: name,
                message: arguments.positionals.isEmpty
                    ? "missing scenario file" : "expected one scenario file, found \(arguments.positionals.count)")
        }
        guard let runsText = arguments.value("runs") else {
            throw UsageError(command: name, message: "missing --runs N")
        }
        guard let runs = UInt64(runsText), (1...100_000_000).contains(runs) else {
            throw UsageError(
                command: name, message: "--runs expects a whole number from 1 to 100000000; found '\(runsText)'")
        }
        let seedOverride = try arguments.seed(command: name)
        do throws(SweepError) {
            let root: JSONNode
            do {
                root = try JSONParser.parse(try ScenarioLoader.read(path), file: path)
            } catch {
                throw SweepError.scenario(error)
            }
            var explorer = try ExploreRunner(file: path, root: root, seed: seedOverride ?? 0)
            if seedOverride == nil {
                explorer = try ExploreRunner(file: path, root: root, seed: explorer.scenario.seed)
            }
            let report = explorer.explore(runs: 0..<runs)
            Console.out(report.text(file: path, seed: explorer.seed))
            guard let failure = report.firstFailure else { return .success }
            let repro = explorer.shrink(failure)
            let output =
                arguments.value("output")
                ?? (URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent + ".repro-\(failure.seed).json")
            Console.out("")
            Console.out("FAIL run \(failure.run) seed \(failure.seed)")
            Console.out(
                "shrunk    \(repro.drawnFaults) → \(repro.faults.count) faults, \(repro.steps) → \(repro.stepsLeft) steps"
            )
            for fault in repro.faults { Console.out("  fault   \(fault.label)") }
            for line in repro.failures { Console.out(line) }
            guard let file = repro.file else {
                Console.error("error: the reproduction has a number this version cannot write exactly; not written")
                return .expectationFailed
            }
            do {
                try Data(file.utf8).write(to: URL(fileURLWithPath: output))
            } catch {
                Console.error("\(output): error: cannot write the reproduction: \(error.localizedDescription)")
                return .ioError
            }
            Console.out("repro     \(output)   (wristsim run \(output))")
            return .expectationFailed
        } catch {
            return SweepCommand.report(error)
        }
    }
}
