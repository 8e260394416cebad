import Foundation
import Testing

/// `wristsim latency` and `wristsim watches`, run as a user would.
@Suite struct LatencyCommandTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The runs of `wristsim latency ARGUMENTS --json` (one per pipeline × watch).
    func runs(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try CLI.run(["latency"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try json(result.stdout)["runs"] as? [[String: Any]])
    }

    func summary(_ run: [String: Any]) throws -> [String: Double] {
        let summary = try #require(run["summary"] as? [String: Any])
        var values: [String: Double] = [:]
        for key in ["p50Ms", "p90Ms", "p99Ms", "maxMs"] { values[key] = (summary[key] as? NSNumber)?.doubleValue }
        return values
    }

    func summary(_ arguments: [String]) throws -> [String: Double] {
        try summary(try #require(try runs(arguments).first))
    }

    @Test func naiveOnTheSlowestWatchTakesFiveSeconds() throws {
        let figures = try summary([
            "Scenarios/latency-trip-slowest-naive.json", "--pipeline", "naive", "--watch", "series0-38mm",
        ])
        #expect((figures["p50Ms"] ?? 0) >= 5_000)
    }

    @Test func optimizedIsUnder100msOnEveryWatch() throws {
        let list = try CLI.run(["watches", "--json"])
        let models = try #require(try json(list.stdout)["watches"] as? [[String: Any]])
        #expect(models.count == 31)
        let names = models.compactMap { $0["name"] as? String }
        // One process compares every model side by side (--watch is repeatable).
        let runs = try runs(
            ["Scenarios/latency-trip-slowest-naive.json", "--pipeline", "optimized"]
                + names.flatMap { ["--watch", $0] })
        #expect(runs.count == 31)
        for (name, run) in zip(names, runs) {
            #expect((run["watch"] as? [String: Any])?["name"] as? String == name)
            #expect((try summary(run)["p99Ms"] ?? .infinity) < 100, "\(name)")
        }
    }

    @Test func jsonHasSummaryTapsAndSteps() throws {
        let result = try CLI.run(["latency", "Scenarios/latency-burst.json", "--json"])
        let document = try json(result.stdout)
        #expect(document["schema"] as? String == "wristsim.latency/2")
        let object = try #require((document["runs"] as? [[String: Any]])?.first)
        let taps = try #require(object["taps"] as? [[String: Any]])
        #expect(taps.count == 5)
        #expect(taps.map { ($0["queuedMs"] as? NSNumber)?.doubleValue ?? -1 }.first == 0)
        #expect((taps.last?["queuedMs"] as? NSNumber)?.doubleValue ?? 0 > 9_000, "the last tap of the burst queues")
        let steps = try #require(object["steps"] as? [[String: Any]])
        #expect(
            steps.map { $0["name"] as? String } == [
                "updateSortingDatabase", "updateTableModel", "removeRow", "sendMessageToPhone", "playHaptic",
                "updateRemainingCount", "hidePlaceholder", "updateComplication",
            ])
        #expect(steps.allSatisfy { $0["queue"] as? String == "main" && $0["totalMs"] is NSNumber })
    }

    @Test func compareShowsBothPresetsAndWritesAnSVG() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wristsim-\(UUID().uuidString).svg")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try CLI.run(["latency", "Scenarios/latency-trip-slowest-naive.json", "--compare", "--svg", path])
        #expect(result.status == 0)
        let header = result.stdout.split(separator: "\n").prefix(8).joined(separator: "\n")
        #expect(header.contains("naive") && header.contains("optimized"))
        #expect(result.stdout.contains("pipeline  naive:") && result.stdout.contains("pipeline  optimized:"))
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
        let again = try CLI.run(["latency", "Scenarios/latency-trip-slowest-naive.json", "--compare", "--svg", path])
        #expect(again.stdout == result.stdout)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == svg, "byte-identical SVG")
    }

    @Test(arguments: [
        (["latency"], "Error: missing scenario file"),
        (
            ["latency", "Scenarios/latency-burst.json", "--pipeline", "fast"],
            "Error: unknown pipeline 'fast'; expected one of: 'naive', 'optimized', 'instant'\n"
        ),
        (
            ["latency", "Scenarios/latency-burst.json", "--watch", "series3-39mm"],
            "Error: unknown watch model 'series3-39mm'; expected one of the 31 models 'wristsim watches' lists "
                + "(did you mean 'series3-38mm'?)"
        ),
        (
            ["latency", "Scenarios/latency-burst.json", "--compare", "--pipeline", "naive"],
            "Error: --compare runs both presets"
        ),
        (
            ["latency", "Scenarios/latency-burst.json", "--pipeline", "optimised"],
            "Error: unknown pipeline 'optimised'; expected one of: 'naive', 'optimized', 'instant' "
                + "(did you mean 'optimized'?)"
        ),
        (["watches", "--row-height", "0"], "Error: --row-height expects a number of points from 1 to 500, found '0'"),
    ])
    func usageErrorsExit64(_ arguments: [String], _ message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func missingScenarioExits65() throws {
        let result = try CLI.run(["latency", "Scenarios/nope.json"])
        #expect(result.status == 65)
    }

    @Test func watchesListsEveryModelWithItsRows() throws {
        let result = try CLI.run(["watches", "--json"])
        let models = try #require(try json(result.stdout)["watches"] as? [[String: Any]])
        let byName = Dictionary(
            uniqueKeysWithValues: models.compactMap { model in (model["name"] as? String).map { ($0, model) } })
        let small = try #require(byName["series3-38mm"])
        #expect(
            small["widthPt"] as? Int == 136 && small["heightPt"] as? Int == 170 && small["rowsVisible"] as? Int == 2)
        #expect(small["chip"] as? String == "S3" && small["cores"] as? Int == 2)
        let original = try #require(byName["series0-38mm"])
        #expect((original["relativeSpeed"] as? NSNumber)?.doubleValue == 1.0 && original["cores"] as? Int == 1)
        #expect(byName["ultra3-49mm"]?["rowsVisible"] as? Int == 3)
        let text = try CLI.run(["watches"])
        #expect(text.stdout.contains("series0-38mm") && text.stdout.contains("ultra3-49mm"))
        let tall = try CLI.run(["watches", "--row-height", "56", "--json"])
        #expect(tall.stdout.contains("\"rowsVisible\":2"))
    }

    @Test func shippedScenariosPass() throws {
        let result = try CLI.run(["check", "Scenarios"])
        #expect(result.status == 0, "\(result.stdout)")
    }
}
