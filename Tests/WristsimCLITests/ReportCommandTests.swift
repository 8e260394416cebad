import Foundation
import Testing

@Suite struct ReportCommandTests {
    private func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("wristsim-\(UUID().uuidString)-\(name)").path
    }

    @Test func writesOnePageForAllShippedScenariosSkippingTheSchema() throws {
        let path = temporary("report.html")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scenarios = try FileManager.default.contentsOfDirectory(
            atPath: CLI.packageRoot.appendingPathComponent("Scenarios").path
        ).filter { $0.hasSuffix(".json") }.sorted().map { "Scenarios/" + $0 }
        let result = try CLI.run(["report"] + scenarios + ["-o", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: skipped Scenarios/scenario.schema.json: a JSON Schema, not a scenario"))
        let html = try String(contentsOfFile: path, encoding: .utf8)
        let count = scenarios.count - 1
        #expect(result.stdout.contains("(\(count) scenarios)"))
        #expect(html.components(separatedBy: "<article class=\"scenario\"").count - 1 == count)
        for section in ["summary", "swimlanes", "latency", "link", "complication", "reminders"] {
            #expect(html.contains("-\(section)-body\""), "\(section) appears for some scenario")
        }
    }

    @Test func theSameRunWritesTheSameBytes() throws {
        let first = temporary("a.html")
        let second = temporary("b.html")
        defer {
            try? FileManager.default.removeItem(atPath: first)
            try? FileManager.default.removeItem(atPath: second)
        }
        let file = "Scenarios/basement-aisle-no-signal.json"
        _ = try CLI.run(["report", file, "--output", first, "--tap", "2"])
        _ = try CLI.run(["report", file, "-o", second, "--tap", "2"])
        let a = try Data(contentsOf: URL(fileURLWithPath: first))
        let b = try Data(contentsOf: URL(fileURLWithPath: second))
        #expect(!a.isEmpty && a == b)
    }

    @Test(arguments: [
        (["report"], "Error: missing scenario file"),
        (["report", "Scenarios/produce-trip.json"], "Error: missing -o FILE"),
        (["report", "Scenarios/produce-trip.json", "-o", "/tmp/x.html", "--tap", "0"], "--tap expects a tap number"),
        (
            ["report", "Scenarios/produce-trip.json", "-o", "/tmp/x.html", "--tap", "9"],
            "--tap expects a tap number from 1 to 2, found 9"
        ),
        (["report", "Scenarios/produce-trip.json", "-x"], "unknown option '-x'"),
    ])
    func usageErrorsExit64(_ arguments: [String], _ message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func aMissingScenarioExits65() throws {
        let result = try CLI.run(["report", "Scenarios/none.json", "-o", temporary("none.html")])
        #expect(result.status == 65)
    }

    @Test func anUnwritablePageExits74() throws {
        let result = try CLI.run(["report", "Scenarios/produce-trip.json", "-o", "/nonexistent/folder/r.html"])
        #expect(result.status == 74)
        #expect(result.stderr.contains("cannot write '/nonexistent/folder/r.html'"), "\(result.stderr)")
    }

    @Test func runAndRemindersWriteTheirPicturesFromTheReportCode() throws {
        let link = temporary("link.svg")
        let reminders = temporary("reminders.svg")
        defer {
            try? FileManager.default.removeItem(atPath: link)
            try? FileManager.default.removeItem(atPath: reminders)
        }
        let run = try CLI.run(["run", "Scenarios/basement-aisle-no-signal.json", "--svg", link])
        #expect(run.status == 0)
        let linkSVG = try String(contentsOfFile: link, encoding: .utf8)
        #expect(linkSVG.hasPrefix("<?xml") && linkSVG.contains("Watch ↔ phone link · Basement aisle"))
        #expect(linkSVG.contains("out of range for 6m"), "the outage is a shaded band")
        #expect(linkSVG.contains(">userInfo 5m<") && linkSVG.contains("delivered after 5m0.114s"))
        let result = try CLI.run(["reminders", "Scenarios/reminders-two-weeks.json", "--svg", reminders])
        #expect(result.status == 0)
        let chart = try String(contentsOfFile: reminders, encoding: .utf8)
        #expect(chart.contains(">system limit 64<") && chart.contains(">window W = 60<"))
        #expect(chart.contains("missed [outsideWindow]"))
        let twice = try CLI.run(["run", "Scenarios/produce-trip.json", "Scenarios/produce-trip.json", "--svg", link])
        #expect(twice.status == 64 && twice.stderr.contains("--svg draws one scenario's link"))
    }

    /// Issue #33 item 9: the page of many files is written from parts kept on disk (the index,
    /// first on the page, is known last); the parts come in the files' order and the spool
    /// leaves nothing behind.
    @Test func aPageOfManyFilesIsTheirPartsInOrderAndTheSpoolLeavesNothing() throws {
        let folder = temporary("spool")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let page = temporary("many.html")
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: page)
        }
        let files = ["produce-trip", "reminders-weekday", "basement-aisle-no-signal", "produce-trip"]
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = folder
        let result = try CLI.run(
            ["report"] + files.map { "Scenarios/\($0).json" } + ["-o", page], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("(4 scenarios)"))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let articles = html.components(separatedBy: "<article class=\"scenario\" id=\"s").dropFirst()
        #expect(articles.map { String($0.prefix(while: { $0 != "\"" })) } == ["1", "2", "3", "4"])
        let index = try #require(html.range(of: "<table class=\"index\""))
        #expect(index.upperBound < (html.range(of: "<article")?.lowerBound ?? html.startIndex))
        #expect(html.hasSuffix("</article>\n</main>\n</body>\n</html>\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "the spool is removed")
    }

    @Test func aSpoolFolderThatCannotBeWrittenExits74AndWritesNoPage() throws {
        let page = temporary("none.html")
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = "/nonexistent/spool"
        let result = try CLI.run(["report", "Scenarios/produce-trip.json", "-o", page], environment: environment)
        #expect(result.status == 74)
        #expect(result.stderr.contains("cannot write '/nonexistent/spool'"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: page))
    }
}
