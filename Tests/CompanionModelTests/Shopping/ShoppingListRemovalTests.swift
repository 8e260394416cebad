import CompanionModel
import SimulationKernel
import Testing

/// Items leaving the watch's list (issue #33, item 9): the phone removing items in list order
/// re-indexed every later item on the watch, O(*n*²) for a list of *n*; now only the shorter side
/// of a removal moves, and the list still answers as a plain list would.
@Suite struct ShoppingListRemovalTests {
    static func items(_ count: Int) -> [ShoppingItem] {
        (0..<count).map { ShoppingItem(id: "item\($0)", title: "Item \($0)") }
    }

    /// A list of 200,000 items emptied in list order, then one refilled and emptied from its end:
    /// each removal moves nothing (before the fix, about 2·10¹⁰ index updates: hours).
    @Test(.timeLimit(.minutes(1)))
    func removingInListOrderIsLinear() {
        let count = 200_000
        var list = ShoppingList(items: Self.items(count))
        for index in 0..<count {
            #expect(list.reconcile("item\(index)", with: nil, at: .zero) == .changed)
            if index % 50_000 == 0 {
                #expect(list.nextItem?.id == "item\(index + 1)")
                #expect(list.remainingCount == count - index - 1)
            }
        }
        #expect(list.items.isEmpty && list.nextItem == nil && list.remainingCount == 0)
        list = ShoppingList(items: Self.items(count))
        for index in (0..<count).reversed() { list.reconcile("item\(index)", with: nil, at: .zero) }
        #expect(list.items.isEmpty)
    }

    /// Random check-offs, un-checks, additions and removals (front, back, middle) agree with a
    /// plain array kept in display order, at every step: items, positions, states, hints, the next
    /// item, the remaining items and the rows above.
    @Test(arguments: UInt64(1)...40)
    func agreesWithAPlainList(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let start = Self.items(12 + Int(seed % 30))
        var list = ShoppingList(items: start)
        // The model: (item, remaining) in display order (no store order: joining order).
        var model = start.map { (item: $0, remaining: true) }
        var added = 0
        for step in 0..<400 {
            let roll = rng.uniform()
            if roll < 0.15 || model.isEmpty {
                let item = ShoppingItem(id: "new\(added)", title: "New \(added)")
                added += 1
                list.reconcile(item.id, with: SyncedItem(id: item.id, title: item.title, status: .open), at: .zero)
                model.append((item, true))
            } else {
                let pick: Int
                switch rng.next() % 3 {
                case 0: pick = 0
                case 1: pick = model.count - 1
                default: pick = Int(rng.next() % UInt64(model.count))
                }
                let id = model[pick].item.id
                if roll < 0.55 {
                    list.reconcile(id, with: nil, at: .zero)
                    model.remove(at: pick)
                } else {
                    let check = model[pick].remaining
                    list.apply(check ? .check : .uncheck, to: id, at: .zero)
                    model[pick].remaining = !check
                }
            }
            let label = "seed \(seed) step \(step)"
            #expect(list.items == model.map(\.item), "\(label)")
            #expect(list.remainingCount == model.count { $0.remaining }, "\(label)")
            #expect(list.nextItem == model.first { $0.remaining }?.item, "\(label)")
            #expect(list.remainingItems == model.filter(\.remaining).map(\.item), "\(label)")
            #expect(list.checkedItems == model.filter { !$0.remaining }.map(\.item.id), "\(label)")
            for (position, entry) in model.enumerated() {
                #expect(list.position(of: entry.item.id) == position, "\(label)")
                #expect(list.state(atPosition: position).isRemaining == entry.remaining, "\(label)")
                let hint = list.joinIndex(atPosition: position)
                #expect(list.position(of: entry.item.id, joinIndex: hint) == position, "\(label)")
                let above = model[..<position].count { $0.remaining }
                #expect(list.remainingItemsAbove(entry.item.id) == above, "\(label)")
            }
        }
    }

    /// Two lists showing the same items are equal, however their storage got there.
    @Test func equalityIsWhatTheListShows() {
        var emptied = ShoppingList(items: Self.items(40))
        for index in 0..<20 { emptied.reconcile("item\(index)", with: nil, at: .zero) }
        var shuffled = ShoppingList(items: Self.items(40))
        for index in [19, 0, 18, 1, 17, 2, 16, 3, 15, 4, 14, 5, 13, 6, 12, 7, 11, 8, 10, 9] {
            shuffled.reconcile("item\(index)", with: nil, at: .zero)
        }
        #expect(emptied == shuffled)
        #expect(emptied.hashValue == shuffled.hashValue)
        #expect(emptied.items == Array(Self.items(40)[20...]))
    }
}
