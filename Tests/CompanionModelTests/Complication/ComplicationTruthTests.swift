import SimulationKernel
import Testing

@testable import CompanionModel

/// The complication's truth keeps each change as the one item it set, yet answers every state as
/// the whole list would, and keeps memory linear in the list and the changes.
@Suite struct ComplicationTruthTests {
    private static func t(_ seconds: Int64) -> SimTime { SimTime(offset: .seconds(seconds)) }

    private static func item(_ number: Int, due: SimTime? = nil) -> ShoppingItem {
        ShoppingItem(id: "i\(number)", title: "Item \(number)", due: due)
    }

    @Test func aCheckOffKeepsOnlyAnEmptyPlaceAndNothingIsKeptForNoChange() {
        let items = (0..<5).map { Self.item($0) }
        let list = ShoppingList(items: items)
        let places = list.remainingPlaced.map(\.place)
        var truth = ComplicationTruth(list)
        truth.record(items[1], at: places[1], time: Self.t(1))
        #expect(truth.changes.isEmpty, "an unchanged item is not a change")
        truth.record(nil, at: places[2], time: Self.t(2))
        #expect(truth.changes == [.init(at: Self.t(2), place: places[2], item: nil)])
        var moved = items[4]
        moved.due = Self.t(99)
        truth.record(moved, at: places[4], time: Self.t(3))
        #expect(truth.changes.last == .init(at: Self.t(3), place: places[4], item: moved))
        truth.record(moved, at: places[4], time: Self.t(4))
        #expect(truth.changes.count == 2, "setting the item a place has is not a change")
        #expect(truth.index(at: .distantFuture).items == [items[0], items[1], items[3], moved])
    }

    /// 4,000 check-offs of a 4,000-item list: the whole list at every change would be 8 million
    /// items; the truth keeps one change per check-off.
    @Test func checkingOffAHugeListKeepsLinearlyManyItems() {
        let count = 4_000
        var list = WatchListDriver(items: (0..<count).map { Self.item($0, due: Self.t(Int64($0))) })
        var truth = ComplicationTruth(list.list)
        for step in 1...count {
            let change = list.edit("i\(step - 1)", .check)
            if let change { truth.record(change.item, at: change.place, time: Self.t(Int64(step))) }
        }
        #expect(truth.changes.count == count)
        let kept = truth.initial.count + truth.changes.count { $0.item != nil }
        #expect(kept == count, "kept \(kept) items")
        #expect(truth.index(at: Self.t(Int64(count / 2))).items.first?.id == "i\(count / 2)")
        #expect(truth.index(at: Self.t(Int64(count))).items.isEmpty)
        #expect(truth.content(at: Self.t(Int64(count)), mode: .nextDue) == ComplicationContent(remaining: 0))
    }

    /// A truth that follows the watch's list item by item (checks, puts-back, additions,
    /// retitles and removals on its replica, some at one instant) answers
    /// every state, and the content at every time, as the whole remaining list read then does.
    @Test(arguments: 0..<40)
    func followingAListItemByItemGivesWhatTheWholeListGives(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let count = Int(rng.next() % 40)
        let items = (0..<count).map { number in
            Self.item(number, due: rng.next() % 3 == 0 ? nil : Self.t(Int64(rng.next() % 8) * 30))
        }
        let trip = (0..<count).filter { _ in rng.next() % 2 == 0 }.map { "i\($0)" }.shuffled(using: &rng)
        var driver = WatchListDriver(
            items: items, order: StoreOrder(trips: [trip]), adding: (count..<count + 201).map { "i\($0)" })
        var truth = ComplicationTruth(driver.list)
        var states: [(at: SimTime, list: [ShoppingItem])] = [(Self.t(10), driver.list.remainingItems)]
        var time: Int64 = 10
        var next = count
        for step in 0..<200 {
            time += Int64(rng.next() % 3)
            let now = Self.t(time)
            let listed = driver.list.items.map(\.id)
            let id: ItemID
            let edit: ListEdit
            switch rng.next() % 8 {
            case 0...2 where !listed.isEmpty:
                id = listed[Int(rng.next() % UInt64(listed.count))]
                edit = .check
            case 3 where !listed.isEmpty:
                id = listed[Int(rng.next() % UInt64(listed.count))]
                edit = .uncheck
            case 4:
                next += 1
                id = "i\(next)"
                edit = .add(title: "Added \(next)")
            case 5 where !listed.isEmpty:
                id = listed[Int(rng.next() % UInt64(listed.count))]
                edit = .rename(title: "Retitled \(step)")
            case 6 where !listed.isEmpty:
                id = listed[Int(rng.next() % UInt64(listed.count))]
                edit = .remove
            default:
                id = "i0"
                edit = .rename(title: "Unchanged")
            }
            if let change = driver.edit(id, edit) { truth.record(change.item, at: change.place, time: now) }
            let list = driver.list
            states.append((now, list.remainingItems))
            #expect(truth.index(at: .distantFuture).items == list.remainingItems, "seed \(seed), step \(step)")
            for mode in ComplicationContentMode.allCases {
                for later in [0, 29, 30, 200] {
                    let at = Self.t(time + Int64(later))
                    #expect(
                        truth.content(at: at, mode: mode)
                            == ComplicationContentIndex(list.remainingItems).content(at: at, mode: mode),
                        "seed \(seed), step \(step), \(mode), +\(later)s")
                }
            }
        }
        func expected(at time: SimTime) -> [ShoppingItem] {
            states.last { $0.at <= time }?.list ?? states[0].list
        }
        var cursor = ComplicationTruth.Cursor(truth)
        for probe in 0...(time + 2) {
            let at = Self.t(probe)
            cursor.advance(to: at)
            #expect(cursor.index.items == expected(at: at), "seed \(seed), cursor at \(probe)s")
            #expect(truth.index(at: at).items == expected(at: at), "seed \(seed), at \(probe)s")
            for mode in ComplicationContentMode.allCases {
                #expect(
                    cursor.index.content(at: at, mode: mode)
                        == ComplicationContentIndex(expected(at: at)).content(at: at, mode: mode),
                    "seed \(seed), cursor at \(probe)s, \(mode)")
            }
        }
    }
}
