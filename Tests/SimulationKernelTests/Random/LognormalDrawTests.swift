import Testing

@testable import SimulationKernel

@Suite struct LognormalDrawTests {
    /// The draw is its definition: the stream's clamped normal raised to a factor, then the
    /// stream's next uniform; no normal is drawn for a zero spread.
    @Test(arguments: [0, 0.2, 2] as [Double])
    func theDrawIsTheStreamsNormalThenItsUniform(spread: Double) {
        for seed in 0..<2_000 as Range<UInt64> {
            var rng = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15)
            let factor =
                spread > 0 ? PortableMath.exp(spread * min(6, max(-6, ZigguratNormal.draw(using: &rng)))) : 1
            let uniform = rng.uniform()
            let draw = LognormalDraw(seed: seed &* 0x9E37_79B9_7F4A_7C15, spread: spread)
            #expect(draw.factor == factor && draw.uniform == uniform, "seed \(seed), spread \(spread)")
        }
    }

    /// The factor stays within the clamp and the uniform within [0, 1).
    @Test func theDrawsStayInTheirRanges() {
        for seed in 0..<10_000 as Range<UInt64> {
            let draw = LognormalDraw(seed: seed, spread: 0.5)
            #expect(draw.factor >= PortableMath.exp(-3) && draw.factor <= PortableMath.exp(3), "seed \(seed)")
            #expect(draw.uniform >= 0 && draw.uniform < 1, "seed \(seed)")
        }
    }
}
