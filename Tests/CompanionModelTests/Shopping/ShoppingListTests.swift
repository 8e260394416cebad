import CompanionModel
import SimulationKernel
import Testing

/// The watch's list is a view of its replica in store order: whatever the replicas go through,
/// it shows exactly the replica's listed items, ordered by store-order rank, then by the
/// replicas' canonical order.
@Suite struct ShoppingListTests {
    let items = [
        ShoppingItem(id: "eggs", title: "Eggs"), ShoppingItem(id: "kale", title: "Kale", due: SimTime(nanoseconds: 5)),
        ShoppingItem(id: "milk", title: "Milk"),
    ]

    @Test func sortsByStoreOrderAndFollowsTheReplica() {
        var order = StoreOrder()
        order.learn(trip: ["kale", "eggs", "milk"])
        var watch = WatchListDriver(items: items, order: order, adding: ["bread"])
        #expect(watch.list.items.map(\.id) == ["kale", "eggs", "milk"])
        #expect(watch.list.nextItemID == "kale")
        #expect(watch.edit("kale", .check)?.item == nil)
        #expect(watch.list.nextItemID == "eggs")
        #expect(watch.list.remainingCount == 2)
        #expect(watch.list.checkedItems == ["kale"])
        #expect(watch.edit("bread", .add(title: "Bread"))?.item?.title == "Bread")
        #expect(watch.list.items.map(\.id) == ["kale", "eggs", "milk", "bread"])
        _ = watch.edit("kale", .uncheck)
        #expect(watch.list.remainingItems.map(\.id) == ["kale", "eggs", "milk", "bread"])
        #expect(watch.list.item("kale")?.due == SimTime(nanoseconds: 5), "a loaded item keeps its due date")
        _ = watch.edit("kale", .remove)
        #expect(watch.list.item("kale") == nil)
        _ = watch.edit("kale", .add(title: "Kale again"))
        #expect(watch.list.item("kale") == ShoppingItem(id: "kale", title: "Kale again"), "re-added: no due date")
    }

    /// Two replicas edited at random on both sides, operations delivered late and out of order:
    /// after every step the watch's view is the watch replica's listed items in store order.
    @Test(arguments: 0..<300)
    func theViewIsTheReplicasItemsInStoreOrderAfterEveryStep(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let pool = ["kale", "bread", "eggs", "milk", "tofu", "rice", "figs"]
        let loaded = [ShoppingItem(id: "eggs", title: "Eggs"), ShoppingItem(id: "kale", title: "Kale")]
        let trip = pool.filter { _ in rng.bernoulli(0.6) }.shuffled(using: &rng)
        let order = StoreOrder(trips: [trip])
        let catalog = ItemCatalog(loaded.map(\.id), adding: pool)
        let layout = ShoppingListLayout(catalog: catalog, loaded: loaded, order: order)
        var watch = ListReplica(device: .watch, items: loaded, catalog: catalog)
        var phone = ListReplica(device: .phone, items: loaded, catalog: catalog)
        var toWatch: [ListOperation] = []
        var toPhone: [ListOperation] = []
        for step in 0..<60 {
            let id = pool[Int.random(in: 0..<pool.count, using: &rng)]
            let edits: [ListEdit] = [.add(title: id), .remove, .rename(title: "\(id) \(step)"), .check, .uncheck]
            let edit = edits[Int.random(in: 0..<edits.count, using: &rng)]
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: if let operation = phone.edit(id, edit) { toWatch.append(operation) }
            case 1: if let operation = watch.edit(id, edit) { toPhone.append(operation) }
            case 2 where !toWatch.isEmpty:
                watch.deliver(toWatch.remove(at: Int.random(in: 0..<toWatch.count, using: &rng)))
            default:
                if !toPhone.isEmpty { phone.deliver(toPhone.removeFirst()) }
            }
            let list = ShoppingList(replica: watch, layout: layout)
            // The reference: the replica's canonical list, stably sorted by store-order rank.
            let expected = watch.list.enumerated()
                .sorted {
                    (order.rank(of: $0.element.id) ?? .max, $0.offset) < (
                        order.rank(of: $1.element.id) ?? .max, $1.offset
                    )
                }
                .map(\.element)
            let open = expected.filter { $0.status == .open }
            #expect(list.items.map(\.id) == expected.map(\.id), "seed \(seed) step \(step)")
            #expect(list.items.map(\.title) == expected.map(\.title), "seed \(seed) step \(step)")
            #expect(list.remainingItems.map(\.id) == open.map(\.id), "seed \(seed) step \(step)")
            #expect(list.remainingCount == open.count, "seed \(seed) step \(step)")
            #expect(list.nextItemID == open.first?.id, "seed \(seed) step \(step)")
            #expect(
                list.checkedItems == expected.filter { $0.status == .checkedOff }.map(\.id), "seed \(seed) step \(step)"
            )
            for (row, item) in open.enumerated() {
                let key = catalog.key(of: item.id) ?? -1
                #expect(layout.remainingAbove(key, in: watch.items) == row, "seed \(seed) step \(step) \(item.id)")
                #expect(layout.remaining(at: key, in: watch.items)?.item?.id == item.id, "seed \(seed) step \(step)")
            }
            for item in expected where item.status == .checkedOff {
                let key = catalog.key(of: item.id) ?? -1
                #expect(layout.remaining(at: key, in: watch.items).map { $0.item == nil } == true, "seed \(seed)")
            }
        }
    }
}
