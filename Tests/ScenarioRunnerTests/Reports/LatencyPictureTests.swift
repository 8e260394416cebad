import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// The latency picture, with the defects issue #11 lists for the old histograms.
@Suite struct LatencyPictureTests {
    private let naive = LatencyHistogramSVG.Series(
        label: "naive on series0-38mm", latencies: Array(repeating: .milliseconds(5_183), count: 8),
        steps: [(.updateSortingDatabase, .main, .milliseconds(8 * 2_000)), (.removeRow, .main, .milliseconds(8 * 40))])
    private let optimized = LatencyHistogramSVG.Series(
        label: "optimized on series0-38mm", latencies: [33, 33, 33, 50, 50, 67, 67, 100].map { .milliseconds($0) },
        steps: [(.removeRow, .main, .milliseconds(8 * 20)), (.sendMessageToPhone, .background, .milliseconds(800))])

    @Test func runsShareOneLogAxisSoFiveSecondsAndThirtyMillisecondsDiffer() {
        // Old picture: one x-axis per panel, so a 5 s bar and a 33 ms bar sat at the same place.
        let picture = LatencyHistogramSVG(title: "t", series: [naive, optimized])
        #expect(picture.scale.kind == .log)
        #expect(picture.scale.position(5_183) - picture.scale.position(33) > 500)
        let svg = picture.document
        #expect(svg.contains("log scale: the runs differ by more than 10×"))
        #expect(svg.components(separatedBy: ">tap-to-removal latency<").count == 2, "one latency axis")
    }

    @Test func percentilesAreMarked() {
        let svg = LatencyHistogramSVG(title: "t", series: [naive, optimized]).document
        #expect(svg.contains(">p50 = p90 = p99 5.183 s<"), "equal percentiles share one label")
        #expect(svg.contains(">p50 50.000 ms<") && svg.contains(">p90 = p99 100.000 ms<"))
        // Old picture: the header said 5183.000ms where the marker said 5.18 s.
        #expect(svg.contains("p50 5.183 s · p90 5.183 s · p99 5.183 s · max 5.183 s"))
        #expect(svg.contains("p50 50.000 ms · p90 100.000 ms · p99 100.000 ms · max 100.000 ms"))
    }

    @Test func stepsAreStackedPerQueue() {
        let svg = LatencyHistogramSVG(title: "t", series: [naive, optimized]).document
        #expect(svg.contains("updateSortingDatabase: 2.000 s per tap on average"))
        #expect(svg.contains(">optimized on series0-38mm · background<"))
        #expect(svg.contains("sendMessageToPhone: 100.000 ms per tap on average"))
        #expect(svg.contains(">sendMessageToPhone</text>"), "a step too narrow for its name is named in the legend")
    }

    @Test func theLogAxisEndsAtTheNextNiceValueNotTheNextDecade() {
        // Old picture: a 10.2 s maximum drew an axis to 100 s.
        let slow = LatencyHistogramSVG.Series(label: "slow", latencies: [.milliseconds(10_200), .milliseconds(300)])
        let picture = LatencyHistogramSVG(title: "t", series: [slow])
        #expect(picture.scale.kind == .log)
        #expect(picture.scale.upper == 20_000 && picture.scale.lower == 200)
        #expect(picture.document.contains(">20 s<") && !picture.document.contains(">100 s<"))
    }

    @Test func theStandalonePictureIsTitledWithTheScenarioNameAndHasALegend() throws {
        let picture = LatencyHistogramSVG(title: "Tap-to-removal latency · Weekly shop", series: [naive, optimized])
        #expect(picture.document.contains("<title>Tap-to-removal latency · Weekly shop</title>"))
        #expect(picture.document.contains(">naive on series0-38mm: taps per bin</text>"))
        #expect(picture.document.contains(">p50 / p90 / p99 (dashed)</text>"))
    }

    @Test func gridLinesStayInsideThePlotsAndNeverCrossAHeader() throws {
        // Old picture: vertical grid lines ran from the first header to the axis.
        let svg = LatencyHistogramSVG(title: "t", series: [naive, optimized]).document
        let header = try #require(svg.split(separator: "\n").first { $0.contains(">naive on series0-38mm · 8 taps") })
        let headerY = try #require(Double(header.split(separator: "\"")[3]))
        let gridTops = svg.split(separator: "\n").filter { $0.hasPrefix("<line") && $0.contains("stroke=\"#e9ecef\"") }
            .compactMap { Double($0.split(separator: "\"")[3]) }
        #expect(!gridTops.isEmpty && gridTops.allSatisfy { $0 > headerY + 20 }, "\(gridTops.min() ?? 0) vs \(headerY)")
    }

    @Test func closeRangesStayLinear() {
        let picture = LatencyHistogramSVG(title: "t", series: [optimized])
        #expect(picture.scale.kind == .linear)
    }
}
