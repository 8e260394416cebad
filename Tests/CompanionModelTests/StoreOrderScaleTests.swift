import CompanionModel
import SimulationKernel
import Testing

/// Issue #15, "quadratic paths": learning is linear in the items of a trip, and the order is the
/// one every-pair voting gave whenever the trips are short enough for the window.
@Suite struct StoreOrderScaleTests {
    /// The previous rule, kept as the reference: every pair of a trip votes; the next item is the
    /// remaining one with the fewest unresolved predecessors, then the smallest mean position,
    /// then the first seen. O(v²) — only for small property inputs.
    static func allPairsOrder(_ trips: [[ItemID]]) -> [ItemID] {
        var votes: [String: Int] = [:]
        var firstSeen: [ItemID: Int] = [:]
        var positionSum: [ItemID: Double] = [:]
        var appearances: [ItemID: Int] = [:]
        for trip in trips {
            var seen: Set<ItemID> = []
            let unique = trip.filter { seen.insert($0).inserted }
            for (index, item) in unique.enumerated() {
                if firstSeen[item] == nil { firstSeen[item] = firstSeen.count }
                positionSum[item, default: 0] += (Double(index) + 0.5) / Double(unique.count)
                appearances[item, default: 0] += 1
                for later in unique[(index + 1)...] { votes["\(item)>\(later)", default: 0] += 1 }
            }
        }
        func preference(_ a: ItemID, _ b: ItemID) -> Int {
            votes["\(a)>\(b)", default: 0] - votes["\(b)>\(a)", default: 0]
        }
        var inDegree: [ItemID: Int] = [:]
        for a in firstSeen.keys {
            for b in firstSeen.keys where preference(a, b) > 0 { inDegree[b, default: 0] += 1 }
        }
        var remaining = Set(firstSeen.keys)
        var result: [ItemID] = []
        while let next = remaining.min(by: { a, b in
            let (da, db) = (inDegree[a, default: 0], inDegree[b, default: 0])
            if da != db { return da < db }
            let (pa, pb) = (
                positionSum[a, default: 0] / Double(appearances[a, default: 1]),
                positionSum[b, default: 0] / Double(appearances[b, default: 1])
            )
            if pa != pb { return pa < pb }
            return firstSeen[a, default: 0] < firstSeen[b, default: 0]
        }) {
            remaining.remove(next)
            result.append(next)
            for other in remaining where preference(next, other) > 0 { inDegree[other, default: 0] -= 1 }
        }
        return result
    }

    /// Property: with trips of at most window + 1 items — consistent or contradicting, with
    /// repeats — the windowed rule gives exactly the every-pair order.
    @Test(arguments: 0..<200)
    func shortTripsLearnTheSameOrderAsEveryPairVoting(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let pool = (0..<40).map { "i\($0)" }
        var trips: [[ItemID]] = []
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            let length = Int.random(in: 1...(StoreOrder.window + 1), using: &rng)
            trips.append((0..<length).map { _ in pool.randomElement(using: &rng) ?? "i0" })
        }
        var order = StoreOrder()
        for trip in trips { order.learn(trip: trip) }
        let expected = Self.allPairsOrder(trips)
        #expect(order.sorted(expected.reversed()) == expected, "seed \(seed): \(trips)")
    }

    /// One past trip of 5,000 items gave 12.5 million votes (1.2 GB, > 20 s); now it is learned
    /// in linear time, and a single trip is reproduced exactly.
    @Test func aLongTripIsLearnedInOrder() {
        let trip = (0..<5_000).map { "item\($0)" }
        var order = StoreOrder()
        order.learn(trip: trip)
        #expect(order.sorted(trip.reversed()) == trip)
        #expect(order.sorted(["item4999", "item0", "item2500"]) == ["item0", "item2500", "item4999"])
    }

    /// 10,000 single-item trips: the order scan was O(v²) (> 20 s); now n log n.
    @Test func manySingleItemTripsAreOrderedByFirstSeen() {
        let items = (0..<10_000).map { "item\($0)" }
        #expect(StoreOrder(trips: items.map { [$0] }).sorted(items.reversed()) == items)
    }
}
