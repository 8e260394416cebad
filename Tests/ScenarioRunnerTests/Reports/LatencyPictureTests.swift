import CompanionModel
import ScenarioRunner
import SimulationKernel
import Testing

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
        #expect(svg.contains(">p50 = p90 = p99 5.18 s<"), "equal percentiles share one label")
        #expect(svg.contains(">p50 50 ms<") && svg.contains(">p90 = p99 100 ms<"))
    }

    @Test func stepsAreStackedPerQueue() {
        let svg = LatencyHistogramSVG(title: "t", series: [naive, optimized]).document
        #expect(svg.contains("updateSortingDatabase: 2 s per tap on average"))
        #expect(svg.contains(">optimized on series0-38mm · background<"))
        #expect(svg.contains("sendMessageToPhone: 100 ms per tap on average"))
    }

    @Test func closeRangesStayLinear() {
        let picture = LatencyHistogramSVG(title: "t", series: [optimized])
        #expect(picture.scale.kind == .linear)
    }
}
