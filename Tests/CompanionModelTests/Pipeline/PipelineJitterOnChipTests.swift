import SimulationKernel
import Testing

@testable import CompanionModel

/// `PipelineJitter.OnChip` works out a chip's pause length once, and the session's prepared plan
/// keeps each step's scaled figure and whether it is drawn: every draw must still be, to the
/// nanosecond, the formula worked out in full at each draw.
@Suite struct PipelineJitterOnChipTests {
    /// The draw as written before the constants were kept: every factor worked out at the draw.
    static func recount(
        _ jitter: PipelineJitter, scaled: SimDuration, speed: Double, seed: UInt64, tap: Int, step: Int
    ) -> Double {
        var rng = SplitMix64(seed: PipelineJitter.streamSeed(seed: seed, tap: tap, step: step))
        var nanoseconds = Double(scaled.nanoseconds)
        if jitter.spread > 0 {
            nanoseconds *= PortableMath.exp(jitter.spread * min(6, max(-6, ZigguratNormal.draw(using: &rng))))
        }
        if jitter.pauseProbability > 0, rng.uniform() < jitter.pauseProbability, speed > 0 {
            nanoseconds += Double(jitter.pause.nanoseconds) / speed
        }
        return min(Double(Int64.max / 4), nanoseconds)
    }

    static let jitters: [PipelineJitter] = [
        .standard, PipelineJitter(spread: 1.2, pauseProbability: 0.3, pause: .milliseconds(40)),
        PipelineJitter(spread: 0, pauseProbability: 0.5, pause: .milliseconds(7)),
        PipelineJitter(spread: 2, pauseProbability: 1, pause: .seconds(Int64(40_000))),
    ]

    @Test func onChipDrawsAreTheFullFormulaBitForBit() {
        for (index, jitter) in Self.jitters.enumerated() {
            for speed in [0.7, 1, 2.5, 6, 0] {
                let onChip = PipelineJitter.OnChip(jitter, speed: speed)
                for seed in UInt64(0)..<60 {
                    let scaled = SimDuration.nanoseconds(Int64(seed) * 7_919_777 + 1)
                    for tap in 0..<6 {
                        for step in 0..<8 {
                            let drawn = onChip.cost(scaled, seed: seed, tap: tap, step: step)
                            let expected = SimDuration(
                                nanoseconds: PipelineJitter.roundedToNearest(
                                    Self.recount(jitter, scaled: scaled, speed: speed, seed: seed, tap: tap, step: step)
                                ))
                            if drawn != expected {
                                let label = "jitter \(index) speed \(speed) seed \(seed) tap \(tap) step \(step)"
                                Issue.record("\(label): \(drawn) vs \(expected)")
                                return
                            }
                        }
                    }
                }
            }
        }
    }

    /// The prepared plan's kept figures agree with the pipeline's steps on every watch.
    @Test(arguments: [CheckOffPipeline.naive, .optimized, .instant])
    func preparedPlanKeepsEachStepsFigures(_ pipeline: CheckOffPipeline) throws {
        for watch in WatchModel.catalog {
            for jitter in [PipelineJitter.exact, .standard] {
                let session = PipelineSession(pipeline: pipeline, watch: watch, jitter: jitter)
                for (index, step) in pipeline.steps.enumerated() {
                    let plan = session.prepared.plan[index]
                    let scaled = step.scaledCost(speed: watch.relativeSpeed)
                    #expect(plan.scaledCost == scaled, "\(watch.name) step \(index)")
                    #expect(
                        plan.isDrawn == (!jitter.isExact && scaled.nanoseconds > 0), "\(watch.name) step \(index)")
                }
            }
        }
    }
}
