import CompanionModel
import SimulationKernel
import Testing

@Suite struct StoreOrderTests {
    /// The published example: two trips that share only Avocados order Kale before Eggs.
    @Test func ordersItemsThroughASharedItem() {
        var order = StoreOrder()
        order.learn(trip: ["avocados", "eggs", "milk"])
        order.learn(trip: ["kale", "carrots", "onions", "bell-peppers", "avocados"])
        #expect(order.sorted(["eggs", "kale"]) == ["kale", "eggs"])
        #expect(order.sorted(["milk", "onions", "eggs"]) == ["onions", "eggs", "milk"])
        let route = ["kale", "carrots", "onions", "bell-peppers", "avocados", "eggs", "milk"]
        #expect(order.sorted(route.reversed()) == route)
    }

    /// Items never bought together are placed by where they usually fall in a trip: apples,
    /// picked first in their trip, go before sourdough, picked late in another.
    @Test func unrelatedItemsAreOrderedByTheirUsualPositionInATrip() {
        var order = StoreOrder()
        order.learn(trip: ["bananas", "spinach", "onions", "sourdough"])
        order.learn(trip: ["bananas", "apples", "carrots", "milk"])
        #expect(order.sorted(["sourdough", "apples"]) == ["apples", "sourdough"])
        #expect(order.sorted(["sourdough", "carrots", "onions"]) == ["onions", "carrots", "sourdough"])
    }

    @Test func unknownItemsGoLastInListOrder() {
        var order = StoreOrder()
        order.learn(trip: ["bread", "milk"])
        #expect(order.sorted(["zucchini", "milk", "apples", "bread"]) == ["bread", "milk", "zucchini", "apples"])
    }

    @Test func withNoHistoryTheListKeepsItsOrder() {
        #expect(StoreOrder().sorted(["c", "a", "b"]) == ["c", "a", "b"])
    }

    @Test func theMajorityOfTripsWins() {
        var order = StoreOrder()
        order.learn(trip: ["milk", "bread"])
        order.learn(trip: ["bread", "milk"])
        order.learn(trip: ["bread", "milk"])
        #expect(order.sorted(["milk", "bread"]) == ["bread", "milk"])
    }

    @Test func aCycleIsBrokenDeterministically() {
        var order = StoreOrder()
        order.learn(trip: ["a", "b"])
        order.learn(trip: ["b", "c"])
        order.learn(trip: ["c", "a"])
        #expect(order.sorted(["c", "b", "a"]) == ["a", "b", "c"], "on a cycle the earliest-seen item leads")
        #expect(order.sorted(["b", "a", "c"]) == ["a", "b", "c"])
    }

    /// Property: the learned order always respects every pair whose votes agree in all trips
    /// when the trips are all consistent with one hidden store route.
    @Test(arguments: 0..<300)
    func consistentTripsReproduceTheRoute(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let route = (0..<30).map { "item\($0)" }
        var order = StoreOrder()
        var trips: [[ItemID]] = []
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            trips.append(route.filter { _ in rng.bernoulli(0.5) })
            order.learn(trip: trips[trips.count - 1])
        }
        for trip in trips {
            for (i, a) in trip.enumerated() {
                for b in trip[(i + 1)...] where order.rank(of: b)! < order.rank(of: a)! {
                    Issue.record("seed \(seed): \(a) was seen before \(b) but sorts after it")
                }
            }
        }
    }
}
