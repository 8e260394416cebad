import Testing

@testable import wristsim_bench

/// Workload A against SimPy 4.1.2: the published reference run (WORKLOAD.md §2.4) and smaller
/// runs whose figures came from `simpy_shop.py` with the same options.
@Suite struct ShopSimulationTests {
    @Test func referenceRunReproducesThePublishedCheckValues() {
        let outcome = ShopSimulation.run(.reference)
        #expect(outcome.taps == 50_000)
        #expect(outcome.delivered == 50_000)
        #expect(outcome.attempts == 52_599)
        #expect(outcome.retries == 2_599)
        #expect(outcome.events == 310_396)
        #expect(outcome.simulatedSeconds == 2213.9798645338014, "bit-for-bit: \(outcome.simulatedSeconds)")
        #expect(outcome == .reference)
    }

    /// `(N, K, seed)` and SimPy's `(taps, attempts, retries, events, simulated time)`. N = 3000,
    /// K = 5 overloads the phone and keeps the UI thread 80% busy, so queues and ties abound.
    @Test(arguments: [
        (20, 5, 42, 100, 103, 3, 612, 369.08791153497845),
        (3, 200, 42, 600, 627, 27, 3_708, 6745.166351550251),
        (200, 10, 7, 2_000, 2_100, 100, 12_400, 650.9615654379581),
        (3000, 5, 42, 15_000, 15_827, 827, 93_308, 507.7633016863334),
        (3000, 5, 1, 15_000, 15_810, 810, 93_240, 482.37158376161386),
    ] as [(Int, Int, UInt64, Int, Int, Int, Int, Double)])
    func smallerRunsMatchSimPy(
        shoppers: Int, items: Int, seed: UInt64, taps: Int, attempts: Int, retries: Int, events: Int, end: Double
    ) {
        let outcome = ShopSimulation.run(ShopParameters(shoppers: shoppers, itemsPerShopper: items, seed: seed))
        let expected = ShopOutcome(
            taps: taps, delivered: taps, attempts: attempts, retries: retries, events: events, simulatedSeconds: end)
        #expect(outcome == expected, "N \(shoppers) K \(items) seed \(seed)")
    }

    /// Property: for any seed, every message is delivered and the counted events follow the
    /// closed form `4*taps + 2*attempts + 2*retries` (each resumption counted exactly once).
    @Test(arguments: 0..<20)
    func closedFormHoldsForAnySeed(seed: UInt64) {
        let parameters = ShopParameters(shoppers: 150, itemsPerShopper: 8, seed: seed)
        let outcome = ShopSimulation.run(parameters)
        #expect(outcome.taps == 1_200, "seed \(seed)")
        #expect(outcome.delivered == 1_200, "seed \(seed)")
        #expect(outcome.attempts == outcome.delivered + outcome.retries, "seed \(seed)")
        #expect(outcome.events == outcome.closedFormEvents, "seed \(seed)")
    }

    @Test func runsAreDeterministic() {
        let parameters = ShopParameters(shoppers: 300, itemsPerShopper: 10, seed: 9)
        #expect(ShopSimulation.run(parameters) == ShopSimulation.run(parameters))
    }
}
