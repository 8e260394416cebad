import Testing

@testable import SimulationKernel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct ZigguratNormalTests {
    /// The standard normal distribution function, from the C library (a reference, not a draw).
    private func normalCDF(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }

    /// Over many seeds, the draws follow the standard normal: the Kolmogorov–Smirnov distance
    /// is below its 1 % critical value, and mean and variance are 0 and 1.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func drawsFollowTheStandardNormal(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let count = 200_000
        let draws = (0..<count).map { _ in ZigguratNormal.draw(using: &rng) }.sorted()
        var distance = 0.0
        for (index, x) in draws.enumerated() {
            let cdf = normalCDF(x)
            distance = max(
                distance, abs(cdf - Double(index) / Double(count)), abs(cdf - Double(index + 1) / Double(count)))
        }
        #expect(distance < 1.63 / Double(count).squareRoot(), "seed \(seed): KS distance \(distance)")
        let mean = draws.reduce(0, +) / Double(count)
        let variance = draws.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(count - 1)
        #expect(abs(mean) < 0.01, "seed \(seed): mean \(mean)")
        #expect(abs(variance - 1) < 0.015, "seed \(seed): variance \(variance)")
    }

    /// The tail beyond the base layer (|z| > 3.44, probability 5.8 × 10⁻⁴) and the wedges are
    /// drawn at their rates, on both sides.
    @Test func tailsAreDrawnAtTheirRate() {
        var rng = SplitMix64(seed: 9)
        let count = 1_000_000
        var beyondThree = 0
        var beyondTailStart = (below: 0, above: 0)
        for _ in 0..<count {
            let z = ZigguratNormal.draw(using: &rng)
            if abs(z) > 3 { beyondThree += 1 }
            if z < -3.5 { beyondTailStart.below += 1 }
            if z > 3.5 { beyondTailStart.above += 1 }
        }
        let expectedBeyondThree = 2 * normalCDF(-3) * Double(count)  // 2,700
        #expect(abs(Double(beyondThree) - expectedBeyondThree) < 4 * expectedBeyondThree.squareRoot())
        let expectedSide = normalCDF(-3.5) * Double(count)  // 233
        for side in [beyondTailStart.below, beyondTailStart.above] {
            #expect(abs(Double(side) - expectedSide) < 4 * expectedSide.squareRoot(), "\(beyondTailStart)")
        }
    }

    @Test func aSeedGivesTheSameDraws() {
        var first = SplitMix64(seed: 5)
        var second = SplitMix64(seed: 5)
        let a = (0..<1_000).map { _ in ZigguratNormal.draw(using: &first) }
        let b = (0..<1_000).map { _ in ZigguratNormal.draw(using: &second) }
        #expect(a == b)
        #expect(Set(a).count == a.count)
    }

    /// The tables are the recursion that defines them: every layer has area `v` (the base layer
    /// counting its tail), and the widths shrink to 0 at the top.
    @Test func tablesFollowTheirRecursion() {
        let widths = ZigguratNormal.widths
        let heights = ZigguratNormal.heights
        #expect(widths.count == 129 && heights.count == 129)
        #expect(widths[1] == ZigguratNormal.tailStart && widths[128] == 0 && heights[128] == 1)
        let v = 9.912_563_035_262_17e-3  // every layer's area under the unnormalised f (Marsaglia & Tsang)
        let tail = (2 * Double.pi).squareRoot() * normalCDF(-ZigguratNormal.tailStart)
        #expect(abs(widths[0] * heights[1] - v) < 1e-15, "base layer as one rectangle")
        #expect(abs(ZigguratNormal.tailStart * heights[1] + tail - v) < 1e-12, "base rectangle and tail")
        for layer in 1..<127 {
            #expect(abs(widths[layer] * (heights[layer + 1] - heights[layer]) - v) < 1e-12, "layer \(layer)")
        }
        // The top layer is closed at x₁₂₈ = 0, f = 1: the published r and v make its area v to 10 digits.
        #expect(abs(widths[127] * (1 - heights[127]) - v) < 1e-10)
        for layer in 1..<128 {
            #expect(widths[layer] > widths[layer + 1], "layer \(layer)")
        }
    }
}
