import SimulationKernel
import Testing

@testable import CompanionModel

@Suite struct CheckOffPipelineTests {
    /// Total reference cost plus waits of the steps inside the handler (``PipelineQueue/main``):
    /// the handler's length on the reference chip with nothing else running.
    func referenceHandlerTime(_ pipeline: CheckOffPipeline) -> SimDuration {
        pipeline.steps.filter { $0.queue == .main }.reduce(.zero) { $0 + $1.cost + $1.wait }
    }

    @Test func presetsAreNamedAndValid() throws {
        #expect(CheckOffPipeline.presets.map(\.name) == ["naive", "optimized", "instant"])
        #expect(CheckOffPipeline.instant.steps.allSatisfy { $0.cost == .zero && $0.wait == .zero })
        #expect(referenceHandlerTime(.naive) == .milliseconds(5_183))
        #expect(referenceHandlerTime(.optimized) == .milliseconds(43))
        #expect(!CheckOffPipeline.optimized.steps.contains { $0.kind == .updateSortingDatabase })
        #expect(CheckOffPipeline.naive.steps.map(\.kind) == PipelineStepKind.builtIn)
    }

    @Test func invalidPipelinesAreRejected() {
        let row = PipelineStep(.removeRow, on: .main, cost: .milliseconds(1))
        #expect(throws: PipelineError.missingRemoveRow) {
            try CheckOffPipeline(name: "x", steps: [PipelineStep(.playHaptic, on: .main, cost: .zero)])
        }
        #expect(throws: PipelineError.duplicateStep("removeRow")) {
            try CheckOffPipeline(name: "x", steps: [row, row])
        }
        #expect(throws: PipelineError.uiStepOffMain("removeRow")) {
            try CheckOffPipeline(name: "x", steps: [PipelineStep(.removeRow, on: .background, cost: .zero)])
        }
        #expect(throws: PipelineError.negativeDuration(step: "log")) {
            try CheckOffPipeline(
                name: "x", steps: [row, PipelineStep(.custom("log"), on: .main, cost: .milliseconds(-1))])
        }
        #expect(throws: PipelineError.emptyStepName) {
            try CheckOffPipeline(name: "x", steps: [row, PipelineStep(.custom(""), on: .main, cost: .zero)])
        }
        let custom = PipelineStep(.custom("log"), on: .background, cost: .zero)
        #expect((try? CheckOffPipeline(name: "x", steps: [row, custom, custom])) != nil, "custom steps may repeat")
    }

    @Test func stepKindsRoundTripByName() {
        for kind in PipelineStepKind.builtIn { #expect(PipelineStepKind(name: kind.name) == kind) }
        #expect(PipelineStepKind(name: "analytics") == .custom("analytics"))
    }
}

@Suite struct LatencyStatisticsTests {
    @Test func nearestRank() {
        let values = (1...10).map { SimDuration.milliseconds(Int64($0)) }
        let stats = LatencyStatistics(values.reversed())
        #expect(stats.percentile(50) == .milliseconds(5))
        #expect(stats.percentile(90) == .milliseconds(9))
        #expect(stats.percentile(91) == .milliseconds(10))
        #expect(stats.percentile(99) == .milliseconds(10))
        #expect(stats.percentile(1) == .milliseconds(1))
        #expect(LatencyStatistics([]).percentile(50) == nil)
        #expect(LatencyStatistics([]).maximum == nil)
        #expect(LatencyStatistics([.seconds(Int64(2))]).percentile(50) == .seconds(Int64(2)))
        #expect(LatencyStatistics.nearestRank(percent: 99, count: 100) == 99)
        #expect(LatencyStatistics.nearestRank(percent: 99, count: 101) == 100)
    }

    @Test func percentilesAreObservedAndMonotone() {
        for seed in UInt64(0)..<50 {
            var rng = SplitMix64(seed: seed)
            let values = (0..<Int(1 + rng.next() % 300)).map { _ in
                SimDuration(nanoseconds: Int64(rng.next() % 1_000_000))
            }
            let stats = LatencyStatistics(values)
            var previous = SimDuration.zero
            for percent in 1...100 {
                let value = stats.percentile(percent) ?? .zero
                #expect(values.contains(value), "seed \(seed) p\(percent)")
                #expect(value >= previous, "seed \(seed) p\(percent)")
                let atOrBelow = values.filter { $0 <= value }.count
                #expect(atOrBelow * 100 >= percent * values.count, "seed \(seed) p\(percent): at least p% at or below")
                previous = value
            }
            #expect(stats.percentile(100) == values.max(), "seed \(seed)")
        }
    }

    @Test func histogramCountsEveryValueInAtMostMaxBins() {
        for seed in UInt64(0)..<50 {
            var rng = SplitMix64(seed: seed)
            let values = (0..<Int(1 + rng.next() % 200)).map { _ in
                SimDuration(nanoseconds: Int64(rng.next() % 6_000_000_000))
            }
            let histogram = LatencyHistogram(values, maxBins: 12)
            #expect(histogram.counts.reduce(0, +) == values.count, "seed \(seed)")
            #expect(histogram.counts.count <= 12, "seed \(seed)")
            for value in values {
                let bin = histogram.bins.firstIndex { $0.lower <= value && value < $0.upper }
                #expect(bin != nil, "seed \(seed): \(value) is inside a bin")
            }
        }
    }

    @Test func histogramBins() {
        let histogram = LatencyHistogram([.milliseconds(45), .milliseconds(52), .milliseconds(58)], maxBins: 5)
        #expect(histogram.binWidth == .milliseconds(5))
        #expect(histogram.bins.map(\.lower) == [.milliseconds(45), .milliseconds(50), .milliseconds(55)])
        #expect(histogram.bins.map(\.count) == [1, 1, 1])
    }
}
