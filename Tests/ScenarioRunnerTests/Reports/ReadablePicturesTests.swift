import CompanionModel
import Foundation
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// The defects issue #37 lists, one test each: each fails on the pictures as they were.
@Suite struct ReadablePicturesTests {
    private func data(_ name: String, watches: [String] = []) throws -> ScenarioReportData {
        try ScenarioReportData.extract(try ScenarioLoader.load(HTMLReportTests.shipped(name)), watches: watches)
    }

    private func lines(_ svg: String) -> [Substring] { svg.split(separator: "\n") }

    // MARK: Page

    @Test func theIndexHasOneRowPerScenarioLinkingToItsSectionsWithItsFigures() throws {
        let scenarios = try ["latency-trip-slowest-naive", "reminders-weekday"].map { try data($0) }
        let html = HTMLReportTests.document(of: scenarios)
        #expect(html.contains("<table class=\"index\" id=\"index\">"))
        #expect(html.components(separatedBy: "<tr><td><span class=\"result").count - 1 == 2)
        #expect(
            html.contains("<a href=\"#s1-summary\">") && html.contains("<a href=\"#s2-reminders-body\">reminders</a>"))
        #expect(html.contains("<a href=\"#index\">↑ index</a>"), "each part leads back to the index")
        // One unit per column: the naive p50s are both seconds.
        let naive = scenarios.map { $0.pipelineRuns[0].run.statistics.percentile(50)! }
        for text in DurationFormat.column(naive) { #expect(html.contains("<td>\(text)</td>")) }
    }

    @Test func aScenarioWithoutARemindersSectionHasNoRemindersChart() throws {
        // Old page: an empty reminders chart for every scenario.
        let produce = try data("produce-trip")
        #expect(produce.reminders == nil)
        #expect(!HTMLReport.sections(of: produce).contains(.reminders))
        #expect(HTMLReport.sections(of: try data("reminders-weekday")).contains(.reminders))
    }

    /// Every strategy but naive keeps a window W and refills it (the scheduling modes' contract):
    /// the chart's subtitle names the scenario's strategy and draws W for each of them. Old chart:
    /// "scheduler naive" and no W line for the overflow-notice and background-refresh strategies.
    @Test(
        arguments: [
            ("reminders-tutorial-legacy", "scheduler naive ·", nil),
            ("reminders-weekday", "scheduler windowed, W = 60 ·", "window W = 60"),
            ("reminders-twice-a-day", "scheduler overflowNotice, W = 20 ·", "window W = 20"),
            ("reminders-iphone-refresh", "scheduler backgroundRefresh, W = 4 ·", "window W = 4"),
        ] as [(String, String, String?)])
    func theRemindersChartNamesItsStrategyAndDrawsItsWindow(name: String, subtitle: String, windowLine: String?)
        throws
    {
        let svg = try #require(try data(name).reminders).document
        #expect(svg.contains(subtitle), "\(name)")
        #expect(svg.contains("window W = ") == (windowLine != nil), "\(name)")
        if let windowLine { #expect(svg.contains(windowLine), "\(name)") }
    }

    @Test func reportWatchAddsEachWatchToTheLatencyPicture() throws {
        // Old page: only the scenario's watch and the slowest.
        let three = try data("latency-burst", watches: ["series0-38mm", "series4-40mm", "ultra3-49mm"])
        let watches = Set(three.slowestWatchRuns.map(\.watch.name))
        #expect(watches == Set(["series0-38mm", "series4-40mm", "ultra3-49mm"].filter { $0 != three.scenario.watch }))
        let svg = try #require(three.latencyPicture).document
        #expect(svg.contains(">optimized on ultra3-49mm · "))
    }

    // MARK: Swimlanes

    @Test func aRunUnderFivePercentOfTheSharedAxisGetsAZoomedInset() throws {
        // Old picture: the optimized run squeezed into the first 1 % of the naive run's axis.
        let naive = try data("latency-trip-slowest-naive")
        let tap = try #require(naive.drawnTap?.index)
        let picture = try #require(naive.swimlanes(tap: tap, caption: "Tap"))
        let svg = picture.document
        #expect(svg.contains("optimized on ") && svg.contains(" · zoomed ×"))
        #expect(!svg.contains("naive on series0-38mm · tap 1 (milk) · row gone after 5.183 s · zoomed"))
        #expect(svg.contains("one axis for the pipelines not zoomed in above"))
    }

    @Test func noLabelInAnyShippedPictureIsCutWithAnEllipsis() throws {
        // Old pictures: "interactive 328.00…", "inte…", "updateS…".
        for name in ["produce-trip", "phone-app-killed-mid-trip", "weekly-shop"] {
            let report = try data(name)
            var svgs: [String] = []
            if let tap = report.drawnTap?.index, let lanes = report.swimlanes(tap: tap, caption: "t") {
                svgs.append(lanes.document)
            }
            if let latency = report.latencyPicture { svgs.append(latency.document) }
            if let link = report.link { svgs.append(link.document) }
            for svg in svgs {
                let cut = lines(svg).filter { $0.hasPrefix("<text") && !$0.contains("class=\"verbatim\"") }
                    .filter { ($0.split(separator: ">").dropFirst().first ?? "").contains("…") }
                #expect(cut.isEmpty, "\(name): \(cut.first ?? "")")
            }
        }
    }

    // MARK: Link

    private func messages(_ count: Int, every seconds: Int64) -> [LinkMessageRecord] {
        (0..<count).map { index in
            let sent = SimTime.zero + .seconds(Int64(index) * seconds)
            return LinkMessageRecord(
                id: index + 1, direction: .watchToPhone, channel: .interactive, payload: "check \(index)",
                item: "i\(index)", sent: sent, delivered: sent + .milliseconds(300), fate: .delivered)
        }
    }

    @Test func aDenseTripIsDrawnAsCountsPerMinuteNotABarcode() {
        let dense = LinkSequenceSVG(
            title: "t", messages: messages(32, every: 3), bands: [], end: SimTime.zero + .seconds(600),
            origin: EpochTime(secondsSinceEpoch: 0))
        #expect(dense.aggregated)
        #expect(dense.document.contains("drawn as counts per minute"))
        #expect(dense.document.contains("<title>20 messages from 00:00:00.000"))
        let sparse = LinkSequenceSVG(
            title: "t", messages: messages(5, every: 60), bands: [], end: SimTime.zero + .seconds(600),
            origin: EpochTime(secondsSinceEpoch: 0))
        #expect(!sparse.aggregated)
    }

    @Test func labelsSitOutsideTheLifelinesWhereNoArrowRuns() throws {
        // Old picture: labels midway between the lifelines, where every arrow runs.
        let svg = LinkSequenceSVG(
            title: "t", messages: messages(5, every: 60), bands: [], end: SimTime.zero + .seconds(600),
            origin: EpochTime(secondsSinceEpoch: 0)
        ).document
        let label = try #require(lines(svg).first { $0.hasPrefix("<text") && $0.contains(">interactive 300 ms<") })
        let y = try #require(Double(label.split(separator: "\"")[3]))
        #expect(y > 236, "below the phone's lifeline, where the arrows end")
    }

    @Test func suspendedAppsAreShadedAndNotificationActionsMarked() throws {
        // Old picture: nothing explained a 35-minute delay; the notification's Complete was not drawn.
        let notification = try data("notification-complete-through-link")
        #expect(try #require(notification.link).bands.contains { $0.kind == .watchAppSuspended })
        let svg = try #require(notification.link).document
        #expect(svg.contains("watch app suspended for "))
        #expect(svg.contains("<title>notification action: complete milk</title>"))
        #expect(svg.contains(">notification action</text>"), "in the legend")
    }

    // MARK: Complication

    @Test func refusalsTooCloseToDrawApartAreOneCrossWithTheirCount() throws {
        // Old picture: seven refusals drawn on top of each other as one cross.
        let exhausted = try data("complication-budget-exhausted")
        let svg = try #require(exhausted.complication).document
        let counts = lines(svg).filter { $0.hasPrefix("<text") && $0.contains(">×") }
        #expect(!counts.isEmpty)
        let refusals = exhausted.complication!.report.records.filter { $0.outcome.refusal != nil }.count
        let crosses = lines(svg).filter { $0.hasPrefix("<path") && $0.contains("stroke=\"#e03131\"") }.count - 1
        let counted = counts.compactMap { line in
            Int(line.split(separator: ">")[1].split(separator: "<")[0].dropFirst())
        }.reduce(0, +)
        #expect(crosses - counts.count + counted == refusals, "every refusal counted once")
    }

    @Test func aShortTripInALongDayIsDrawnAgainZoomedIn() throws {
        let dayStart = try data("complication-saturday-shop")
        #expect(try #require(dayStart.complication).zoomSpan == nil, "the shop fills its 2 hours")
    }

    // MARK: Reminders

    @Test func anItemDueAfterTheEndIsNotOverdueAtTheRightEdge() {
        typealias Change = PhoneReminders.DueChange
        let end = SimTime.zero + .seconds(3_600)
        let log = [
            Change(time: .zero, key: 0, due: SimTime.zero + .seconds(600)),
            Change(time: .zero, key: 1, due: SimTime.zero + .seconds(7_200)),
        ]
        #expect(RemindersChartSVG.overdueSteps(log, end: end).map(\.count) == [1])
        #expect(RemindersChartSVG.overdueSteps(log).map(\.count) == [1, 2], "without an end both count")
    }

    @Test func dateLabelsAtTheRightEdgeDoNotCollide() throws {
        // Old picture: "Thu 2026-12-10Fri 2026-12-11" at the right edge.
        let origin = EpochTime(secondsSinceEpoch: 1_796_515_200)  // 2026-12-05 00:00 UTC
        var canvas = SVGCanvas(width: 600, height: 100, title: "t")
        let axis = SVGTimeAxis(
            start: .zero, end: SimTime.zero + .seconds(6 * 86_400 + 3_600), origin: origin, left: 100, right: 580)
        axis.draw(on: &canvas, y: 50)
        var spans: [(Double, Double)] = []
        for line in canvas.elements where line.hasPrefix("<text") {
            let x = try #require(Double(line.split(separator: "\"")[1]))
            let text = String(line.split(separator: ">")[1].split(separator: "<")[0])
            spans.append((x, x + SVGText.width(text, size: 10, bold: true)))
        }
        for (a, b) in zip(spans, spans.dropFirst()) { #expect(a.1 <= b.0, "\(a) overlaps \(b)") }
    }
}
