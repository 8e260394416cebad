import SimulationKernel
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct PortableMathTests {
    /// Units in the last place between `value` and the C library's `reference`.
    private func ulps(_ value: Double, _ reference: Double) -> Double {
        abs(value - reference) / reference.ulp
    }

    @Test func expIsWithinTwoUnitsInTheLastPlaceOverItsWholeRange() {
        var rng = SplitMix64(seed: 1)
        var worst = 0.0
        for _ in 0..<100_000 {
            let x = rng.uniform(in: -708...709)
            worst = max(worst, ulps(PortableMath.exp(x), Glibc_exp(x)))
        }
        for _ in 0..<100_000 {
            let x = rng.uniform(in: -12...12)  // a jitter factor's range
            worst = max(worst, ulps(PortableMath.exp(x), Glibc_exp(x)))
        }
        #expect(worst <= 2, "worst error \(worst) ulp")
    }

    @Test func expHandlesItsEdges() {
        #expect(PortableMath.exp(0) == 1)
        #expect(abs(PortableMath.exp(1) - 2.718_281_828_459_045) <= 2.718_281_828_459_045.ulp)
        #expect(PortableMath.exp(-709) == 0)
        #expect(PortableMath.exp(710) == .infinity)
        #expect(PortableMath.exp(.infinity) == .infinity)
        #expect(PortableMath.exp(-.infinity) == 0)
        #expect(PortableMath.exp(.nan).isNaN)
        #expect(PortableMath.exp(709) > 8e307)
    }

    @Test func logIsWithinTwoUnitsInTheLastPlaceForUniformDrawsAndBeyond() {
        var rng = SplitMix64(seed: 2)
        var worst = 0.0
        for _ in 0..<100_000 {
            let x = 1 - rng.uniform()  // (0, 1], as the draws use it
            let reference = Glibc_log(x)
            if reference != 0 { worst = max(worst, ulps(PortableMath.log(x), reference)) }
        }
        for _ in 0..<100_000 {
            let x = PortableMath.exp(rng.uniform(in: -700...700))
            let reference = Glibc_log(x)
            if abs(reference) > 1e-3 { worst = max(worst, ulps(PortableMath.log(x), reference)) }
        }
        #expect(worst <= 2, "worst error \(worst) ulp")
    }

    @Test func logHandlesItsEdges() {
        #expect(PortableMath.log(1) == 0)
        #expect(PortableMath.log(0) == -.infinity)
        #expect(PortableMath.log(-1).isNaN)
        #expect(PortableMath.log(.nan).isNaN)
        #expect(PortableMath.log(.infinity) == .infinity)
        #expect(abs(PortableMath.log(.leastNonzeroMagnitude) - -744.440_071_921_381_3) < 1e-12)
        #expect(abs(PortableMath.log(.greatestFiniteMagnitude) - 709.782_712_893_384) < 1e-12)
        #expect(PortableMath.log(2) == 0.693_147_180_559_945_3)
    }

    @Test func exponentialDrawsHaveTheirMean() {
        var rng = SplitMix64(seed: 3)
        let draws = (0..<200_000).map { _ in rng.exponential(mean: 30) }
        let mean = draws.reduce(0, +) / Double(draws.count)
        #expect(abs(mean / 30 - 1) < 0.01, "mean \(mean)")
        #expect(draws.allSatisfy { $0 >= 0 && $0.isFinite })
    }
}

#if canImport(Glibc)
    private func Glibc_exp(_ x: Double) -> Double { Glibc.exp(x) }
    private func Glibc_log(_ x: Double) -> Double { Glibc.log(x) }
#elseif canImport(Darwin)
    private func Glibc_exp(_ x: Double) -> Double { Darwin.exp(x) }
    private func Glibc_log(_ x: Double) -> Double { Darwin.log(x) }
#endif
