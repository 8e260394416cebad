import Foundation
import Testing

/// A usage error names the command that was run: its own usage line and its own `--help`, exit
/// 64, nothing on standard output. `explore` and `merge` printed sweep's usage for errors found
/// while reading their options (`explore … --shard 5/2` said `Usage: wristsim sweep …`).
@Suite struct CommandUsageErrorTests {
    @Test(arguments: [
        (["explore", "Scenarios/weekly-shop.json", "--runs", "1", "--shard", "5/2"], "explore", "--shard"),
        (["explore", "Scenarios/weekly-shop.json", "--runs", "1", "--jobs", "0"], "explore", "--jobs"),
        (
            ["explore", "Scenarios/weekly-shop.json", "--runs", "2", "--shard", "0/2", "--jobs", "2"], "explore",
            "--jobs"
        ),
        (["explore", "Scenarios/weekly-shop.json", "--runs", "1", "--shard", "auto/2"], "explore", "--shard"),
        (["sweep", "Scenarios/weekly-shop.json", "--seeds", "1..2", "--shard", "5/2"], "sweep", "--shard"),
        (["sweep", "Scenarios/weekly-shop.json", "--seeds", "2..1"], "sweep", "--seeds"),
        (["merge"], "merge", "missing partial-result files"),
        (["merge", "part.jsonl", "--shard", "1/2"], "merge", "--shard"),
    ])
    func aUsageErrorNamesItsOwnCommand(arguments: [String], command: String, mentions: String) throws {
        // `auto/N` must not find a batch system's index in the environment the tests run in.
        let environment = ProcessInfo.processInfo.environment.filter {
            !["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN"].contains($0.key)
        }
        let result = try CLI.run(arguments, environment: environment)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Error: ") == true && lines.first?.contains(mentions) == true, "\(lines)")
        let usage = try Self.usage(of: command)
        #expect(lines.filter { $0.hasPrefix("Usage: ") } == ["Usage: " + usage], "\(lines)")
        #expect(lines.last == "See 'wristsim \(command) --help'.", "\(lines)")
    }

    /// The usage line `wristsim COMMAND --help` prints.
    static func usage(of command: String) throws -> String {
        let help = try CLI.run([command, "--help"]).stdout
        let line = help.split(separator: "\n").first { $0.hasPrefix("USAGE: ") }
        return String(try #require(line).dropFirst("USAGE: ".count))
    }
}
