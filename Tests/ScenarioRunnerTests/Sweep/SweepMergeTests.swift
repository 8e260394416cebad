import SimulationKernel
import Testing

@testable import ScenarioRunner

/// `wristsim merge` trusts nothing in its parts: a merge gives exactly the single run's result or
/// refuses, naming the part.
@Suite struct SweepMergeTests {
    /// Four cells (2 watches × 2 pipelines) of 4 seeds each.
    func runner() throws -> SweepRunner {
        let root = try JSONParser.parse(Array(SweepTests.scenarioText.utf8), file: "s.json")
        let plan = try SweepPlan(
            file: "s.json", name: "sweep test", firstSeed: 1, lastSeed: 4, watches: ["series0-38mm", "series3-38mm"],
            pipelines: ["naive", "optimized"], settings: [])
        return try SweepRunner(plan: plan, root: root)
    }

    func merge(_ parts: [(lines: [String], file: String)]) throws(SweepError) -> SweepResult {
        var merge = SweepMerge()
        for part in parts { try merge.add(Array(part.lines.joined(separator: "\n").utf8), file: part.file) }
        return try merge.result()
    }

    func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    /// A shard killed while it wrote leaves its first lines: every prefix cut at a line boundary
    /// (but the whole) is refused, naming the part. It used to merge, its cells missing.
    @Test func aPartCutAtALineBoundaryIsRefusedNamingIt() throws {
        let runner = try runner()
        let first = try runner.run(runner.plan.shard(0, of: 2)).partLines
        let second = try runner.run(runner.plan.shard(1, of: 2)).partLines
        #expect(second.count == 3, "a plan record and two cells")
        let whole = try merge([(first, "part-0.jsonl"), (second, "part-1.jsonl")])
        #expect(whole.json == (try runner.run(0..<runner.plan.runCount)).json)
        for kept in 1..<second.count {
            let error = message {
                _ = try merge([(first, "part-0.jsonl"), (Array(second.prefix(kept)), "part-1.jsonl")])
            }
            #expect(error.hasPrefix("part-1.jsonl: error: the part covers runs of 2 cells"), "\(kept) lines: \(error)")
            #expect(error.contains("cut short"), "\(error)")
        }
    }

    /// A cell record of a cell whose runs the part does not cover (or counting more runs than the
    /// part covers of it) is refused at its line; it used to be added in.
    @Test func cellRecordsBeyondTheCoveredRunsAreRefused() throws {
        let runner = try runner()
        let first = try runner.run(runner.plan.shard(0, of: 2)).partLines
        let second = try runner.run(runner.plan.shard(1, of: 2)).partLines
        // Part 0's lines with part 1's last cell record appended: a cell part 0 does not cover.
        let error = message { _ = try merge([(first + [second[2]], "p0.jsonl"), (second, "p1.jsonl")]) }
        #expect(error.hasPrefix("p0.jsonl:4:"), "\(error)")
        #expect(error.contains("cell 3 counts 4 runs, but the part covers 0 of its runs"), "\(error)")
        // One run less covered than the cell record counts.
        var shortened = first
        shortened[0] = shortened[0].replacingOccurrences(of: "\"covered\":[[0,8]]", with: "\"covered\":[[0,7]]")
        #expect(shortened[0] != first[0])
        let counted = message { _ = try merge([(shortened, "p0.jsonl")]) }
        #expect(
            counted.hasPrefix("p0.jsonl:3:") && counted.contains("counts 4 runs, but the part covers 3"), "\(counted)")
        // A failing seed of a run the part does not cover.
        var seeds = first
        seeds[1] = seeds[1].replacingOccurrences(of: "\"failingSeeds\":[1,2,3,4]", with: "\"failingSeeds\":[1,2,3,9]")
        #expect(seeds[1] != first[1], "cell 0 fails every seed")
        #expect(message { _ = try merge([(seeds, "p0.jsonl")]) }.hasPrefix("p0.jsonl:2:"))
    }

    /// Counts that add past `Int.max` refuse the part that makes them; they used to trap.
    @Test func totalsThatOverflowAreRefusedNamingThePart() throws {
        let runner = try runner()
        var parts: [SweepPart] = []
        for range: Range<UInt64> in [0..<2, 2..<4] {
            var statistics = try runner.run(range).cells[0]
            statistics.lost = Int.max / 2 + 1
            parts.append(SweepPart(plan: runner.plan, covered: RunCoverage(range), cells: [(0, statistics)]))
        }
        var merge = SweepMerge()
        try merge.add(parts[0], file: "first.jsonl")
        let error = message { try merge.add(parts[1], file: "second.jsonl") }
        #expect(error.hasPrefix("second.jsonl: error: adding its cell 0 makes a count larger than"), "\(error)")
    }

    /// Cell records come ascending, as `--shard` writes them: a record given twice or out of order
    /// is refused at its line (out of order used to be read as it came).
    @Test func cellRecordsOutOfOrderOrTwiceAreRefused() throws {
        let runner = try runner()
        let lines = try runner.run(runner.plan.shard(1, of: 2)).partLines
        let swapped = message { _ = try merge([([lines[0], lines[2], lines[1]], "p.jsonl")]) }
        #expect(swapped.hasPrefix("p.jsonl:3:"), "\(swapped)")
        #expect(swapped.contains("cell 2 after cell 3; expected each cell once, ascending"), "\(swapped)")
        let twice = message { _ = try merge([(lines + [lines[2]], "p.jsonl")]) }
        #expect(twice.contains("p.jsonl:4:") && twice.contains("cell 3 after cell 3"), "\(twice)")
    }

    /// Two parts that count the same run are refused, naming both.
    @Test func overlappingPartsAreNamed() throws {
        let runner = try runner()
        let first = try runner.run(runner.plan.shard(0, of: 2)).partLines
        let error = message { _ = try merge([(first, "a.jsonl"), (first, "b.jsonl")]) }
        #expect(error.contains("a.jsonl") && error.contains("b.jsonl") && error.contains("overlap"), "\(error)")
    }

    /// A part holds only the cells it has records for, and the merge keeps one set of cells: a
    /// part of one cell of a 10,000-cell plan reads to one cell.
    @Test func aPartKeepsOnlyItsOwnCells() throws {
        let root = try JSONParser.parse(Array(SweepTests.scenarioText.utf8), file: "s.json")
        let plan = try SweepPlan(
            file: "s.json", name: "sweep test", firstSeed: 1, lastSeed: 1, watches: ["series3-38mm"],
            pipelines: [nil], settings: [SweepSetting(key: "name", values: (0..<10_000).map { "n\($0)" })])
        let runner = try SweepRunner(plan: plan, root: root)
        let lines = try runner.run(9_999..<10_000).partLines
        let part = try SweepPart.read(Array(lines.joined(separator: "\n").utf8), file: "p")
        #expect(part.cells.count == 1 && part.cells[0].index == 9_999)
    }

    /// Blank lines anywhere, leading ones too, are skipped.
    @Test func leadingBlankLinesAreFine() throws {
        let runner = try runner()
        let lines = try runner.run(0..<runner.plan.runCount).partLines
        let result = try merge([(["", "  ", "\r"] + lines + [""], "p")])
        #expect(result.missing.isEmpty)
    }
}
