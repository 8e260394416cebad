import Foundation
import Testing

/// `wristsim sweep` and `wristsim merge`, run as a user would.
@Suite struct SweepCommandTests {
    static let arguments = [
        "sweep", "Scenarios/produce-trip.json", "--seeds", "1..2", "--watch", "all", "--pipeline", "naive,optimized",
    ]

    /// The "done when": every watch × both pipelines, table and JSON, and 7 shards merged
    /// (given in a scrambled order) print the same JSON bytes as the unsharded sweep.
    @Test func allWatchesBothPipelinesShardedIntoSevenMergesToTheSameBytes() throws {
        let table = try CLI.run(SweepCommandTests.arguments)
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("runs      124 = 62 cells × seeds 1..2"), "\(table.stdout.prefix(400))")
        #expect(table.stdout.contains("ultra3-49mm"))
        let whole = try CLI.run(SweepCommandTests.arguments + ["--json"])
        #expect(whole.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(whole.stdout.utf8)) as? [String: Any]
        #expect(object?["schema"] as? String == "wristsim.sweep/2")
        #expect((object?["cells"] as? [[String: Any]])?.count == 62)
        var paths: [String] = []
        for shard in [4, 0, 6, 2, 1, 5, 3] {
            let part = try CLI.run(SweepCommandTests.arguments + ["--shard", "\(shard)/7"])
            #expect(part.status == 0, "\(part.stderr)")
            paths.append(try CLI.temporaryFile(Array(part.stdout.utf8), name: "part-\(shard).jsonl"))
        }
        let merged = try CLI.run(["merge"] + paths + ["--json"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == whole.stdout)
        let missing = try CLI.run(["merge"] + paths.dropLast())
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("the parts do not cover every run"), "\(missing.stderr)")
    }

    @Test func jobsRunShardsInParallelProcesses() throws {
        let arguments = ["sweep", "Scenarios/produce-trip.json", "--seeds", "1..6", "--json"]
        let single = try CLI.run(arguments)
        let parallel = try CLI.run(arguments + ["--jobs", "3"])
        #expect(parallel.status == 0, "\(parallel.stderr)")
        #expect(parallel.stdout == single.stdout)
    }

    @Test(arguments: [
        (["sweep", "Scenarios/produce-trip.json"], "Error: missing --seeds A..B"),
        (["sweep", "Scenarios/produce-trip.json", "--seeds", "5..1"], "Error: --seeds expects A..B"),
        (
            ["sweep", "Scenarios/produce-trip.json", "--seeds", "1..2", "--watch", "series9-39mm"],
            "Error: unknown watch"
        ),
        (
            ["sweep", "Scenarios/produce-trip.json", "--seeds", "1..2", "--shard", "7/7"],
            "Error: --shard K/7 expects K"
        ),
        (
            ["sweep", "Scenarios/produce-trip.json", "--seeds", "1..2", "--set", "jitter"],
            "Error: --set expects KEY=VALUE"
        ),
        (
            ["sweep", "Scenarios/produce-trip.json", "--seeds", "1..2", "--pipeline", "naive,optimized,naive"],
            "Error: --pipeline names 'naive' twice"
        ),
        (
            [
                "sweep", "Scenarios/produce-trip.json", "--seeds", "1", "--watch", "all", "--set",
                "pipeline.jitter=" + (0..<400).map { "0.\($0 + 1000)" }.joined(separator: ","),
            ],
            "Error: the sweep has more than 10000 cells"
        ),
        (["merge"], "Error: missing partial-result files"),
    ])
    func usageErrorsExit64(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    @Test func anInvalidSetValueIsAnInvalidScenario() throws {
        let result = try CLI.run([
            "sweep", "Scenarios/produce-trip.json", "--seeds", "1..2", "--set", "link.duplicateProbability=0.5,2",
        ])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(
                "with --set link.duplicateProbability=2: expected a number from 0.0 to 1.0, found 2"),
            "\(result.stderr)")
    }
}
