import SimulationKernel
import Testing

@testable import CompanionModel

/// The complication's truth keeps each change as what it replaced, yet answers every state as the
/// whole list would, and keeps memory linear in the list and the changes.
@Suite struct ComplicationTruthTests {
    private static func t(_ seconds: Int64) -> SimTime { SimTime(offset: .seconds(seconds)) }

    private static func item(_ number: Int, due: SimTime? = nil) -> ShoppingItem {
        ShoppingItem(id: "i\(number)", title: "Item \(number)", due: due)
    }

    /// One random edit of `list`: a check-off, an added item, a moved reminder, a reorder, a
    /// cleared list, or no change at all.
    private static func edited(_ list: [ShoppingItem], next: inout Int, _ rng: inout SplitMix64) -> [ShoppingItem] {
        var list = list
        let roll = rng.next() % 10
        switch roll {
        case 0...3 where !list.isEmpty:
            list.remove(at: Int(rng.next() % UInt64(list.count)))
        case 4...5:
            next += 1
            list.insert(item(next), at: Int(rng.next() % UInt64(list.count + 1)))
        case 6 where !list.isEmpty:
            let index = Int(rng.next() % UInt64(list.count))
            list[index].due = t(Int64(rng.next() % 3_600))
        case 7 where list.count > 1:
            list.swapAt(0, list.count - 1)
        case 8 where rng.next() % 8 == 0:
            list = []
        default:
            break
        }
        return list
    }

    @Test(arguments: 0..<40)
    func everyStateIsTheListAsRecorded(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var next = Int(rng.next() % 12)
        var list = (0..<next).map { Self.item($0, due: $0 % 3 == 0 ? Self.t(Int64($0) * 60) : nil) }
        var truth = ComplicationTruth(list, at: Self.t(10))
        var states: [(at: SimTime, list: [ShoppingItem])] = [(Self.t(10), list)]
        var time: Int64 = 10
        for _ in 0..<300 {
            time += Int64(rng.next() % 3)  // some changes share an instant: the later one stands
            list = Self.edited(list, next: &next, &rng)
            truth.record(list, at: Self.t(time))
            states.append((Self.t(time), list))
        }
        func expected(at time: SimTime) -> [ShoppingItem] {
            states.last { $0.at <= time }?.list ?? states[0].list
        }
        #expect(truth.start == Self.t(10), "seed \(seed)")
        #expect(truth.latest == list, "seed \(seed)")
        var cursor = truth.cursor()
        for probe in 0...(time + 2) {
            let at = Self.t(probe)
            #expect(truth.remaining(at: at) == expected(at: at), "seed \(seed), at \(probe)s")
            #expect(cursor.advance(to: at) == expected(at: at), "seed \(seed), cursor at \(probe)s")
        }
    }

    @Test func aCheckOffKeepsOnlyAnEmptyRunAndNothingIsKeptForNoChange() {
        let items = (0..<5).map { Self.item($0) }
        var truth = ComplicationTruth(items, at: .zero)
        truth.record(items, at: Self.t(1))
        #expect(truth.changes.count == 1, "an unchanged list is not a change")
        truth.record([items[0], items[1], items[3], items[4]], at: Self.t(2))
        #expect(truth.changes.last == .init(at: Self.t(2), offset: 2, removed: 1, inserted: []))
        var moved = items[4]
        moved.due = Self.t(99)
        truth.record([items[0], items[1], items[3], moved], at: Self.t(3))
        #expect(truth.changes.last == .init(at: Self.t(3), offset: 3, removed: 1, inserted: [moved]))
    }

    /// 4,000 check-offs of a 4,000-item list: the whole list at every change would be 8 million
    /// items; the truth keeps a few items per change.
    @Test func checkingOffAHugeListKeepsLinearlyManyItems() {
        let count = 4_000
        var list = (0..<count).map { Self.item($0, due: Self.t(Int64($0))) }
        var truth = ComplicationTruth(list, at: .zero)
        for step in 1...count {
            list.removeFirst()
            truth.record(list, at: Self.t(Int64(step)))
        }
        #expect(truth.keptItemCount <= 4 * count, "kept \(truth.keptItemCount) items")
        #expect(truth.remaining(at: Self.t(Int64(count / 2))).first?.id == "i\(count / 2)")
        #expect(truth.remaining(at: Self.t(Int64(count))).isEmpty)
    }
}
