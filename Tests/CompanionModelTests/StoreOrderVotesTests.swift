import SimulationKernel
import Testing

@testable import CompanionModel

/// The vote store folds its log into a sorted table in steps; whatever the step, every pair's
/// votes and the learned order are those of plain counting.
@Suite struct StoreOrderVotesTests {
    /// Many random trips over a small pool (many repeated pairs, both directions, folds of the log
    /// part-way), checked against a dictionary count of the same windowed votes.
    @Test(arguments: 0..<10)
    func netVotesEqualPlainCountingAcrossFolds(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var votes = StoreOrderVotes()
        var reference: [Int: [Int: Int]] = [:]
        for _ in 0..<Int.random(in: 50...200, using: &rng) {
            let trip = (0..<Int.random(in: 2...60, using: &rng)).map { _ in Int.random(in: 0..<80, using: &rng) }
            var seen: Set<Int> = []
            let unique = trip.filter { seen.insert($0).inserted }
            for (index, before) in unique.enumerated() {
                for after in unique[(index + 1)..<min(unique.count, index + 1 + StoreOrder.window)] {
                    votes.add(before, before: after)
                    reference[before, default: [:]][after, default: 0] += 1
                }
            }
            votes.endTrip()
        }
        var folded = votes
        folded.fold()
        for tally in folded.tallies {
            let (low, high) = (tally.low, tally.high)
            #expect(Int(tally.forward) == reference[low]?[high] ?? 0, "seed \(seed): \(low) before \(high)")
            #expect(Int(tally.backward) == reference[high]?[low] ?? 0, "seed \(seed): \(high) before \(low)")
        }
        let pairs = Set(reference.flatMap { before, afters in afters.keys.map { [min(before, $0), max(before, $0)] } })
        #expect(folded.tallies.count == pairs.count, "seed \(seed): every voted pair has its entry")
        #expect(folded.tallies.map(\.pair) == folded.tallies.map(\.pair).sorted(), "seed \(seed): sorted by pair")
        #expect(Set(folded.tallies.map(\.pair)).count == folded.tallies.count, "seed \(seed): one entry per pair")
    }

    /// Learning trip by trip (the order computed after each) and all at once (computed at the end)
    /// give the same learned order, with the same ranks.
    @Test(arguments: 0..<10)
    func learningTripByTripEqualsLearningAllAtOnce(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let pool = (0..<300).map { "i\($0)" }
        let trips = (0..<Int.random(in: 1...60, using: &rng)).map { _ in
            (0..<Int.random(in: 1...80, using: &rng)).map { _ in pool.randomElement(using: &rng) ?? "i0" }
        }
        var stepwise = StoreOrder()
        for trip in trips { stepwise.learn(trip: trip) }
        let atOnce = StoreOrder(trips: trips)
        #expect(stepwise.tripCount == atOnce.tripCount, "seed \(seed)")
        #expect(stepwise.sorted(pool) == atOnce.sorted(pool), "seed \(seed)")
        #expect(pool.allSatisfy { stepwise.rank(of: $0) == atOnce.rank(of: $0) }, "seed \(seed)")
    }
}
