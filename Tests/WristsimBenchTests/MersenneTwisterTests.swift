import Testing

@testable import wristsim_bench

/// Check values from CPython 3.11 (`random.Random(seed)`); the first two groups are the ones
/// published in `shared/bench/WORKLOAD.md`.
@Suite struct MersenneTwisterTests {
    @Test func randomMatchesCPythonForSeed42() {
        var rng = MersenneTwister(seed: 42)
        #expect(rng.random() == 0.6394267984578837)
        #expect(rng.random() == 0.025010755222666936)
        #expect(rng.random() == 0.27502931836911926)
    }

    @Test func expovariateMatchesCPythonForSeed42() {
        var rng = MersenneTwister(seed: 42)
        #expect(rng.expovariate(1.0) == 1.020060287274801)
        #expect(rng.expovariate(1.0) == 0.02532883904273889)
        #expect(rng.expovariate(1.0) == 0.3216240640749656)
    }

    /// Workload A's first walking times: the rate is `1.0 / 30`, divided by (not a multiplied mean).
    @Test func walkingTimesMatchWorkloadA() {
        var rng = MersenneTwister(seed: 42)
        let rate = 1.0 / 30.0
        #expect(rng.expovariate(rate) == 30.601808618244032)
        #expect(rng.expovariate(rate) == 0.7598651712821668)
        #expect(rng.expovariate(rate) == 9.648721922248967)
    }

    @Test func raw32BitOutputsMatchGetrandbits() {
        var rng = MersenneTwister(seed: 42)
        #expect([rng.next32(), rng.next32(), rng.next32()] == [2_746_317_213, 478_163_327, 107_420_369])
    }

    /// `(seed, first random(), second random())`; 2^40 + 5 needs a two-word key.
    @Test(arguments: [
        (UInt64(0), 0.8444218515250481, 0.7579544029403025),
        (UInt64(1 << 40 + 5), 0.5043802970418443, 0.2686044399723282),
    ])
    func otherSeedsMatchCPython(seed: UInt64, first: Double, second: Double) {
        var rng = MersenneTwister(seed: seed)
        #expect(rng.random() == first, "seed \(seed)")
        #expect(rng.random() == second, "seed \(seed)")
    }

    /// Crosses two state regenerations (1,001 doubles = 2,002 words > 2 x 624).
    @Test func streamStaysInStepAcrossTwists() {
        var rng = MersenneTwister(seed: 42)
        for _ in 0..<1000 { _ = rng.random() }
        #expect(rng.random() == 0.09935462460613032)
    }

    @Test func next64CombinesTwo32BitDraws() {
        var wide = MersenneTwister(seed: 7)
        var narrow = MersenneTwister(seed: 7)
        let expected = UInt64(narrow.next32()) << 32 | UInt64(narrow.next32())
        #expect(wide.next() == expected)
    }
}
