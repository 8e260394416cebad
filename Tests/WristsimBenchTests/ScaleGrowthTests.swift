import Testing

@testable import wristsim_bench

/// The rule CI applies to `wristsim-bench scale --max-growth`: ×10 in n may cost about ×10 to
/// ×13 in CPU time (linear, n log n), never about ×100 (quadratic); tiny times are not judged.
@Suite struct ScaleGrowthTests {
    func measured(_ input: String, _ n: Int, cpu: Double, passed: Bool = true) -> ScaleMeasurement {
        ScaleMeasurement(input: input, n: n, seconds: cpu, cpuSeconds: cpu, kilobytes: 1_000, passed: passed)
    }

    @Test func linearAndNLogNGrowthPass() {
        let runs = [
            measured("taps", 1_000, cpu: 0.03), measured("taps", 10_000, cpu: 0.3), measured("taps", 100_000, cpu: 3.1),
            measured("sweepCells", 1_000, cpu: 0.128), measured("sweepCells", 10_000, cpu: 1.71),
        ]
        #expect(ScaleGrowth(limit: 25).violations(in: runs).isEmpty)
    }

    @Test func quadraticGrowthFailsAndNamesTheInput() {
        // The loader before ec445f98: 0.016 CPU-s at 10^3, 0.573 at 10^4.
        let runs = [measured("loader", 1_000, cpu: 0.016), measured("loader", 10_000, cpu: 0.573)]
        let found = ScaleGrowth(limit: 25).violations(in: runs)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("loader grew ×35.8 in CPU time from n = 1000 to n = 10000") == true)
    }

    @Test func tinyTimesAreNotJudged() {
        // ×50, but the larger size takes under 0.1 CPU-s: start-up and clock resolution.
        let runs = [measured("pushes", 1_000, cpu: 0.001), measured("pushes", 10_000, cpu: 0.05)]
        #expect(ScaleGrowth(limit: 25).violations(in: runs).isEmpty)
        // A tiny smaller size counts as 0.01 CPU-s, so 0.002 -> 0.2 is ×20, not ×100.
        let start = [measured("pushes", 1_000, cpu: 0.002), measured("pushes", 10_000, cpu: 0.2)]
        #expect(ScaleGrowth(limit: 25).violations(in: start).isEmpty)
    }

    @Test func sizesOfDifferentInputsAreNotCompared() {
        let runs = [measured("repeating", 10_000, cpu: 0.01), measured("deliveries", 1_000, cpu: 1.5)]
        #expect(ScaleGrowth(limit: 25).violations(in: runs).isEmpty)
    }

    @Test func aRunThatDidNotPassIsReported() {
        let runs = [measured("terminations", 1_000, cpu: 0.01, passed: false)]
        #expect(
            ScaleGrowth(limit: 25).violations(in: runs) == ["terminations at n = 1000: a run did not pass its checks"])
    }
}
