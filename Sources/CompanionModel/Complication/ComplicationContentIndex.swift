import ReminderScheduling
import SimulationKernel

/// Where an item stands in list order: items show in ascending place order, and an item keeps
/// its place while it is listed, so a change of one item is keyed by its place.
///
/// The watch's list places an item by its store-order rank, then its canonical place
/// (``ShoppingListLayout/place(of:in:)``).
package struct ComplicationListPlace: Hashable, Comparable, Sendable {
    package var rank: Int
    package var joined: Int

    package static func < (lhs: ComplicationListPlace, rhs: ComplicationListPlace) -> Bool {
        lhs.rank < rhs.rank || (lhs.rank == rhs.rank && lhs.joined < rhs.joined)
    }
}

/// The remaining items kept so that what the face should show is known at once: the items by
/// place, their places in list order (the first is the next item) and the due times by time then
/// place (the first is the earliest reminder; how many come before a time is how many are overdue
/// then), the two orders kept in the scheduler's ordered set (``CountingBlockList``).
struct ComplicationContentIndex: Sendable {
    /// A due time and the place of its item: ordered by time, then list order.
    struct Due: Comparable, Sendable {
        var at: SimTime
        var place: ComplicationListPlace

        static func < (lhs: Due, rhs: Due) -> Bool {
            lhs.at < rhs.at || (lhs.at == rhs.at && lhs.place < rhs.place)
        }
    }

    /// The remaining items by place.
    private(set) var byPlace: [ComplicationListPlace: ShoppingItem] = [:]
    /// The places of the remaining items, in list order.
    private(set) var places = CountingBlockList<ComplicationListPlace>(ranked: false)
    /// The remaining items' due times (items without one left out).
    private var dues = CountingBlockList<Due>()

    /// How many items remain (O(1)).
    var count: Int { byPlace.count }

    /// The remaining item at `place`, if any (O(1) expected).
    func item(at place: ComplicationListPlace) -> ShoppingItem? { byPlace[place] }

    /// Makes `item` the remaining item at `place` (`nil`: none remains there).
    ///
    /// - Complexity: O(log *n*) expected, plus moving the keys of one block of each ordered set.
    mutating func set(_ item: ShoppingItem?, at place: ComplicationListPlace) {
        if let old = byPlace.removeValue(forKey: place) {
            places.remove(place)
            if let due = old.due { dues.remove(Due(at: due, place: place)) }
        }
        guard let item else { return }
        byPlace[place] = item
        places.insert(place)
        if let due = item.due { dues.insert(Due(at: due, place: place)) }
    }

    /// What the face should show at `time` under `mode`: the remaining count; how many items are
    /// overdue (due at or before `time`); and for ``ComplicationContentMode/nextItem`` the first
    /// item in list order, for ``ComplicationContentMode/nextDue`` the item with the earliest due
    /// time (ties: the earlier in list order), due or overdue. O(log *n*) expected.
    func content(at time: SimTime, mode: ComplicationContentMode) -> ComplicationContent {
        let overdue = dues.count(
            lessThanOrEqualTo: Due(at: time, place: ComplicationListPlace(rank: .max, joined: .max)))
        let next: ComplicationNextUp
        switch mode {
        case .nextItem:
            next = places.min.flatMap { byPlace[$0] }.map { .item(title: $0.title) } ?? .nothing
        case .nextDue:
            if let key = dues.min, let title = byPlace[key.place]?.title {
                next = key.at <= time ? .overdue(title: title, since: key.at) : .due(title: title, at: key.at)
            } else {
                next = .nothing
            }
        }
        return ComplicationContent(remaining: count, overdue: overdue, next: next)
    }

    /// The first due time after `time`, when the content next changes by itself (O(log *n*)).
    func nextDue(after time: SimTime) -> SimTime? {
        var found: SimTime?
        dues.forEach(skippingWhile: { $0.at <= time }) { due in
            found = due.at
            return false
        }
        return found
    }
}

extension ComplicationContentIndex: StorageAdopting {
    /// Keeps this index's items in `old`'s storage (``StorageAdopting``; the ordered sets keep their own).
    mutating func adoptStorage(of old: inout ComplicationContentIndex) {
        byPlace.adoptStorage(of: &old.byPlace)
    }
}
