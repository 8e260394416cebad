import CompanionModel
import SimulationKernel
import Testing

@testable import wristsim_bench

/// `wristsim-bench taps`: its latency figures round to the microsecond as every other output
/// does (``DurationFormat/microseconds(_:)``, halves away from zero); they are not truncated.
@Suite struct TapsWorkloadTests {
    @Test func percentilesRoundAsEveryOutputDoes() throws {
        let report = try TapsWorkload().run(arguments: ["--taps", "40", "--seed", "3"])
        // The workload's taps: 150 ms apart (`--gap-ms`), each plus a seeded 0–50 ms.
        var rng = SplitMix64(seed: 3)
        var time = SimTime.zero
        let taps = (0..<40).map { _ in
            time += .milliseconds(150) + SimDuration(nanoseconds: Int64(rng.next() % 50_000_000))
            return time
        }
        var figures: [SimDuration] = []
        for (label, pipeline, watch) in [
            ("optimized.series0-38mm", CheckOffPipeline.optimized, "series0-38mm"),
            ("naive.series3-38mm", .naive, "series3-38mm"),
        ] {
            var session = PipelineSession(pipeline: pipeline, watch: try WatchModel.named(watch), effects: .nothing)
            for tap in taps { _ = session.tap(at: tap) }
            let stats = session.run(through: .distantFuture).statistics
            for percent in [50, 99] {
                let figure = try #require(stats.percentile(percent))
                figures.append(figure)
                let text = report.fields.first { $0.key == "\(label).p\(percent)Ms" }?.text
                #expect(text == TraceValue.decimalText(DurationFormat.microseconds(figure), scale: 3), "\(label)")
            }
        }
        // Rounding and truncation differ for at least one of them, so the check can fail.
        #expect(figures.contains { $0.nanoseconds % 1_000 >= 500 })
    }
}
