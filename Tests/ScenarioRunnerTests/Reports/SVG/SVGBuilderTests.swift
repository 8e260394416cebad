import ScenarioRunner
import SimulationKernel
import Testing

@Suite struct SVGBuilderTests {
    @Test func numbersHaveOneDecimalAndNoNegativeZero() {
        #expect(SVGNumber.text(12.25) == "12.3")
        #expect(SVGNumber.text(3) == "3")
        #expect(SVGNumber.text(-0.04) == "0")
        #expect(SVGNumber.text(-1.55) == "-1.6")
        #expect(SVGNumber.text(.nan) == "0" && SVGNumber.text(.infinity) == "0")
    }

    @Test func fittedTextIsWholeOrNothingNeverCut() {
        // Old pictures cut labels with "…" ("interactive 328.00…"); a label is now whole or left
        // to the tooltip.
        let text = "12 left · Next: Tortillas"
        #expect(SVGText.fitted(text, width: 1_000, size: 11) == text)
        #expect(SVGText.fitted(text, width: 80, size: 11) == nil)
        #expect(SVGText.fitted(text, width: 10, size: 11) == nil)
    }

    @Test func wrappedTextBreaksAtSeparatorsWithinTheWidth() {
        let text = "Sat 2026-11-21 10:00 → 15:00 · 4 reloads granted · refused: budgetExhausted ×1 · circular stale 2m"
        let lines = SVGText.wrapped(text, width: 300, size: 11)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { SVGText.width($0, size: 11) <= 300 })
        func words(_ text: String) -> [Substring] { text.split(separator: " ").filter { $0 != "·" } }
        #expect(lines.flatMap(words) == words(text), "nothing lost")
    }

    @Test func automaticScaleIsLogWhenRangesDifferByMoreThanTenTimes() {
        let log = SVGScale.automatic([33, 5_000], from: 0, to: 1_000)
        #expect(log.kind == .log)
        #expect(log.position(33) < 400 && log.position(5_000) > 850, "both ends readable")
        #expect(log.ticks().contains(100) && log.ticks().contains(1_000))
        let linear = SVGScale.automatic([30, 250], from: 0, to: 1_000)
        #expect(linear.kind == .linear)
        #expect(linear.ticks(count: 5) == [0, 50, 100, 150, 200, 250])
    }

    @Test func timeAxisTicksAtRoundLocalTimesWithTheDateAtEachNewDay() throws {
        let origin = try EpochTime.parse("2026-11-21T22:10:00+01:00")
        let axis = SVGTimeAxis(
            start: .zero, end: SimTime(offset: .hours(4)), origin: origin, left: 0, right: 400)
        let ticks = axis.ticks(spacing: 90)
        #expect(ticks.first?.label == "23:00", "aligned to the local hour")
        #expect(ticks.first?.date == "Sat 2026-11-21")
        #expect(ticks.first { $0.label == "00:00" }?.date == "Sun 2026-11-22")
        #expect(ticks.filter { $0.date != nil }.count == 2)
    }

    @Test func legendUsesTheSameGlyphAsThePicture() {
        var canvas = SVGCanvas(width: 300, height: 100, title: "t")
        let glyph = SVGGlyph(.cross(size: 8), color: "#e03131")
        canvas.glyph(glyph, x: 50, y: 50)
        canvas.legend([(glyph, "refused")], left: 10, top: 70, right: 290)
        let paths = canvas.elements.filter { $0.hasPrefix("<path") }
        #expect(paths.count == 2)
        #expect(canvas.elements.contains("<text x=\"26\" y=\"80\">refused</text>"))
    }

    @Test func boxesEscapeTextAndGroupTheLabelWithItsBox() {
        var canvas = SVGCanvas(width: 300, height: 100, title: "a < b")
        canvas.box(x: 10, y: 10, width: 200, height: 20, fill: "#fff", label: "Salt & <pepper>", tooltip: "\"q\"")
        let document = canvas.document
        #expect(document.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
        #expect(document.contains("<g class=\"box\">"))
        #expect(document.contains(">Salt &amp; &lt;pepper&gt;<title>&quot;q&quot;</title></text>"))
        #expect(document.contains("<title>a &lt; b</title>"))
    }
}
