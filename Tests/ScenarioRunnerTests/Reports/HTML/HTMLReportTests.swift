import CompanionModel
import Foundation
import ScenarioRunner
import SimulationKernel
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct HTMLReportTests {
    /// The package root (five levels above this file).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func shipped(_ name: String) -> String { root.appendingPathComponent("Scenarios/\(name).json").path }

    static let files = [
        "latency-trip-slowest-naive", "basement-aisle-no-signal", "complication-budget-exhausted", "reminders-weekday",
    ].map(shipped)

    /// The whole page of `scenarios`, made in memory: the head, each scenario's part, the tail.
    static func document(of scenarios: [ScenarioReportData]) -> String {
        var report = HTMLReport()
        let parts = scenarios.map { report.add($0) }
        return report.head + parts.joined() + HTMLReport.tail
    }

    private func page(_ files: [String], tap: Int? = nil) throws -> String {
        let scenarios = try files.map { file in
            try ScenarioReportData.extract(try ScenarioLoader.load(file), tap: tap)
        }
        return Self.document(of: scenarios)
    }

    /// Issue #33 item 9: a page of many scenarios holds one scenario's pictures at a time. The
    /// report keeps only the title and an index row per scenario added (no scenario data, no
    /// parts), and its parts between the head and the tail are the whole page.
    @Test func aReportKeepsIndexRowsNotScenariosOrParts() throws {
        let scenarios = try Self.files.map { try ScenarioReportData.extract(try ScenarioLoader.load($0)) }
        var report = HTMLReport()
        let parts = scenarios.map { report.add($0) }
        let kept = Mirror(reflecting: report).children.map { "\($0.label ?? "?"): \(type(of: $0.value))" }
        #expect(kept == ["title: String", "rows: Array<IndexRow>"], "\(kept)")
        #expect(parts.allSatisfy { $0.hasPrefix("<article") && $0.hasSuffix("</article>\n") })
    }

    @Test func thePageIsByteIdenticalOnRerun() throws {
        let first = try page(Self.files)
        let second = try page(Self.files)
        #expect(first == second)
        #expect(first.hasPrefix("<!DOCTYPE html>") && first.hasSuffix("</html>\n"))
    }

    @Test func thePageIsSelfContained() throws {
        let html = try page(Self.files)
        for forbidden in ["<script", "<link", "src=", "http://", "https://", "@import", "url("] {
            let allowed =
                forbidden == "http://" ? html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "") : html
            #expect(!allowed.contains(forbidden), "\(forbidden)")
        }
    }

    @Test func eachScenarioHasTheSectionsItsFeaturesNeed() throws {
        let html = try page(Self.files)
        #expect(html.contains("id=\"s1-swimlanes-body\"") && html.contains("id=\"s1-latency-body\""))
        #expect(html.contains("id=\"s2-link-body\""), "the basement trip sends over the link")
        #expect(html.contains("id=\"s3-complication-body\""))
        #expect(html.contains("id=\"s4-reminders-body\""))
        #expect(!html.contains("id=\"s4-complication-body\""), "no complication section without the feature")
        #expect(html.contains("line 108"), "expectations carry their lines")
        #expect(html.contains("Sat 2026-11-21 17:30:00 → Sat 2026-11-21 17:38:45.000"), "start → end with dates")
    }

    @Test func everyInlinePictureIsWellFormedXML() throws {
        let html = try page(Self.files)
        var rest = html[...]
        var count = 0
        while let open = rest.range(of: "<svg "),
            let close = rest.range(of: "</svg>", range: open.lowerBound..<rest.endIndex)
        {
            let svg = String(rest[open.lowerBound..<close.upperBound])
            let parser = XMLParser(data: Data(svg.utf8))
            #expect(parser.parse(), "picture \(count + 1): \(parser.parserError.map { "\($0)" } ?? "")")
            rest = rest[close.upperBound...]
            count += 1
        }
        #expect(count >= 7)
    }

    @Test func theSeedStoryIsOnePictureOnOneAxis() throws {
        let data = try ScenarioReportData.extract(try ScenarioLoader.load(Self.files[0]))
        let chosen = try #require(data.drawnTap?.index)
        let picture = try #require(data.swimlanes(tap: chosen, caption: "slowest"))
        #expect(picture.runs.map(\.profile.run.pipeline.name) == ["naive", "optimized"])
        let svg = picture.document
        #expect(svg.contains("naive on series0-38mm · tap") && svg.contains("optimized on series0-38mm · tap"))
        #expect(svg.components(separatedBy: "time after the tap").count == 2, "one axis for both blocks")
        #expect(svg.contains(">row gone +5.183 s<") && svg.contains(">row gone +66.667 ms<"))
    }

    @Test func tapChoosesTheSwimlanesTapAndIsChecked() throws {
        let scenario = try ScenarioLoader.load(Self.shipped("latency-burst"))
        let data = try ScenarioReportData.extract(scenario, tap: 2)
        #expect(data.drawnTap?.index == 1 && data.drawnTap?.reason == "chosen with --tap")
        #expect(Self.document(of: [data]).contains("Tap 2 (chosen with --tap)"))
        let byDefault = try ScenarioReportData.extract(scenario)
        guard case let (slowest, "the slowest")? = byDefault.drawnTap else {
            Issue.record("without --tap the slowest tap is drawn, got \(String(describing: byDefault.drawnTap))")
            return
        }
        #expect(Self.document(of: [byDefault]).contains("Tap \(slowest + 1) (the slowest)"))
        #expect(throws: ScenarioReportData.Failure.noSuchTap(99, taps: data.pipelineRuns[0].run.taps.count)) {
            try ScenarioReportData.extract(scenario, tap: 99)
        }
    }

    @Test func aFailedExpectationShowsWhatWasFoundAndItsLine() throws {
        let text = """
            {
              "format": 1,
              "name": "Fails <on purpose>",
              "start": "2026-11-21T09:00:00Z",
              "items": [{"id": "kale", "title": "Kale"}, {"id": "eggs", "title": "Eggs"}],
              "script": [
                {"at": "+1m", "do": "tap", "item": "kale"},
                {"at": "+2m", "expect": {"remaining": 2}}
              ]
            }
            """
        let scenario = try ScenarioDecoder.decode(Array(text.utf8), file: "fail.json")
        let html = Self.document(of: [try ScenarioReportData.extract(scenario)])
        #expect(html.contains("1 scenario · 0 passed · 1 failed"))
        #expect(html.contains("<span class=\"result fail\">FAIL</span> Fails &lt;on purpose&gt;</h2>"))
        #expect(html.contains("<td class=\"fail\">FAIL</td><td>09:02:00.000</td><td>line 8</td>"))
        #expect(html.contains("remaining = 2 — <strong>"), "what was found follows the expectation")
    }
}
