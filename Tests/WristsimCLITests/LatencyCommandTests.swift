import Foundation
import Testing

/// `wristsim latency` and `wristsim watches`, run as a user would.
@Suite struct LatencyCommandTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func summary(_ arguments: [String]) throws -> [String: Double] {
        let result = try CLI.run(["latency"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try json(result.stdout)
        let summary = try #require(object["summary"] as? [String: Any])
        var values: [String: Double] = [:]
        for key in ["p50Ms", "p90Ms", "p99Ms", "maxMs"] { values[key] = (summary[key] as? NSNumber)?.doubleValue }
        return values
    }

    @Test func naiveOnTheSlowestWatchTakesFiveSeconds() throws {
        let figures = try summary([
            "Scenarios/latency-trip-slowest-naive.json", "--pipeline", "naive", "--watch", "series0-38mm",
        ])
        #expect((figures["p50Ms"] ?? 0) >= 5_000)
    }

    @Test func optimizedIsUnder100msOnEveryWatch() throws {
        let list = try CLI.run(["watches", "--json"])
        let models = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(models.count == 31)
        for model in models {
            let name = try #require(model["name"] as? String)
            let figures = try summary([
                "Scenarios/latency-trip-slowest-naive.json", "--pipeline", "optimized", "--watch", name,
            ])
            #expect((figures["p99Ms"] ?? .infinity) < 100, "\(name)")
        }
    }

    @Test func jsonHasSummaryTapsAndSteps() throws {
        let result = try CLI.run(["latency", "Scenarios/latency-burst.json", "--json"])
        let object = try json(result.stdout)
        #expect(object["schema"] as? String == "wristsim.latency/1")
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
            "Error: unknown pipeline 'fast'; expected one of: naive, optimized, instant"
        ),
        (
            ["latency", "Scenarios/latency-burst.json", "--watch", "series3-39mm"],
            "Error: unknown watch model 'series3-39mm'; expected one of: series0-38mm"
        ),
        (
            ["latency", "Scenarios/latency-burst.json", "--compare", "--pipeline", "naive"],
            "Error: --compare runs both presets"
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
        let models = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
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
