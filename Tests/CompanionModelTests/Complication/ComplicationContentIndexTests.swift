import SimulationKernel
import Testing

@testable import CompanionModel

/// The complication's content index, changed item by item, gives at every time what reading its
/// whole list gives (``ComplicationContentIndex/init(_:)``).
@Suite struct ComplicationContentIndexTests {
    private static func minute(_ value: Int64) -> SimTime { SimTime(offset: .minutes(value)) }

    /// Random checks, puts-back, additions, edits of title or due time and removals at random
    /// places; after each, the content at several times, in both modes, and every later due time.
    @Test(arguments: 0..<60)
    func theIndexGivesTheContentOfItsItemsAtEveryTime(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var index = ComplicationContentIndex()
        var reference: [ComplicationListPlace: ShoppingItem] = [:]
        var next = 0
        for step in 0..<250 {
            // Few places, ranks and due times: ties in due time (and the list-order rule for
            // them) come up often, and so do places set again.
            let place = ComplicationListPlace(rank: Int(rng.next() % 4), joined: Int(rng.next() % 8))
            let item: ShoppingItem?
            if rng.next() % 3 == 0 {
                item = nil
            } else {
                next += 1
                item = ShoppingItem(
                    id: "i\(next)", title: rng.next() % 2 == 0 ? "Item \(next)" : "Same",
                    due: rng.next() % 3 == 0 ? nil : Self.minute(Int64(rng.next() % 6)))
            }
            index.set(item, at: place)
            reference[place] = item
            let items = reference.keys.sorted().compactMap { reference[$0] }
            #expect(index.count == items.count, "seed \(seed), step \(step)")
            #expect(index.items == items, "seed \(seed), step \(step)")
            #expect(index.item(at: place) == item, "seed \(seed), step \(step)")
            for mode in ComplicationContentMode.allCases {
                for minute in -1...7 {
                    let time = Self.minute(Int64(minute))
                    #expect(
                        index.content(at: time, mode: mode)
                            == ComplicationContentIndex(items).content(at: time, mode: mode),
                        "seed \(seed), step \(step), \(mode), minute \(minute)")
                }
            }
            let after = Self.minute(Int64(rng.next() % 7) - 1)
            let expected = Array(Set(items.compactMap(\.due).filter { $0 > after })).sorted()
            var found: [SimTime] = []
            var time = after
            while let due = index.nextDue(after: time) {
                found.append(due)
                time = due
            }
            #expect(found == expected, "seed \(seed), step \(step)")
        }
    }

    /// A reload's timeline from the index is the one built by reading the list at each entry.
    @Test(arguments: 0..<40)
    func aTimelineFromTheIndexIsTheOneReadFromTheList(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let items = (0..<Int(rng.next() % 30)).map { number in
            ShoppingItem(
                id: "i\(number)", title: "Item \(number)",
                due: rng.next() % 4 == 0 ? nil : SimTime(offset: .seconds(Int64(rng.next() % 900))))
        }
        let builder = ComplicationBudgetSettings(
            entrySpacing: .seconds(Int64(rng.next() % 90)), futureEntryLimit: Int(rng.next() % 12) - 1)
        let now = SimTime(offset: .seconds(Int64(rng.next() % 600)))
        for mode in ComplicationContentMode.allCases {
            let future = Array(Set(items.compactMap(\.due).filter { $0 > now })).sorted()
                .prefix(max(0, builder.futureEntryLimit))
            let entries = ([now] + future).map {
                ComplicationEntry(date: $0, content: ComplicationContentIndex(items).content(at: $0, mode: mode))
            }
            #expect(
                builder.timeline(ComplicationContentIndex(items), now: now, mode: mode) == builder.coalesce(entries),
                "seed \(seed), \(mode)")
        }
    }
}

extension ComplicationContentIndex {
    /// The index of `items` in list order (item *i* at ``ComplicationListPlace/init(position:)``).
    ///
    /// - Complexity: O(*n* log *n*) for *n* items.
    init(_ items: [ShoppingItem]) {
        self.init()
        for (position, item) in items.enumerated() { set(item, at: ComplicationListPlace(position: position)) }
    }

    /// The remaining items in list order (O(*n*)).
    var items: [ShoppingItem] {
        var items: [ShoppingItem] = []
        places.forEach(skippingWhile: { _ in false }) { place in
            if let item = byPlace[place] { items.append(item) }
            return true
        }
        return items
    }
}

extension ComplicationListPlace {
    /// The place of the item at `position` of a list given whole.
    init(position: Int) {
        self.init(rank: position, joined: 0)
    }
}
