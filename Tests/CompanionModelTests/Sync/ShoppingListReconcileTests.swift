import CompanionModel
import SimulationKernel
import Testing

@Suite struct ShoppingListReconcileTests {
    private func makeList() -> ShoppingList {
        var order = StoreOrder()
        order.learn(trip: ["kale", "bread", "eggs"])
        return ShoppingList(
            items: [ShoppingItem(id: "eggs", title: "Eggs"), ShoppingItem(id: "kale", title: "Kale")], order: order)
    }

    @Test func anAddedItemTakesItsStorePlace() {
        var list = makeList()
        #expect(
            list.reconcile("bread", with: SyncedItem(id: "bread", title: "Bread", status: .open), at: .zero) == .changed
        )
        #expect(list.items.map(\.id) == ["kale", "bread", "eggs"])
        #expect(
            list.reconcile("tofu", with: SyncedItem(id: "tofu", title: "Tofu", status: .open), at: .zero) == .changed)
        #expect(list.items.map(\.id) == ["kale", "bread", "eggs", "tofu"])
        #expect(list.remainingCount == 4)
        #expect(list.position(of: "eggs") == 2)
        #expect(list.item("tofu")?.title == "Tofu")
    }

    @Test func renameCheckAndRemoveFollowTheReplica() {
        var list = makeList()
        let time = SimTime(offset: .seconds(5))
        #expect(
            list.reconcile("kale", with: SyncedItem(id: "kale", title: "Kale", status: .open), at: time) == .unchanged)
        #expect(
            list.reconcile("kale", with: SyncedItem(id: "kale", title: "Baby kale", status: .checkedOff), at: time)
                == .changed)
        #expect(list.item("kale")?.title == "Baby kale")
        #expect(list.state(of: "kale") == .checked(at: time))
        #expect(list.checkOffOrder == ["kale"])
        #expect(list.reconcile("kale", with: nil, at: time) == .changed)
        #expect(list.items.map(\.id) == ["eggs"])
        #expect(list.checkOffOrder.isEmpty)
        #expect(list.remainingCount == 1)
        #expect(list.position(of: "eggs") == 0)
        #expect(list.reconcile("kale", with: nil, at: time) == .unknownItem)
    }
}
