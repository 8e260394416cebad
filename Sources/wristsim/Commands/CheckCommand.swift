import ScenarioRunner
import SimulationKernel

/// `wristsim check [PATH...]`: runs every scenario as a test.
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "Run every scenario under the paths as a test: one line each, then N passed, N failed."
    static let usage = "wristsim check [PATH...] [--json] [--seed N]"
    static let help = """
        Runs every scenario file under the given files and folders (default: Scenarios/)
        as a test. Folders are searched recursively for *.json, skipping JSON Schema files
        (*.schema.json) and folders named "schema". Prints one line per scenario, then
        "N passed, N failed". An invalid file counts as failed.

        OPTIONS:
          --json        print JSON Lines: one {"type":"check",...} per scenario, then a total
          --seed N      run every scenario with seed N
          -h, --help    show this help

        EXIT CODES:
          0 all passed   1 a scenario failed   64 usage error   65 a file is missing or invalid
        """
    static let flags = ["json"]
    static let options = ["seed"]

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
        let seed = try arguments.seed(command: name)
        let json = arguments.has("json")
        let files: [String]
        do {
            files = try ScenarioLoader.scenarioFiles(
                under: arguments.positionals.isEmpty ? ["Scenarios"] : arguments.positionals)
        } catch {
            Console.error(error.description)
            return .invalidScenario
        }
        var passed = 0
        var failed = 0
        var exitCode = ExitCode.success
        let width = files.map(\.count).max() ?? 0
        for file in files {
            let padded = file + String(repeating: " ", count: width - file.count)
            do {
                let scenario = try ScenarioLoader.load(file)
                var simulation = ScenarioSimulation(scenario: scenario, seed: seed)
                let outcome = simulation.run()
                let failures =
                    outcome.failedExpectations.map { "line \($0.location.line): \($0.label): \($0.failure ?? "")" }
                    + outcome.invariantFailures
                if outcome.passed { passed += 1 } else { failed += 1 }
                if !outcome.passed { exitCode = max(exitCode, .expectationFailed) }
                if json {
                    var object = JSONObjectText()
                    object.add("type", .string("check"))
                    object.add("file", .string(file))
                    object.add("name", .string(scenario.name))
                    object.add("passed", .bool(outcome.passed))
                    object.add("expectations", .int(Int64(outcome.expectations.count)))
                    object.add("failures", .list(failures.map { .string($0) }))
                    Console.out(object.text)
                } else if outcome.passed {
                    Console.out("PASS  \(padded)  \(outcome.expectations.count) expectations")
                } else {
                    Console.out(
                        "FAIL  \(padded)  \(failures.first ?? "")"
                            + (failures.count > 1 ? " (+\(failures.count - 1) more)" : ""))
                }
            } catch {
                failed += 1
                exitCode = max(exitCode, .invalidScenario)
                Console.error(error.description)
                if json {
                    var object = JSONObjectText()
                    object.add("type", .string("check"))
                    object.add("file", .string(file))
                    object.add("passed", .bool(false))
                    object.add("failures", .list([.string(error.description)]))
                    Console.out(object.text)
                } else {
                    Console.out("FAIL  \(padded)  invalid scenario file: \(error.message)")
                }
            }
        }
        if json {
            var total = JSONObjectText()
            total.add("type", .string("total"))
            total.add("passed", .int(Int64(passed)))
            total.add("failed", .int(Int64(failed)))
            Console.out(total.text)
        } else {
            Console.out("\(passed) passed, \(failed) failed")
        }
        return exitCode
    }
}
