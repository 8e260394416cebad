import CompanionModel
import SimulationKernel
import Testing

/// The facts the shopping list and the replica keep up to date instead of recomputing (the next
/// item, the remaining items and counts, the gate's held operations) agree with a recount after
/// any sequence of edits.
@Suite struct SyncDerivedStateTests {
    private let pool = ["kale", "bread", "eggs", "milk", "tofu", "rice", "figs"]

    @Test func theNextItemAndRemainingItemsMatchARecountAfterAnyReconciliation() {
        for seed in UInt64(0)..<200 {
            var rng = SplitMix64(seed: seed)
            var order = StoreOrder()
            order.learn(trip: ["rice", "kale", "eggs", "bread"])
            var list = ShoppingList(
                items: [ShoppingItem(id: "eggs", title: "Eggs"), ShoppingItem(id: "kale", title: "Kale")], order: order)
            for step in 0..<60 {
                let id = pool[Int.random(in: 0..<pool.count, using: &rng)]
                let time = SimTime(nanoseconds: Int64(step))
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: list.reconcile(id, with: nil, at: time)
                case 1:
                    list.reconcile(id, with: SyncedItem(id: id, title: "\(id) \(step % 3)", status: .open), at: time)
                case 2: list.reconcile(id, with: SyncedItem(id: id, title: id, status: .checkedOff), at: time)
                default: list.apply(rng.bernoulli(0.5) ? .check : .uncheck, to: id, at: time)
                }
                let remaining = list.items.filter { list.state(of: $0.id)?.isRemaining ?? false }
                #expect(list.nextItem == remaining.first, "seed \(seed) step \(step)")
                #expect(list.remainingItems == remaining, "seed \(seed) step \(step)")
                #expect(list.remainingCount == remaining.count, "seed \(seed) step \(step)")
                #expect(
                    list.checkedItems == list.items.map(\.id).filter { !(list.state(of: $0)?.isRemaining ?? true) },
                    "seed \(seed) step \(step)")
                for (index, item) in list.items.enumerated() {
                    #expect(list.position(of: item.id) == index, "seed \(seed) step \(step)")
                    let above = list.items[..<index].filter { list.state(of: $0.id)?.isRemaining ?? false }.count
                    #expect(list.remainingItemsAbove(item.id) == above, "seed \(seed) step \(step)")
                }
                #expect(list.remainingItemsAbove("nowhere") == nil)
                // Items seen in a trip keep the trip's order; the others follow.
                let ranked = list.items.map(\.id).filter { ["rice", "kale", "eggs", "bread"].contains($0) }
                #expect(ranked == ["rice", "kale", "eggs", "bread"].filter { ranked.contains($0) }, "seed \(seed)")
            }
        }
    }

    @Test func theReplicasRemainingCountMatchesItsList() {
        for seed in UInt64(0)..<200 {
            var rng = SplitMix64(seed: seed)
            let loaded = [ShoppingItem(id: "kale", title: "Kale"), ShoppingItem(id: "milk", title: "Milk")]
            let catalog = ItemCatalog(loaded.map(\.id), adding: pool)
            var phone = ListReplica(device: .phone, items: loaded, catalog: catalog)
            var watch = ListReplica(device: .watch, items: loaded, catalog: catalog)
            var toWatch: [ListOperation] = []
            for _ in 0..<40 {
                let id = pool[Int.random(in: 0..<pool.count, using: &rng)]
                let edits: [ListEdit] = [.add(title: id), .remove, .rename(title: "\(id)!"), .check, .uncheck]
                let edit = edits[Int.random(in: 0..<edits.count, using: &rng)]
                for case .send(let operation) in phone.reduce(.edit(id, edit)) { toWatch.append(operation) }
                if rng.bernoulli(0.3), !toWatch.isEmpty {
                    // Deliver one in-flight operation, possibly out of order.
                    let index = Int.random(in: 0..<toWatch.count, using: &rng)
                    _ = watch.reduce(.received(toWatch.remove(at: index)))
                }
                for replica in [phone, watch] {
                    #expect(
                        replica.remainingCount == replica.list.filter { $0.status == .open }.count, "seed \(seed)")
                }
            }
            for operation in toWatch { _ = watch.reduce(.received(operation)) }
            #expect(watch.list == phone.list, "seed \(seed)")
            #expect(watch.heldCount == 0, "seed \(seed)")
            #expect(watch.remainingCount == phone.remainingCount, "seed \(seed)")
        }
    }

    @Test func aGateReleasesHeldSuccessorsOneByOneInOrder() {
        func operation(_ sequence: Int) -> ListOperation {
            ListOperation(
                id: OperationID(origin: .phone, sequence: sequence), item: "kale", key: 0, edit: .check,
                version: SyncVersion(counter: sequence, device: .phone))
        }
        var gate = SequenceGate()
        #expect(gate.admit(operation(3)) == .held(waitingFor: 1))
        #expect(gate.admit(operation(2)) == .held(waitingFor: 1))
        #expect(gate.admit(operation(2)) == .duplicate)
        #expect(gate.releaseNext() == nil)
        #expect(gate.admit(operation(1)) == .pass)
        #expect(gate.releaseNext() == operation(2))
        #expect(gate.releaseNext() == operation(3))
        #expect(gate.releaseNext() == nil)
        #expect(gate.passedThrough == 3)
        #expect(gate.held.isEmpty)
        #expect(gate.admit(operation(1)) == .duplicate)
    }
}
