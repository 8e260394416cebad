import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

@Suite struct SweepTests {
    /// One partial-result file read as a result of the whole plan (what `merge` of that part alone gives).
    static func part(_ bytes: [UInt8], file: String) throws(SweepError) -> SweepResult {
        var merge = SweepMerge()
        try merge.add(bytes, file: file)
        return try merge.result()
    }

    static let scenarioText = """
        {"format": 1, "name": "sweep test", "start": "2026-11-21T09:00:00Z", "watch": "series3-38mm",
         "pipeline": "naive",
         "items": [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}, {"id": "c", "title": "C"}],
         "script": [{"at": "+1s", "do": "tap", "item": "a"}, {"after": "6s", "do": "tap", "item": "b"},
                    {"after": "6s", "do": "tap", "item": "c"}],
         "expect": {"remaining": 0, "latencyP99Below": "3s"}}
        """

    func runner(
        seeds: ClosedRange<UInt64> = 1...12, watches: [String] = ["series0-38mm", "series3-38mm"],
        pipelines: [String?] = ["naive", "optimized"], settings: [SweepSetting] = []
    ) throws -> SweepRunner {
        let root = try JSONParser.parse(Array(SweepTests.scenarioText.utf8), file: "s.json")
        let plan = try SweepPlan(
            file: "s.json", name: "sweep test", firstSeed: seeds.lowerBound, lastSeed: seeds.upperBound,
            watches: watches, pipelines: pipelines, settings: settings)
        return try SweepRunner(plan: plan, root: root)
    }

    /// A runner handed the scenario its caller already decoded (to name the plan) runs what one
    /// that decodes the file itself runs, with and without `--set` values.
    @Test(arguments: [[], [SweepSetting(key: "pipeline.jitter", values: ["0", "0.3"])]])
    func runnerGivenTheDecodedScenarioRunsTheSame(settings: [SweepSetting]) throws {
        let root = try JSONParser.parse(Array(SweepTests.scenarioText.utf8), file: "s.json")
        let decoded = try ScenarioDecoder.decode(root: root, file: "s.json")
        let plan = try SweepPlan(
            file: "s.json", name: decoded.name, firstSeed: 1, lastSeed: 4, watches: ["series3-38mm"],
            pipelines: [nil], settings: settings)
        let given = try SweepRunner(plan: plan, root: root, decoded: decoded).run(0..<plan.runCount)
        let own = try SweepRunner(plan: plan, root: root).run(0..<plan.runCount)
        #expect(given.json.pretty() == own.json.pretty())
        #expect(given.cells.allSatisfy { $0.runs == 4 })
    }

    @Test func shardsCoverEveryRunExactlyOnce() throws {
        let plan = try runner().plan
        for count in [1, 2, 3, 7, 48, 49, 100] {
            var next: UInt64 = 0
            for index in 0..<count {
                let range = plan.shard(index, of: count)
                #expect(range.lowerBound == next, "\(index)/\(count)")
                next = range.upperBound
            }
            #expect(next == plan.runCount, "\(count) shards")
        }
    }

    /// The issue's proof: any split into shards, merged in any order, renders the same bytes as one run.
    @Test func anySplitMergedInAnyOrderGivesTheSameBytes() throws {
        let runner = try runner(seeds: 1...5, settings: [SweepSetting(key: "pipeline.jitter", values: ["0", "0.3"])])
        let whole = try runner.run(0..<runner.plan.runCount)
        let expected = whole.json.pretty()
        #expect(whole.missing.isEmpty)
        // Each run on its own once; a shard is then the merge of its runs (runner.run of a range is
        // checked against the whole above, and a 3-way split below).
        let singles = try (0..<runner.plan.runCount).map { try runner.run($0..<$0 + 1) }
        var rng = SplitMix64(seed: 2026)
        for trial in 0..<10 {
            let count = 1 + Int(rng.next() % 9)
            var parts = try (0..<count).map { index in
                let range = runner.plan.shard(index, of: count)
                var part = SweepResult(
                    plan: runner.plan, covered: RunCoverage(), cells: whole.cells.map { _ in .init() })
                for run in range { part = try part.merging(singles[Int(run)]) }
                return part
            }
            parts.shuffle(using: &rng)
            // Through the JSON Lines form, as `wristsim merge` reads them.
            let reread = try parts.map {
                try SweepTests.part(Array($0.partLines.joined(separator: "\n").utf8), file: "p")
            }
            var merged = reread[0]
            for part in reread.dropFirst() { merged = try merged.merging(part) }
            #expect(merged.json.pretty() == expected, "trial \(trial): \(count) shards")
            #expect(merged.text == whole.text, "trial \(trial)")
        }
        let thirds = try (0..<3).map { try runner.run(runner.plan.shard($0, of: 3)) }
        #expect(try thirds[2].merging(thirds[0]).merging(thirds[1]).json.pretty() == expected)
        // A tree of merges: ((0+1)+(2+3)) equals (((0+1)+2)+3).
        let quarters = try (0..<4).map { try runner.run(runner.plan.shard($0, of: 4)) }
        let tree = try (try quarters[0].merging(quarters[1])).merging(try quarters[2].merging(quarters[3]))
        #expect(tree.json.pretty() == expected)
    }

    /// A range with no run of the plan (an empty shard: more shards than runs, or past the end)
    /// runs nothing and covers nothing; merged with the whole, it changes nothing.
    @Test func aRangeWithoutRunsRunsNothing() throws {
        let runner = try runner(seeds: 1...3)
        let whole = try runner.run(0..<runner.plan.runCount)
        for range in [UInt64(5)..<5, runner.plan.runCount..<runner.plan.runCount + 4] {
            let empty = try runner.run(range)
            #expect(empty.missing == [0..<runner.plan.runCount], "\(range)")
            #expect(empty.cells.allSatisfy { $0.runs == 0 }, "\(range)")
            #expect(try whole.merging(empty).json.pretty() == whole.json.pretty(), "\(range)")
        }
    }

    @Test func overlappingOrForeignPartsAreRejected() throws {
        let runner = try runner()
        let part = try runner.run(runner.plan.shard(0, of: 3))
        #expect(throws: SweepError.self) { try part.merging(part) }
        let other = try self.runner(seeds: 1...13)
        #expect(throws: SweepError.self) { try part.merging(other.run(0..<5)) }
        let incomplete = try part.merging(try runner.run(runner.plan.shard(2, of: 3)))
        #expect(incomplete.missing == [runner.plan.shard(1, of: 3)])
    }

    @Test func cellsReportLatencyPassRateAndFailingSeeds() throws {
        let result = try runner(seeds: 1...6).run(0..<24)
        let cells = result.plan.cells
        #expect(cells.map(\.watch) == ["series0-38mm", "series0-38mm", "series3-38mm", "series3-38mm"])
        #expect(cells.map(\.pipeline) == ["naive", "optimized", "naive", "optimized"])
        // The naive handler takes 5.2 s on the original watch: p99 < 3 s fails every run; the optimized one passes.
        #expect(result.cells[0].passed == 0 && result.cells[0].failingSeeds == [1, 2, 3, 4, 5, 6])
        #expect(result.cells[1].passed == 6)
        #expect(result.cells[0].pooled.total == 18)
        #expect((result.cells[0].runP50.percentile(50) ?? .zero) > .seconds(4))
        #expect((result.cells[3].pooled.percentile(99) ?? .seconds(1)) < .milliseconds(100))
        let json = result.json
        #expect(json.objectValue?["schema"] == "wristsim.sweep/2")
        guard case .array(let jsonCells)? = json.objectValue?["cells"] else {
            Issue.record("cells is not an array"); return
        }
        #expect(jsonCells.count == 4)
        #expect(result.text.contains("series0-38mm  naive"))
    }

    @Test func settingsEditTheScenarioAndBadValuesNameTheSetting() throws {
        let setting = try SweepSetting.parse("pipeline.jitter=0,{\"spread\": 0.5, \"pause\": \"1s\"},0.1")
        #expect(setting.values == ["0", "{\"spread\": 0.5, \"pause\": \"1s\"}", "0.1"])
        let runner = try runner(watches: ["series3-38mm"], pipelines: [nil], settings: [setting])
        let scenarios = try (0..<runner.plan.cellCount).map { try runner.scenario(ofCell: $0) }
        #expect(scenarios.map { $0.sections.pipeline?.jitter.spread } == [0, 0.5, 0.1])
        #expect(scenarios.allSatisfy { $0.sections.pipeline?.pipeline.name == "naive" }, "the preset is kept")
        do {
            _ = try self.runner(settings: [SweepSetting(key: "pipeline.jitter", values: ["7"])])
            Issue.record("expected an error")
        } catch {
            #expect(
                "\(error)"
                    == "s.json: error: at $.pipeline.jitter: with --set pipeline.jitter=7: expected a number from 0.0 to 2.0, found 7"
            )
        }
        #expect(throws: SweepError.self) { try SweepSetting.parse("pipeline.jitter") }
        #expect(throws: SweepError.self) { try SweepSetting.parse("seed=1,2") }
        #expect(throws: SweepError.self) { try SweepSetting.parse("a..b=1") }
        #expect(throws: SweepError.self) {
            try self.runner(settings: [SweepSetting(key: "name.x", values: ["1"])])
        }
    }

    /// A `--set` value that is an object or array keeps its place in the scenario: an error
    /// inside it names the path from the scenario's root. `--set pipeline.jitter={"spread":7}`
    /// was reported at `$.spread`, a key the scenario has nowhere (an adversarial round of #33).
    @Test func anErrorInsideAnObjectValueNamesItsPathFromTheRoot() throws {
        do {
            _ = try self.runner(settings: [SweepSetting(key: "pipeline.jitter", values: ["{\"spread\": 7}"])])
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("at $.pipeline.jitter.spread:"), "\(error)")
        }
        let root = try JSONParser.parse(Array("{\"a\": {}}".utf8), file: "s.json")
        let assigned = try SweepSetting.assigning("{\"b\": [1, {\"c\": 2}]}", at: "a.x", in: root)
        guard case .object(let top) = assigned.value, case .object(let a) = top[0].value.value,
            case .object(let x) = a[0].value.value, case .array(let b) = x[0].value.value,
            case .object(let last) = b[1].value
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect(b[1].path == "$.a.x.b[1]")
        #expect(last[0].value.path == "$.a.x.b[1].c")
        // Every node of the value is at the place it fills in the file (`"a"`'s object, which gets the new `"x"`).
        #expect(last[0].value.location == top[0].value.location && last[0].keyLocation == top[0].value.location)
    }

    @Test func shardSpecsReadTheBatchSystemsIndex() throws {
        #expect(try ShardSpec.parse("3/7", environment: [:]) == ShardSpec(index: 3, count: 7))
        #expect(try ShardSpec.parse("auto/1000", environment: ["JOB_COMPLETION_INDEX": "999"]).index == 999)
        #expect(
            try ShardSpec.parse("auto/10", environment: ["SLURM_ARRAY_TASK_ID": "10", "SLURM_ARRAY_TASK_MIN": "1"])
                .index == 9)
        for bad in ["7/7", "-1/3", "a/3", "3", "1/0", "auto/5"] {
            #expect(throws: SweepError.self, "\(bad)") { try ShardSpec.parse(bad, environment: [:]) }
        }
        #expect(throws: SweepError.self) { try ShardSpec.parse("auto/5", environment: ["JOB_COMPLETION_INDEX": "5"]) }
    }

    @Test func malformedPartsAreLocatedErrors() throws {
        let runner = try runner()
        var lines = try runner.run(0..<10).partLines
        lines[1] = lines[1].replacingOccurrences(of: "\"runs\":", with: "\"rnus\":")
        do {
            _ = try SweepTests.part(Array(lines.joined(separator: "\n").utf8), file: "p.jsonl")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".hasPrefix("p.jsonl:2:"), "\(error)")
        }
        #expect(throws: SweepError.self) { try SweepTests.part(Array("{}".utf8), file: "p") }
        #expect(throws: SweepError.self) { try SweepTests.part([], file: "p") }
    }
    /// Two spellings of one value (`0.1`/`0.10`, `1`/`1E0`, `0`/`-0`, a word and its quoted string,
    /// an object's members reordered) are one value named twice: refused, naming both spellings.
    @Test(arguments: [
        (["0.1", "0.10"], "'0.1' twice (as '0.10')"),
        (["1", "0.5", "1E0"], "'1' twice (as '1E0')"),
        (["0", "-0"], "'0' twice (as '-0')"),
        (["2.50e1", "25"], "'2.50e1' twice (as '25')"),
        (["naive", "\"naive\""], "'naive' twice (as '\"naive\"')"),
        (["{\"a\":1,\"b\":[2]}", "{ \"b\": [2.0], \"a\": 1 }"], "'{\"a\":1,\"b\":[2]}' twice"),
    ])
    func oneValueSpelledTwiceIsAUsageError(values: [String], named: String) {
        do {
            _ = try SweepPlan(
                file: "s.json", name: "n", firstSeed: 1, lastSeed: 1, watches: ["series0-38mm"], pipelines: [nil],
                settings: [SweepSetting(key: "pipeline.jitter", values: values)])
            Issue.record("expected a usage error for \(values)")
        } catch {
            #expect("\(error)".contains("--set pipeline.jitter lists \(named)"), "\(error)")
        }
    }

    /// Values that differ, however close their spellings, are each one cell.
    @Test func distinctValuesAreNotDuplicates() throws {
        let values = ["0.1", "0.01", "1e1", "10.5", "-1", "1", "\"1\"", "[1,2]", "[2,1]", "1e99999999999999999999"]
        let plan = try SweepPlan(
            file: "s.json", name: "n", firstSeed: 1, lastSeed: 1, watches: ["series0-38mm"], pipelines: [nil],
            settings: [SweepSetting(key: "pipeline.jitter", values: values)])
        #expect(plan.cellCount == values.count)
    }

    /// A name given twice would only run the same cells again: the plan refuses it, naming it.
    @Test func namesGivenTwiceAreUsageErrors() throws {
        let cases: [(watches: [String], pipelines: [String?], settings: [SweepSetting], message: String)] = [
            (
                ["series0-38mm", "series0-38mm"], [nil], [],
                "--watch names 'series0-38mm' twice; each of its cells would run twice"
            ),
            (
                ["series0-38mm"], ["naive", "naive"], [],
                "--pipeline names 'naive' twice; each of its cells would run twice"
            ),
            (
                ["series0-38mm"], [nil], [SweepSetting(key: "pipeline.jitter", values: ["0.1", "0.2", "0.1"])],
                "--set pipeline.jitter lists '0.1' twice; each of its cells would run twice"
            ),
            (
                ["series0-38mm"], [nil],
                [
                    SweepSetting(key: "pipeline.jitter", values: ["0.1"]),
                    SweepSetting(key: "pipeline.jitter", values: ["0.2"]),
                ],
                "--set gives 'pipeline.jitter' twice; give its values once, comma-separated (--set pipeline.jitter=A,B)"
            ),
        ]
        for (watches, pipelines, settings, message) in cases {
            #expect(throws: SweepError.usage(message)) {
                try SweepPlan(
                    file: "s.json", name: "n", firstSeed: 1, lastSeed: 1, watches: watches, pipelines: pipelines,
                    settings: settings)
            }
        }
    }

    /// More cells than ``SweepPlan/maximumCells`` is a usage error found from the counts alone,
    /// before any cell is listed: here 10⁹ cells, and a product that overflows 64 bits.
    @Test func tooManyCellsAreRefusedBeforeAnyIsListed() throws {
        let thousand = (0..<1000).map { "\($0)" }
        let settings = ["pipeline.jitter", "link.duplicateProbability", "seed2"].map {
            SweepSetting(key: $0, values: thousand)
        }
        let overflowing = (0..<20).map { SweepSetting(key: "k\($0)", values: (0..<10).map(String.init)) }
        for settings in [settings, overflowing] {
            do {
                _ = try SweepPlan(
                    file: "s.json", name: "n", firstSeed: 1, lastSeed: 1, watches: ["series0-38mm"], pipelines: [nil],
                    settings: settings)
                Issue.record("expected a usage error")
            } catch {
                #expect("\(error)".hasPrefix("the sweep has more than 10000 cells"), "\(error)")
            }
        }
        let atLimit = try SweepPlan(
            file: "s.json", name: "n", firstSeed: 1, lastSeed: 1, watches: ["series0-38mm"], pipelines: [nil],
            settings: [SweepSetting(key: "pipeline.jitter", values: (0..<SweepPlan.maximumCells).map { "\($0)" })])
        #expect(atLimit.cellCount == SweepPlan.maximumCells)
    }

    /// A part file whose plan has too many cells is refused when read, before its cells are
    /// made room for.
    @Test func aPartWithTooManyCellsIsRefused() throws {
        var lines = try runner().run(0..<1).partLines
        let values = (0..<200).map { "\"\($0)\"" }.joined(separator: ",")
        lines[0] = lines[0].replacingOccurrences(
            of: "\"settings\":[]",
            with: "\"settings\":[{\"key\":\"a\",\"values\":[\(values)]},{\"key\":\"b\",\"values\":[\(values)]}]")
        #expect(lines[0].contains("\"key\":\"b\""), "the plan record was edited")
        do {
            _ = try SweepTests.part(Array(lines.joined(separator: "\n").utf8), file: "p.jsonl")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".hasPrefix("p.jsonl:1:"), "\(error)")
            #expect("\(error)".contains("more than 10000 cells"), "\(error)")
        }
    }

    /// A run's latencies are counted sorted once, equal ones together: the statistics are those
    /// of counting each latency alone, and the run's p50 and p99 of its sorted latencies.
    @Test func aRunsLatenciesCountAsEachAlone() throws {
        var observation = try runner(seeds: 1...1).observe(cell: 0, seed: 1)
        let latencies: [SimDuration] =
            [35, 17, 35, 50, 17, 17, 120, 35, 1, 35].map { .milliseconds($0) }
            + [.nanoseconds(1_500), .nanoseconds(1_999), .nanoseconds(-3), .zero]
        observation.end.latencies = latencies
        var together = SweepCellStatistics()
        together.add(observation)
        observation.end.latencies = []
        var alone = SweepCellStatistics()
        alone.add(observation)
        for latency in latencies { alone.pooled.add(latency) }
        let sorted = latencies.sorted()
        alone.runP50.add(sorted[LatencyStatistics.nearestRank(percent: 50, count: sorted.count) - 1])
        alone.runP99.add(sorted[LatencyStatistics.nearestRank(percent: 99, count: sorted.count) - 1])
        #expect(together == alone)
        #expect(together.pooled.total == latencies.count)
    }

    /// Cells made one at a time as their runs begin (sharing one decoding per combination of
    /// settings) give what a fresh world of each cell's own scenario gives, in every shard.
    @Test func cellsMadeAsTheirRunsBeginMatchFreshWorlds() throws {
        let runner = try runner(
            seeds: 1...3, settings: [SweepSetting(key: "pipeline.jitter", values: ["0", "0.3", "0.6"])])
        #expect(runner.plan.cellCount == 12)
        var cells = Array(repeating: SweepCellStatistics(), count: runner.plan.cellCount)
        for run in 0..<runner.plan.runCount {
            let (cell, seed) = runner.plan.locate(run: run)
            cells[cell].add(try runner.observe(cell: cell, seed: seed))
        }
        let fresh = SweepResult(plan: runner.plan, covered: RunCoverage(0..<runner.plan.runCount), cells: cells)
        var sharded = try runner.run(runner.plan.shard(0, of: 5))
        for index in 1..<5 { sharded = try sharded.merging(try runner.run(runner.plan.shard(index, of: 5))) }
        #expect(sharded.json == fresh.json)
        let scenario = try runner.scenario(ofCell: 10)  // watch 1 × 6 + pipeline 1 × 3 + value 1
        #expect(scenario.watch == "series3-38mm")
        #expect(scenario.sections.pipeline?.pipeline.name == "optimized")
        #expect(scenario.sections.pipeline?.jitter.spread == 0.3)
    }
}

extension SweepRunner {
    /// The scenario cell `cell` runs, its variant decoded afresh unless it is the first.
    func scenario(ofCell cell: Int) throws(SweepError) -> Scenario {
        var decoded = (combination: 0, scenario: firstVariant)
        return try scenario(ofCell: cell, reusing: &decoded)
    }

    /// One run of cell `cell` with `seed` in a fresh world of the cell's own scenario (what a
    /// sweep's shared, restarted world must match).
    func observe(cell: Int, seed: UInt64) throws -> SweepObservation {
        var simulation = ScenarioSimulation(
            prepared: PreparedScenario(try scenario(ofCell: cell)), seed: seed, trace: .off)
        return SweepRunner.observe(&simulation)
    }
}

extension SweepResult {
    /// Both results added up as `wristsim merge` adds parts (``SweepMerge``).
    fileprivate func merging(_ other: SweepResult) throws(SweepError) -> SweepResult {
        var merge = SweepMerge()
        for result in [self, other] {
            let cells = result.cells.enumerated().filter { $0.element.runs > 0 }.map { ($0.offset, $0.element) }
            try merge.add(SweepPart(plan: result.plan, covered: result.covered, cells: cells), file: "part")
        }
        return try merge.result()
    }
}
