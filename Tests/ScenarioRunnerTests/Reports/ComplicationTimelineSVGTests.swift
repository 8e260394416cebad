import Foundation
import ScenarioRunner
import SimulationKernel
import Testing

@testable import CompanionModel

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The complication picture, including each defect issue #11 lists for the old one.
@Suite struct ComplicationTimelineSVGTests {
    private func t(_ minutes: Int64) -> SimTime { SimTime(offset: .minutes(minutes)) }

    /// Three reloads that show the same text, a refusal, a long rectangular text, a face change
    /// (and, with `reloadOffFace`, a reload refused off the face after it).
    private func report(resetAt reset: Int64 = 14 * 60, until end: Int64 = 300, reloadOffFace: Bool = false)
        -> ComplicationReport
    {
        let origin = try? EpochTime.parse("2026-11-21T10:00:00Z")
        let items = [
            ShoppingItem(id: "s", title: "Salt & <pepper> from the spice aisle at the very back", due: t(120)),
            ShoppingItem(id: "b", title: "Bread \"sourdough\""),
            ShoppingItem(id: "c", title: "Cheese"),
        ]
        let settings = ComplicationBudgetSettings(dailyReloads: 3, firstReset: t(reset))
        let configuration = ComplicationConfiguration(
            families: [.circular, .rectangular], mode: .nextDue, budget: settings,
            clock: ComplicationClock(origin: origin))
        let list = ShoppingList(items: items)
        var model = ComplicationTimelineModel(configuration: configuration, list: list, presence: .onActiveFace)
        model.listChanged(nil, at: list.remainingPlaced[2].place, time: t(10))
        model.handle(.appReload(at: t(10), app: .foreground))
        model.handle(.appReload(at: t(15), app: .foreground))  // same list: same text
        model.handle(.appReload(at: t(18), app: .foreground))  // same again
        model.handle(.appReload(at: t(20), app: .foreground))  // over the budget of 3: refused
        model.handle(.faceChanged(at: t(200), to: .notOnActiveFace))
        if reloadOffFace { model.handle(.appReload(at: t(210), app: .foreground)) }
        if reset < end { model.handle(.appReload(at: t(end - 1), app: .foreground)) }
        return ComplicationReport(model: model, until: t(end))
    }

    private func svg(_ report: ComplicationReport) -> String {
        ComplicationTimelineSVG(report: report, scenarioName: "Spice & bread run", width: 900).document
    }

    @Test func isWellFormedXMLWithOneLanePerFamilyAndDeterministic() throws {
        let document = svg(report())
        let parser = XMLParser(data: Data(document.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(document.contains(">circular</text>") && document.contains(">rectangular</text>"))
        #expect(document.contains("&lt;pepper&gt;"), "text is escaped")
        #expect(document == svg(report()), "byte-identical")
    }

    @Test func aRefreshThatShowsTheSameTextIsATickNotANewBox() {
        // Old picture: one box per installed entry, so "2 2 2" side by side.
        let document = svg(report())
        let circularBoxes = document.split(separator: "\n").filter {
            $0.hasPrefix("<rect") && $0.contains("<title>circular shows ")
        }
        #expect(
            circularBoxes.count == 3,
            "3, then 2 from 10:10 (the reloads at 10:15 and 10:18 showed 2 again), then 2! when Salt is overdue")
        #expect(document.contains("2 later refresh(es) showed the same text"))
        #expect(document.components(separatedBy: "refresh: still &quot;2&quot;").count - 1 == 2)
    }

    @Test func aBoxTooNarrowForItsTextLeavesItWholeToTheTooltip() throws {
        // Old pictures: labels cut to their first token ("2"), then cut with "…" by the layout.
        // The first hour: "3 left · …" shows for 10 minutes, a box too narrow for the whole text.
        let document = svg(report(until: 60))
        let full = "3 left · Salt &amp; &lt;pepper&gt; fr…"
        let tooltip = "<title>rectangular shows &quot;\(full)&quot; from 10:00:00"
        let lines = document.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("<rect") && $0.contains(tooltip) }, "the box keeps the whole text")
        #expect(!lines.contains { $0.hasPrefix("<text") && $0.contains(tooltip) }, "no label cut short")
    }

    @Test func theBudgetResetLabelStaysInsideThePicture() throws {
        // Old picture: "budget reset" written from the reset line rightwards, clipped at the edge.
        let document = svg(report(resetAt: 298, until: 300))
        let line = try #require(document.split(separator: "\n").first { $0.contains(">budget reset 14:58<") })
        let x = try #require(Double(line.split(separator: "\"")[1]))
        let width = SVGText.width("budget reset 14:58", size: 10)
        #expect(x + width <= 900, "label ends at \(x + width)")
    }

    @Test func refusedLooksTheSameInTheChartAndTheLegend() {
        // Old picture: a red square in the legend, a cross in the chart.
        let document = svg(report())
        let refusedPaths = document.split(separator: "\n").filter {
            $0.hasPrefix("<path") && $0.contains("stroke=\"#e03131\"") && $0.contains("stroke-width=\"1.8\"")
        }
        #expect(refusedPaths.count == 2, "one refusal in the chart and the legend's swatch, both crosses")
        #expect(document.contains("refused: budgetExhausted"))
    }

    @Test func refusalReasonsAreCountedInTheOrderOfTheTextSummary() {
        // Old picture: reasons in the order they first happened (budgetExhausted, then notOnActiveFace),
        // unlike the text and run summaries (ComplicationRefusal order).
        let document = svg(report(reloadOffFace: true))
        #expect(document.contains(" · refused: notOnActiveFace ×1, budgetExhausted ×1"))
    }

    @Test func theTitleNamesTheScenarioAndTheAxisShowsTheDate() {
        let document = svg(report())
        // Old picture: the date twice ("Sat 2026-11-21 2026-11-21 10:00:00") and the subtitle cut.
        #expect(
            document.contains(
                "<title>Complication timeline · Spice &amp; bread run · Sat 2026-11-21 10:00 → 15:00</title>"))
        #expect(document.contains(">Complication timeline · Spice &amp; bread run</text>"))
        #expect(document.contains(">Sat 2026-11-21 10:00 → 15:00 · 4 reloads granted · refused: budgetExhausted ×1"))
        #expect(document.components(separatedBy: "2026-11-21").count - 1 == 3, "title, subtitle and axis: once each")
    }
}
