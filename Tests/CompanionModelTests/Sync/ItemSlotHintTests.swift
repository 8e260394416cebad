import CompanionModel
import SimulationKernel
import Testing

/// The shown list's join index of a loaded item is its replica slot, and the list
/// (``ShoppingList/position(of:joinIndex:)``) takes it as a checked hint: a hint, right, wrong
/// or stale, never changes an answer.
@Suite struct ItemSlotHintTests {
    private let pool = ["kale", "bread", "eggs", "milk", "tofu", "rice", "figs"]

    /// After any reconciliations, each item's join index leads back to its position, join
    /// indexes are distinct, a loaded item's equals its replica slot, and any other hint gives
    /// the position found by identifier.
    @Test func joinIndexesLeadBackToTheirItemsAndWrongHintsChangeNothing() {
        for seed in UInt64(0)..<200 {
            var rng = SplitMix64(seed: seed)
            var order = StoreOrder()
            order.learn(trip: ["rice", "kale", "eggs", "bread"])
            let loaded = ["eggs", "kale", "eggs", "milk"].map { ShoppingItem(id: $0, title: $0.capitalized) }
            var list = ShoppingList(items: loaded, order: order)
            let replica = ListReplica(device: .watch, items: loaded)
            var removed: Set<ItemID> = []
            for step in 0..<60 {
                let id = pool[Int.random(in: 0..<pool.count, using: &rng)]
                let time = SimTime(nanoseconds: Int64(step))
                let hint: Int? = rng.bernoulli(0.3) ? nil : Int.random(in: -2..<12, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    list.reconcile(id, with: nil, at: time, joinIndex: hint)
                    removed.insert(id)
                case 1:
                    list.reconcile(
                        id, with: SyncedItem(id: id, title: "\(id) \(step % 3)", status: .open), at: time,
                        joinIndex: hint)
                default:
                    list.reconcile(
                        id, with: SyncedItem(id: id, title: id, status: .checkedOff), at: time, joinIndex: hint)
                }
                let label = "seed \(seed) step \(step)"
                var joinIndexes: Set<Int> = []
                for (position, item) in list.items.enumerated() {
                    let joinIndex = list.joinIndex(atPosition: position)
                    #expect(joinIndexes.insert(joinIndex).inserted, "\(label)")
                    #expect(list.position(of: item.id, joinIndex: joinIndex) == position, "\(label)")
                    if !removed.contains(item.id), let slot = replica.items.firstIndex(where: { $0.id == item.id }) {
                        #expect(joinIndex == slot, "\(label): \(item.id)")
                    }
                    #expect(list.state(atPosition: position) == list.state(of: item.id), "\(label)")
                }
                for other in pool + ["nowhere"] {
                    let guess = Int.random(in: -2..<12, using: &rng)
                    #expect(list.position(of: other, joinIndex: guess) == list.position(of: other), "\(label)")
                    #expect(list.position(of: other, joinIndex: nil) == list.position(of: other), "\(label)")
                }
            }
        }
    }
}
