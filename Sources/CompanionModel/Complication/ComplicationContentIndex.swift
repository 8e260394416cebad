import SimulationKernel

/// Where an item stands in list order: items show in ascending place order, and an item keeps
/// its place while it is listed, so a change of one item is keyed by its place.
///
/// The watch's list places an item by its store-order rank, then its canonical place
/// (``ShoppingListLayout/place(of:in:)``); a list given whole, by position (``init(position:)``).
package struct ComplicationListPlace: Hashable, Comparable, Sendable {
    package var rank: Int
    package var joined: Int

    package static func < (lhs: ComplicationListPlace, rhs: ComplicationListPlace) -> Bool {
        lhs.rank < rhs.rank || (lhs.rank == rhs.rank && lhs.joined < rhs.joined)
    }
}

extension ComplicationListPlace {
    /// The place of the item at `position` of a list given whole.
    package init(position: Int) {
        self.init(rank: position, joined: 0)
    }
}

/// The remaining items kept so that what the face should show is known at once: the items by
/// place (the first is the next item) and the due times by time then place (the first is the
/// earliest reminder; how many come before a time is how many are overdue then).
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
    private var byPlace = ComplicationOrderedMap<ComplicationListPlace, ShoppingItem>()
    /// The remaining items' due times (items without one left out), with each item's title.
    private var dues = ComplicationOrderedMap<Due, String>()

    init() {}

    /// The index of `items` in list order (item *i* at ``ComplicationListPlace/init(position:)``).
    ///
    /// - Complexity: O(*n* log *n*) for *n* items.
    init(_ items: [ShoppingItem]) {
        for (position, item) in items.enumerated() { set(item, at: ComplicationListPlace(position: position)) }
    }

    /// How many items remain (O(1)).
    var count: Int { byPlace.count }

    /// The remaining item at `place`, if any (O(log *n*) expected, for *n* remaining items).
    func item(at place: ComplicationListPlace) -> ShoppingItem? { byPlace[place] }

    /// The remaining items in list order (O(*n*)).
    var items: [ShoppingItem] { byPlace.elements.map(\.value) }

    /// Makes `item` the remaining item at `place` (`nil`: none remains there).
    ///
    /// - Complexity: O(log *n*) expected.
    mutating func set(_ item: ShoppingItem?, at place: ComplicationListPlace) {
        if let old = byPlace.removeValue(for: place), let due = old.due {
            dues.removeValue(for: Due(at: due, place: place))
        }
        guard let item else { return }
        byPlace.insert(item, for: place)
        if let due = item.due { dues.insert(item.title, for: Due(at: due, place: place)) }
    }

    /// What the face should show at `time` under `mode`: the remaining count; how many items are
    /// overdue (due at or before `time`); and for ``ComplicationContentMode/nextItem`` the first
    /// item in list order, for ``ComplicationContentMode/nextDue`` the item with the earliest due
    /// time (ties: the earlier in list order), due or overdue. O(log *n*) expected.
    func content(at time: SimTime, mode: ComplicationContentMode) -> ComplicationContent {
        let overdue = dues.prefixCount { $0.at <= time }
        let next: ComplicationNextUp
        switch mode {
        case .nextItem:
            next = byPlace.first.map { .item(title: $0.value.title) } ?? .nothing
        case .nextDue:
            if let (key, title) = dues.first {
                next = key.at <= time ? .overdue(title: title, since: key.at) : .due(title: title, at: key.at)
            } else {
                next = .nothing
            }
        }
        return ComplicationContent(remaining: count, overdue: overdue, next: next)
    }

    /// The first due time after `time`, when the content next changes by itself (O(log *n*) expected).
    func nextDue(after time: SimTime) -> SimTime? {
        dues.firstKey { $0.at <= time }?.at
    }
}

extension ComplicationContentIndex: StorageAdopting {
    /// Keeps this index in `old`'s storage (``StorageAdopting``).
    mutating func adoptStorage(of old: inout ComplicationContentIndex) {
        byPlace.adoptStorage(of: &old.byPlace)
        dues.adoptStorage(of: &old.dues)
    }
}
