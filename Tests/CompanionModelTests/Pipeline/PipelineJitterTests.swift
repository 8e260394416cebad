import CompanionModel
import SimulationKernel
import Testing

@Suite struct PipelineJitterTests {
    @Test func exactJitterKeepsEveryScaledFigure() {
        for tap in 0..<50 {
            for step in 0..<8 {
                let cost = PipelineJitter.exact.cost(.milliseconds(40), speed: 2.5, seed: 9, tap: tap, step: step)
                #expect(cost == .milliseconds(40), "tap \(tap) step \(step)")
            }
        }
        #expect(PipelineJitter(spread: 0, pauseProbability: 0.5, pause: .zero).isExact)
    }

    @Test func zeroCostStepsStayFree() {
        let always = PipelineJitter(spread: 1, pauseProbability: 1, pause: .seconds(1))
        #expect(always.cost(.zero, speed: 1, seed: 3, tap: 0, step: 0) == .zero)
    }

    @Test func drawsArePureFunctionsOfSeedTapAndStep() {
        let jitter = PipelineJitter.standard
        let first = (0..<20).map { jitter.cost(.milliseconds(100), speed: 1, seed: 5, tap: $0, step: 2) }
        let again = (0..<20).reversed().map { jitter.cost(.milliseconds(100), speed: 1, seed: 5, tap: $0, step: 2) }
        #expect(first == again.reversed())
        #expect(Set(first).count > 15, "taps draw different costs: \(first)")
        let otherSeed = (0..<20).map { jitter.cost(.milliseconds(100), speed: 1, seed: 6, tap: $0, step: 2) }
        #expect(first != otherSeed)
    }

    /// The median of the draws is the figure and the log-spread is the setting, within sampling error.
    @Test(arguments: [0.1, 0.2, 0.5])
    func lognormalDrawsHaveTheFigureAsMedianAndTheSpreadAsLogDeviation(spread: Double) {
        let jitter = PipelineJitter(spread: spread)
        let figure = 1_000_000.0
        let draws = (0..<20_000).map {
            Double(jitter.cost(.nanoseconds(Int64(figure)), speed: 1, seed: 11, tap: $0, step: 0).nanoseconds)
        }
        let sorted = draws.sorted()
        let median = sorted[sorted.count / 2]
        #expect(abs(median / figure - 1) < 0.02 * max(1, spread / 0.1), "median \(median)")
        let logs = draws.map { naturalLog($0 / figure) }
        let mean = logs.reduce(0, +) / Double(logs.count)
        let deviation = (logs.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(logs.count)).squareRoot()
        #expect(abs(deviation / spread - 1) < 0.03, "log deviation \(deviation) for spread \(spread)")
    }

    @Test func pausesScaleWithTheChipAndHappenAtTheirRate() {
        let always = PipelineJitter(spread: 0, pauseProbability: 1, pause: .milliseconds(150))
        #expect(always.cost(.milliseconds(10), speed: 1, seed: 1, tap: 0, step: 0) == .milliseconds(160))
        #expect(always.cost(.milliseconds(10), speed: 6, seed: 1, tap: 0, step: 0) == .milliseconds(35))
        let rare = PipelineJitter(spread: 0, pauseProbability: 0.01, pause: .milliseconds(150))
        let paused = (0..<100_000).filter {
            rare.cost(.milliseconds(10), speed: 1, seed: 2, tap: $0, step: 1) > .milliseconds(10)
        }.count
        #expect((800...1_200).contains(paused), "\(paused) pauses in 100000 draws at 1 %")
    }

    @Test func settingsAreClampedToTheirRanges() {
        let wild = PipelineJitter(spread: 99, pauseProbability: -1, pause: .milliseconds(-5))
        #expect(wild.spread == PipelineJitter.maximumSpread)
        #expect(wild.pauseProbability == 0)
        #expect(wild.pause == .zero)
        #expect(PipelineJitter(spread: .nan).spread == 0)
    }

    @Test func sessionTapsVaryWithJitterAndNotWithout() throws {
        let watch = try WatchModel.named("series3-38mm")
        let taps = (0..<30).map { SimTime(offset: .seconds(Int64($0) * 10)) }
        let exact = PipelineSession.run(.naive, on: watch, taps: taps)
        #expect(Set(exact.latencies).count == 1)
        let jittered = PipelineSession.run(.naive, on: watch, jitter: .standard, jitterSeed: 4, taps: taps)
        #expect(Set(jittered.latencies).count > 20, "\(jittered.latencies)")
        let again = PipelineSession.run(.naive, on: watch, jitter: .standard, jitterSeed: 4, taps: taps)
        #expect(jittered == again)
        let cpu = jittered.taps[3].steps[0].cpu
        #expect(cpu != exact.taps[3].steps[0].cpu, "a step's recorded CPU is its drawn cost")
    }
}

#if canImport(Glibc)
    import Glibc
    private func naturalLog(_ value: Double) -> Double { Glibc.log(value) }
#elseif canImport(Darwin)
    import Darwin
    private func naturalLog(_ value: Double) -> Double { Darwin.log(value) }
#endif
