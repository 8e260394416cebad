import SimulationKernel
import Testing

@testable import CompanionModel

/// A pair of replicas loaded with the same list, with hand delivery.
private struct Pair {
    var watch: ListReplica
    var phone: ListReplica
    /// Operations sent and not yet delivered, per sender, in send order.
    var toPhone: [ListOperation] = []
    var toWatch: [ListOperation] = []

    init(_ items: [(ItemID, String)] = [("kale", "Kale"), ("milk", "Milk"), ("eggs", "Eggs")]) {
        let loaded = items.map { ShoppingItem(id: $0.0, title: $0.1) }
        let catalog = ItemCatalog(loaded.map(\.id), adding: ["bread", "tofu", "rice"])
        watch = ListReplica(device: .watch, items: loaded, catalog: catalog)
        phone = ListReplica(device: .phone, items: loaded, catalog: catalog)
    }

    /// The user edits `item` on `device`; the operation made is in flight.
    mutating func edit(_ device: LinkSide, _ item: ItemID, _ edit: ListEdit) {
        if device == .watch {
            if let operation = watch.edit(item, edit) { toPhone.append(operation) }
        } else {
            if let operation = phone.edit(item, edit) { toWatch.append(operation) }
        }
    }

    /// Delivers everything in flight, phone-bound first.
    mutating func deliverAll() {
        for operation in toPhone { phone.deliver(operation) }
        for operation in toWatch { watch.deliver(operation) }
        toPhone = []
        toWatch = []
    }
}

@Suite struct ListReplicaTests {
    /// A replica made afresh and then keeping a used replica's storage is the fresh replica: an
    /// item checked off, renamed or removed in the used one is restored in place, and a used
    /// replica of another list of the same length is replaced item by item.
    @Test func aFreshReplicaInAUsedOnesStorageIsTheFreshOne() {
        var used = Pair()
        used.edit(.watch, "kale", .check)
        used.edit(.watch, "milk", .rename(title: "Oat milk"))
        used.edit(.watch, "eggs", .remove)
        used.deliverAll()
        let fresh = Pair().watch
        var restored = Pair().watch
        restored.adoptStorage(of: &used.watch)
        #expect(restored.items == fresh.items)
        #expect(restored.list == fresh.list)
        #expect(restored.remainingCount == fresh.remainingCount)

        var other = Pair([("tea", "Tea"), ("rice", "Rice"), ("oats", "Oats")])
        other.edit(.watch, "rice", .check)
        var replaced = Pair().watch
        replaced.adoptStorage(of: &other.watch)
        #expect(replaced.items == fresh.items)
        #expect(replaced.list == fresh.list)
    }

    @Test func anItemAddedOnThePhoneReachesTheWatch() {
        var pair = Pair()
        pair.edit(.phone, "bread", .add(title: "Bread"))
        #expect(pair.watch.knownItem("bread")?.shown == nil)
        pair.deliverAll()
        #expect(pair.watch.knownItem("bread")?.shown == SyncedItem(id: "bread", title: "Bread", status: .open))
        #expect(pair.watch.list.map(\.id) == ["kale", "milk", "eggs", "bread"])
        #expect(pair.watch.list == pair.phone.list)
    }

    @Test func renameCheckAndRemoveFromThePhoneReachTheWatch() {
        var pair = Pair()
        pair.edit(.phone, "kale", .rename(title: "Curly kale"))
        pair.edit(.phone, "milk", .check)
        pair.edit(.phone, "eggs", .remove)
        pair.deliverAll()
        #expect(
            pair.watch.list == [
                SyncedItem(id: "kale", title: "Curly kale", status: .open),
                SyncedItem(id: "milk", title: "Milk", status: .checkedOff),
            ])
        #expect(pair.watch.list == pair.phone.list)
    }

    @Test func concurrentRenamesTheNewerCounterWins() {
        var pair = Pair()
        // The phone has made one more edit, so its rename carries the larger counter.
        pair.edit(.phone, "milk", .check)
        pair.edit(.phone, "kale", .rename(title: "Kale (phone)"))
        pair.edit(.watch, "kale", .rename(title: "Kale (watch)"))
        pair.deliverAll()
        #expect(pair.watch.knownItem("kale")?.shown?.title == "Kale (phone)")
        #expect(pair.phone.knownItem("kale")?.shown?.title == "Kale (phone)")
    }

    @Test func concurrentEditsWithEqualCountersTheWatchWins() {
        var pair = Pair()
        pair.edit(.phone, "kale", .check)
        pair.edit(.watch, "kale", .check)
        pair.deliverAll()
        pair.edit(.phone, "kale", .uncheck)  // 2@phone
        pair.edit(.watch, "kale", .check)  // refused: already checked on the watch
        pair.edit(.watch, "milk", .check)  // 2@watch, another item
        pair.edit(.phone, "eggs", .rename(title: "Brown eggs"))  // 3@phone
        pair.edit(.watch, "eggs", .rename(title: "White eggs"))  // 3@watch: same counter, the watch wins
        pair.deliverAll()
        #expect(pair.phone.knownItem("eggs")?.shown?.title == "White eggs")
        #expect(pair.watch.knownItem("eggs")?.shown?.title == "White eggs")
        #expect(pair.phone.knownItem("kale")?.shown?.status == .open)
        #expect(pair.watch.list == pair.phone.list)
    }

    @Test func aRemoveWinsOverANewerConcurrentCheck() {
        var pair = Pair()
        pair.edit(.watch, "milk", .check)
        pair.edit(.watch, "eggs", .check)
        pair.edit(.watch, "kale", .check)  // 3@watch, newer than the phone's remove
        pair.edit(.phone, "kale", .remove)  // 1@phone
        pair.deliverAll()
        #expect(pair.watch.knownItem("kale")?.shown == nil)
        #expect(pair.phone.knownItem("kale")?.shown == nil)
        #expect(pair.watch.list == pair.phone.list)
    }

    @Test func aNewerAddBringsARemovedItemBackInItsOldPlace() {
        var pair = Pair()
        pair.edit(.phone, "kale", .remove)
        pair.deliverAll()
        pair.edit(.watch, "kale", .add(title: "Kale again"))
        pair.deliverAll()
        #expect(pair.phone.list.map(\.id) == ["kale", "milk", "eggs"])
        #expect(pair.phone.knownItem("kale")?.shown == SyncedItem(id: "kale", title: "Kale again", status: .open))
        #expect(pair.watch.list == pair.phone.list)
    }

    @Test func editsTheDeviceCannotMakeAreRefused() {
        var pair = Pair()
        let (kale, tofu) = (pair.phone.catalog.key(of: "kale")!, pair.phone.catalog.key(of: "tofu")!)
        #expect(pair.phone.edit(kale, .add(title: "Kale")) == .refused(.alreadyListed))
        #expect(pair.phone.edit(tofu, .check) == .refused(.notListed))
        #expect(pair.phone.edit(kale, .uncheck) == .refused(.unchanged))
        #expect(pair.phone.edit(kale, .rename(title: "Kale")) == .refused(.unchanged))
        #expect(pair.phone.lastSequence == 0)
        #expect(pair.phone.appliedLog.isEmpty)
    }

    @Test func operationsFromOneOriginApplyOnceAndInOrder() {
        var pair = Pair()
        pair.edit(.phone, "kale", .check)
        pair.edit(.phone, "kale", .uncheck)
        pair.edit(.phone, "kale", .rename(title: "Baby kale"))
        let (first, second, third) = (pair.toWatch[0], pair.toWatch[1], pair.toWatch[2])
        #expect(pair.watch.receive(third) == .held(waitingFor: 1))
        #expect(pair.watch.receive(second) == .held(waitingFor: 1))
        #expect(pair.watch.receive(third) == .duplicate)
        #expect(pair.watch.releaseNext() == nil)
        let released = pair.watch.deliver(first)
        #expect(released.map(\.operation) == [first, second, third])
        #expect(pair.watch.appliedLog.map(\.id.sequence) == [1, 2, 3])
        #expect(pair.watch.receive(second) == .duplicate)
        #expect(pair.watch.knownItem("kale")?.shown == SyncedItem(id: "kale", title: "Baby kale", status: .open))
        #expect(pair.watch.heldCount == 0)
    }

    @Test func receivingAnOperationAdvancesTheLamportClock() {
        var pair = Pair()
        pair.edit(.phone, "kale", .check)
        pair.edit(.phone, "milk", .check)
        pair.deliverAll()
        #expect(pair.watch.clock == 2)
        pair.edit(.watch, "kale", .uncheck)
        #expect(pair.toPhone.first?.version == SyncVersion(counter: 3, device: .watch))
    }
}
