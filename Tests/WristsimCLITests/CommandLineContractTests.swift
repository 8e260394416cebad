import Foundation
import Testing

/// The command-line contract (DESIGN.md): exit codes, where messages go, help and version.
@Suite struct CommandLineContractTests {
    @Test func versionPrintsToStdoutAndExitsZero() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("wristsim "))
        #expect(result.stderr.isEmpty)
    }

    @Test(arguments: [["--help"], ["run", "--help"], ["check", "--help"], ["help", "run"]])
    func helpPrintsToStdoutAndExitsZero(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE:"))
        #expect(result.stderr.isEmpty)
    }

    @Test func unknownCommandIsAUsageError() throws {
        let result = try CLI.run(["rnu"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.contains(
                "Error: unknown command 'rnu'; expected one of: 'run', 'check', 'latency', 'watches', 'timeline', "
                    + "'reminders', 'report', 'sweep', 'explore', 'merge', 'calibrate' (did you mean 'run'?)"))
        #expect(result.stderr.contains("See 'wristsim --help'."))
    }

    @Test func noCommandIsAUsageError() throws {
        let result = try CLI.run([])
        #expect(result.status == 64)
        #expect(result.stderr.contains("USAGE: wristsim <command>"))
    }

    @Test func unknownOptionIsAUsageErrorWithASuggestion() throws {
        let result = try CLI.run(["run", "Scenarios/produce-trip.json", "--trcae"])
        #expect(result.status == 64)
        #expect(
            result.stderr.contains(
                "Error: unknown option '--trcae'; expected one of: '--trace', '--json', '--watch', '--seed', '--svg' "
                    + "(did you mean '--trace'?)"))
        #expect(result.stderr.contains("Usage: wristsim run FILE..."))
    }

    @Test(arguments: ["abc", "-1", "18446744073709551616", ""])
    func badSeedIsAUsageError(seed: String) throws {
        let result = try CLI.run(["run", "Scenarios/produce-trip.json", "--seed", seed])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--seed expects a whole number"))
    }

    /// Standard input named twice was read twice, the second time empty ("the file is empty");
    /// every command that takes several files now refuses it as a usage error, reading nothing.
    @Test(arguments: [
        ["run", "-", "-"], ["check", "-", "Scenarios/produce-trip.json", "-"], ["report", "-", "-", "-o", "x.html"],
        ["merge", "-", "-"], ["run", "-", "--", "-"],
    ])
    func standardInputNamedTwiceIsAUsageError(arguments: [String]) throws {
        let scenario = Array(
            try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Scenarios/produce-trip.json")))
        let result = try CLI.run(arguments, input: scenario)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("standard input ('-') is named twice"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func runWithoutAFileIsAUsageError() throws {
        let result = try CLI.run(["run"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("missing scenario file"))
    }

    @Test func missingFileExits65WithTheFileNamed() throws {
        let result = try CLI.run(["run", "Scenarios/does-not-exist.json"])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("Scenarios/does-not-exist.json: error: no such file"))
    }

    @Test func aShippedScenarioRunsAndPasses() throws {
        let result = try CLI.run(["run", "Scenarios/produce-trip.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("result  PASS"))
    }

    @Test func sameScenarioAndSeedGiveByteIdenticalOutput() throws {
        for arguments in [["--trace"], ["--trace", "--json"], ["--json", "--seed", "99"]] {
            let first = try CLI.run(["run", "Scenarios/produce-trip.json"] + arguments)
            let second = try CLI.run(["run", "Scenarios/produce-trip.json"] + arguments)
            #expect(first.status == 0)
            #expect(first.stdout == second.stdout, "\(arguments)")
            #expect(!first.stdout.isEmpty)
        }
    }

    @Test func jsonOutputIsOneValidObjectPerLine() throws {
        let result = try CLI.run(["run", "Scenarios/produce-trip.json", "--json", "--trace"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count > 3)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["type"] is String, "\(line)")
        }
        let last = try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any]
        #expect(last?["type"] as? String == "summary")
        #expect(last?["passed"] as? Bool == true)
    }

    @Test func aFailedExpectationExitsOne() throws {
        let scenario = """
            {"format": 1, "name": "wrong", "start": "2026-11-21T09:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}],
             "script": [{"at": "+1s", "do": "tap", "item": "kale"}],
             "expect": {"remaining": 1}}
            """
        let path = try CLI.temporaryFile(Array(scenario.utf8))
        let result = try CLI.run(["run", path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL"))
        #expect(result.stdout.contains("expected 1 remaining, found 0"))
    }

    @Test func invalidFileExits65WithALocatedMessage() throws {
        let text = """
            {"format": 1, "name": "x", "start": "2026-11-21T09:00:00Z",
              "items": [{"id": "kale", "title": "Kale"}], "script": [],
              "colour": 3}
            """
        let path = try CLI.temporaryFile(Array(text.utf8))
        let result = try CLI.run(["run", path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(path):3:3: error: unknown key \"colour\""))
        #expect(!result.stderr.contains("Fatal error"))
    }

    @Test func checkReportsEveryScenarioAndATotal() throws {
        let result = try CLI.run(["check", "Scenarios"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.last?.hasSuffix("passed, 0 failed, 0 invalid") == true)
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("PASS  ") })
    }

    @Test func checkCountsAnInvalidFileAsInvalidAndExits65() throws {
        let path = try CLI.temporaryFile(Array("{".utf8), name: "broken.json")
        let result = try CLI.run(["check", path])
        #expect(result.status == 65)
        #expect(result.stdout.hasPrefix("INVALID  \(path)  line 1, column 2: unexpected end of file"))
        #expect(result.stdout.hasSuffix("0 passed, 0 failed, 1 invalid\n"))
        #expect(result.stderr.contains("broken.json:1:2: error: unexpected end of file"))
    }
}
