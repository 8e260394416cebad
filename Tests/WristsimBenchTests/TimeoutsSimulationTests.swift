import SimulationKernel
import Testing

@testable import wristsim_bench

/// Workload B against SimPy 4.1.2: the published reference run (WORKLOAD.md §3, about 2 s in a
/// debug build) and smaller runs whose end times came from `simpy_micro.py` with the same options.
@Suite struct TimeoutsSimulationTests {
    @Test func referenceRunReproducesThePublishedCheckValues() {
        let outcome = TimeoutsSimulation.run(.reference)
        #expect(outcome.events == 1_000_000)
        #expect(outcome.simulatedSeconds == 1101.265907148702, "bit-for-bit: \(outcome.simulatedSeconds)")
    }

    /// `(P, L, seed, SimPy's simulated time)`.
    @Test(arguments: [
        (10, 100, 42, 131.4551017705656),
        (1, 5, 42, 2.9531920488707017),
        (500, 20, 3, 34.62804280156953),
    ] as [(Int, Int, UInt64, Double)])
    func smallerRunsMatchSimPy(processes: Int, timeouts: Int, seed: UInt64, end: Double) {
        let parameters = TimeoutsParameters(processes: processes, timeoutsPerProcess: timeouts, seed: seed)
        let outcome = TimeoutsSimulation.run(parameters)
        #expect(outcome.events == processes * timeouts, "P \(processes) L \(timeouts) seed \(seed)")
        #expect(outcome.simulatedSeconds == end, "P \(processes) L \(timeouts) seed \(seed)")
    }

    /// With one process the run is a plain sum: the end time is the running sum `now + delay`
    /// of the first L draws of the stream, in order.
    @Test(arguments: 0..<10)
    func oneProcessEndsAtTheRunningSumOfItsDraws(seed: UInt64) {
        var rng = MersenneTwister(seed: seed)
        var now = 0.0
        for _ in 0..<50 { now = now + rng.expovariate(1.0) }
        let outcome = TimeoutsSimulation.run(TimeoutsParameters(processes: 1, timeoutsPerProcess: 50, seed: seed))
        #expect(outcome == TimeoutsOutcome(events: 50, simulatedSeconds: now), "seed \(seed)")
    }
}
