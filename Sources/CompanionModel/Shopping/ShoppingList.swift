import SimulationKernel

/// The shopping list as one device holds it: items in display order (learned store order)
/// and each item's state. The remaining count and the next item are always known.
///
/// ```swift
/// var list = ShoppingList(items: items, order: storeOrder)
/// list.apply(.check, to: "kale", at: now)   // .changed
/// list.nextItem                              // the first remaining item in store order
/// ```
package struct ShoppingList: Sendable {
    /// Every item, in display order, from ``base`` on (the slots before it are items that left
    /// the front of the list, not yet compacted away).
    ///
    /// Storage indices, not display positions, are what the list keeps (position = index −
    /// ``base``): an item leaving the front half of the list moves the items before it one slot
    /// on and ``base`` with them, an item leaving the back half moves the items after it, so
    /// removing items in list order (or in reverse) moves and re-indexes nothing else.
    private var stored: [ShoppingItem]
    /// Each item's state, by storage index (beside ``stored``).
    private var states: [ItemState]
    /// Each item's place in display order, by storage index (beside ``stored``; ascending from
    /// ``base``): its rank in the learned store order (`Int.max` when never seen in a trip), then
    /// the order in which it joined the list.
    private var places: [Place]
    /// The storage index of the first listed item: the slots before it are vacated.
    private var base = 0
    /// The storage index of each item: the only place an ``ItemID`` is hashed.
    private var indexByID: [ItemID: Int]
    /// The storage index of each item by its join index (``joinIndex(atPosition:)``), a checked
    /// hint: the entry of an item that left the list is stale, so a lookup compares the
    /// identifier at the index it finds.
    private var positionByJoinIndex: [Int]
    /// The number of items that ever joined the list (the next join index).
    private var joined = 0
    /// The storage index of the first remaining item (`stored.count` when none remains).
    private var firstRemaining = 0
    /// The number of items still to pick up.
    package private(set) var remainingCount: Int
    /// The order in which items were checked off (un-checked items are removed from it).
    package private(set) var checkOffOrder: [ItemID] = []

    /// The outcome of applying a check-off or un-check-off.
    package enum Change: Hashable, Sendable {
        /// The item's state changed.
        case changed
        /// The item was already in that state; nothing changed.
        case unchanged
        /// No item has that identifier.
        case unknownItem
    }

    /// Creates a list with every item remaining, sorted by `order`.
    ///
    /// - Complexity: O(*n* log *n*) (the order's ranks are already known).
    package init(items: [ShoppingItem], order: StoreOrder = StoreOrder()) {
        let order = order.ranked()
        var seen: Set<ItemID> = []
        var placed: [(place: Place, item: ShoppingItem)] = []
        for item in items where seen.insert(item.id).inserted {
            placed.append((Place(rank: order.rank(of: item.id) ?? .max, joined: placed.count), item))
        }
        placed.sort { $0.place < $1.place }
        stored = placed.map(\.item)
        places = placed.map(\.place)
        states = Array(repeating: .remaining, count: placed.count)
        indexByID = Dictionary(uniqueKeysWithValues: stored.enumerated().map { ($1.id, $0) })
        var positionByJoinIndex = Array(repeating: 0, count: placed.count)
        for (position, entry) in placed.enumerated() { positionByJoinIndex[entry.place.joined] = position }
        self.positionByJoinIndex = positionByJoinIndex
        remainingCount = placed.count
        joined = placed.count
        storeOrder = order
        // Room for a check-off of every item (a whole trip): one allocation, also for a copy of
        // this list (a run started from a prepared one copies the reserved capacity at once).
        checkOffOrder.reserveCapacity(placed.count)
    }

    /// The learned store order (its ranks place items added later; shared, not copied).
    private let storeOrder: StoreOrder

    /// Every item, in display order.
    ///
    /// - Complexity: O(1) when no item left the front of the list since the last compaction,
    ///   else O(*n*).
    package var items: [ShoppingItem] { base == 0 ? stored : Array(stored[base...]) }

    /// The state of `item`, or `nil` if it is not on the list.
    ///
    /// - Complexity: O(1) (one hash of `item`, none for the next item).
    package func state(of item: ItemID) -> ItemState? { index(of: item).map { states[$0] } }

    /// The item with identifier `id`.
    ///
    /// - Complexity: O(1) (one hash of `id`, none for the next item).
    package func item(_ id: ItemID) -> ShoppingItem? {
        index(of: id).map { stored[$0] }
    }

    /// The display position of `id` among all items (0-based).
    ///
    /// - Complexity: O(1) (one hash of `id`, none for the next item).
    package func position(of id: ItemID) -> Int? { index(of: id).map { $0 - base } }

    /// The storage index of `id`: the next item's (``nextItem``, the row a shopper who follows
    /// the store order taps) without hashing, any other by its hash.
    ///
    /// - Complexity: O(1); one comparison of identifiers, then one hash of `id` unless it is the
    ///   next item.
    private func index(of id: ItemID) -> Int? {
        if firstRemaining < stored.count, stored[firstRemaining].id == id { return firstRemaining }
        return indexByID[id]
    }

    /// The display position of `id`, found through `joinIndex` when it is the item's join index
    /// (``joinIndex(atPosition:)``), else by hashing `id`: a hint is checked, never trusted.
    ///
    /// A list and a ``ListReplica`` loaded with the same items number them alike: a loaded
    /// item's join index is its slot in the replica (``ItemChange/slot``), so the watch finds the
    /// item a merge changed without hashing its identifier.
    ///
    /// - Complexity: O(1); no hashing when the hint holds.
    package func position(of id: ItemID, joinIndex: Int?) -> Int? {
        index(of: id, joinIndex: joinIndex).map { $0 - base }
    }

    /// The storage index of `id` (``position(of:joinIndex:)``).
    private func index(of id: ItemID, joinIndex: Int?) -> Int? {
        if let joinIndex, positionByJoinIndex.indices.contains(joinIndex) {
            let index = positionByJoinIndex[joinIndex]
            if index >= base, index < stored.count, stored[index].id == id { return index }
        }
        return index(of: id)
    }

    /// The join index of the item at display `position`: its number in the order items joined
    /// the list (a loaded item's index among the loaded items, without repeats; then one more
    /// for each item that joins later, a re-added item anew).
    ///
    /// - Complexity: O(1).
    package func joinIndex(atPosition position: Int) -> Int { places[base + position].joined }

    /// The place in display order of the item at display `position`: its rank in the learned
    /// store order (`Int.max` when never seen in a trip), then its join index. Items show in
    /// ascending place order, and an item keeps its place while it stays on the list.
    ///
    /// - Complexity: O(1).
    package func place(atPosition position: Int) -> (rank: Int, joined: Int) {
        (places[base + position].rank, places[base + position].joined)
    }

    /// The number of items on the list.
    ///
    /// - Complexity: O(1).
    package var count: Int { stored.count - base }

    /// The item at display `position`.
    ///
    /// - Complexity: O(1).
    package func item(atPosition position: Int) -> ShoppingItem { stored[base + position] }

    /// The state of the item at display `position`.
    ///
    /// - Complexity: O(1).
    package func state(atPosition position: Int) -> ItemState { states[base + position] }

    /// The remaining items in display order.
    ///
    /// - Complexity: O(*n*) from the first remaining item on; no hashing.
    package var remainingItems: [ShoppingItem] {
        var remaining: [ShoppingItem] = []
        remaining.reserveCapacity(remainingCount)
        for index in firstRemaining..<stored.count where states[index].isRemaining { remaining.append(stored[index]) }
        return remaining
    }

    /// The number of remaining items shown above `id` (its row among the remaining rows, when it
    /// is remaining itself), or `nil` when `id` is not on the list.
    ///
    /// - Complexity: O(*p*) for `id` at display position *p*, from the first remaining item on;
    ///   one hash of `id`.
    package func remainingItemsAbove(_ id: ItemID) -> Int? {
        guard let position = index(of: id) else { return nil }
        var count = 0
        var index = firstRemaining
        while index < position {
            if states[index].isRemaining { count += 1 }
            index += 1
        }
        return count
    }

    /// The next item to pick up: the first remaining one in store order.
    ///
    /// - Complexity: O(1).
    package var nextItem: ShoppingItem? {
        firstRemaining < stored.count ? stored[firstRemaining] : nil
    }

    /// The checked-off item identifiers, in display order.
    ///
    /// - Complexity: O(*n*); no hashing, one allocation (of the final size).
    package var checkedItems: [ItemID] {
        var checked: [ItemID] = []
        checked.reserveCapacity(stored.count - base - remainingCount)
        for index in base..<stored.count where !states[index].isRemaining { checked.append(stored[index].id) }
        return checked
    }

    /// Checks `item` off or puts it back.
    ///
    /// - Complexity: O(1) amortised to check off (checking off in display order moves the next
    ///   item forward once per item); O(*n*) to un-check (it edits ``checkOffOrder``).
    @discardableResult
    package mutating func apply(_ kind: CheckOffKind, to item: ItemID, at time: SimTime) -> Change {
        guard let index = index(of: item) else { return .unknownItem }
        return apply(kind, at: index, at: time)
    }

    private mutating func apply(_ kind: CheckOffKind, at index: Int, at time: SimTime) -> Change {
        switch (kind, states[index]) {
        case (.check, .remaining):
            states[index] = .checked(at: time)
            remainingCount -= 1
            checkOffOrder.append(stored[index].id)
            if index == firstRemaining { advanceFirstRemaining() }
            return .changed
        case (.uncheck, .checked):
            states[index] = .remaining
            remainingCount += 1
            let id = stored[index].id
            checkOffOrder.removeAll { $0 == id }
            firstRemaining = min(firstRemaining, index)
            return .changed
        case (.check, .checked), (.uncheck, .remaining):
            return .unchanged
        }
    }

    /// Moves ``firstRemaining`` past checked items.
    private mutating func advanceFirstRemaining() {
        while firstRemaining < stored.count, !states[firstRemaining].isRemaining { firstRemaining += 1 }
    }

    /// Makes `id` show as `shown` (or leaves the list, for `nil`): the watch app's display of
    /// an item after its list replica merged an edit. An item joining the list takes its place in
    /// the learned store order (after every item seen in a trip, in joining order, when never
    /// seen); a title changes in place; a status change checks off (at `time`) or puts back.
    ///
    /// `joinIndex` is a hint of the item's join index (see ``position(of:joinIndex:)``).
    ///
    /// - Complexity: O(*n*) when the item joins or leaves the list; O(1) to retitle, check off
    ///   or O(*n*) to un-check (as ``apply(_:to:at:)``); no hashing when the hint holds and the
    ///   item stays listed.
    @discardableResult
    package mutating func reconcile(
        _ id: ItemID, with shown: SyncedItem?, at time: SimTime, joinIndex: Int? = nil
    ) -> Change {
        guard let shown else { return remove(id) }
        var change = Change.unchanged
        let index: Int
        if let known = self.index(of: id, joinIndex: joinIndex) {
            index = known
            if stored[index].title != shown.title {
                stored[index].title = shown.title
                change = .changed
            }
        } else {
            index = insert(ShoppingItem(id: id, title: shown.title))
            change = .changed
        }
        let status: CheckOffKind = shown.status == .checkedOff ? .check : .uncheck
        return apply(status, at: index, at: time) == .changed ? .changed : change
    }

    /// ``reconcile(_:with:at:joinIndex:)`` for an item that stays on the list with its title:
    /// only its status follows `status` (checked off at `time`, or put back). The watch app
    /// reconciles so after its replica merged a check or an uncheck of a listed item (no
    /// ``SyncedItem`` to build: its title on the list already is the replica's). An item not on
    /// the list is left alone (``Change/unknownItem``: reconcile it in full).
    ///
    /// - Complexity: O(1) to check off, O(*n*) to un-check (as ``apply(_:to:at:)``); no
    ///   hashing when the hint holds.
    @discardableResult
    package mutating func reconcileStatus(
        _ id: ItemID, _ status: ItemStatus, at time: SimTime, joinIndex: Int? = nil
    ) -> Change {
        guard let index = self.index(of: id, joinIndex: joinIndex) else { return .unknownItem }
        return apply(status == .checkedOff ? .check : .uncheck, at: index, at: time)
    }

    /// Inserts a new, remaining item at its place; returns its storage index.
    private mutating func insert(_ item: ShoppingItem) -> Int {
        let place = Place(rank: storeOrder.rank(of: item.id) ?? .max, joined: joined)
        joined += 1
        positionByJoinIndex.append(0)  // set by the reindex below
        // `places` ascends from `base`: the first place after the new one, by binary search.
        var (low, high) = (base, places.count)
        while low < high {
            let middle = (low + high) / 2
            if place < places[middle] { high = middle } else { low = middle + 1 }
        }
        let index = low
        stored.insert(item, at: index)
        states.insert(.remaining, at: index)
        places.insert(place, at: index)
        remainingCount += 1
        if index <= firstRemaining { firstRemaining = index }
        reindex(index..<stored.count)
        return index
    }

    /// Takes `id` off the list. The shorter side moves: an item in the front half has the items
    /// before it moved one slot on (and ``base`` with them), one in the back half the items after
    /// it moved one slot back; only the moved items are re-indexed.
    ///
    /// - Complexity: O(min(*p*, *n* − *p*)) for `id` at position *p* of *n*, amortised (the
    ///   vacated front slots are compacted away once they outnumber the items), plus O(*c*) for
    ///   a checked item among *c* checked ones (``checkOffOrder``).
    private mutating func remove(_ id: ItemID) -> Change {
        guard let index = self.index(of: id) else { return .unknownItem }
        if states[index].isRemaining {
            remainingCount -= 1
        } else {
            checkOffOrder.removeAll { $0 == id }
        }
        indexByID[id] = nil
        if index - base < stored.count - index {
            var slot = index
            while slot > base {
                stored[slot] = stored[slot - 1]
                states[slot] = states[slot - 1]
                places[slot] = places[slot - 1]
                slot -= 1
            }
            // The vacated slot keeps nothing of the item (its state no longer counts as remaining).
            states[base] = .checked(at: .zero)
            base += 1
            reindex(base..<(index + 1))
            if firstRemaining < index {
                firstRemaining += 1
            } else if firstRemaining == index {
                // Nothing before it remained: the first remaining item is after it, if any.
                firstRemaining = index + 1
                advanceFirstRemaining()
            }
            compactIfSparse()
        } else {
            stored.remove(at: index)
            states.remove(at: index)
            places.remove(at: index)
            if index < firstRemaining {
                firstRemaining -= 1
            } else if index == firstRemaining {
                advanceFirstRemaining()
            }
            reindex(index..<stored.count)
        }
        return .changed
    }

    /// Drops the vacated front slots once they outnumber the listed items, so the list's storage
    /// stays linear in its length.
    ///
    /// - Complexity: O(*n*) when it compacts, which it does at most once per *n* removals.
    private mutating func compactIfSparse() {
        guard base > 16, base > stored.count - base else { return }
        let vacated = base
        stored.removeFirst(vacated)
        states.removeFirst(vacated)
        places.removeFirst(vacated)
        base = 0
        firstRemaining -= vacated
        for index in positionByJoinIndex.indices { positionByJoinIndex[index] -= vacated }
        reindex(0..<stored.count)
    }

    /// Brings the indices of the items at storage `indices` up to date.
    private mutating func reindex(_ indices: some Sequence<Int>) {
        for index in indices {
            indexByID[stored[index].id] = index
            positionByJoinIndex[places[index].joined] = index
        }
    }
}

extension ShoppingList: Hashable {
    /// Lists are equal when they show the same items, in the same order and states, learned
    /// from the same order, whatever their storage holds besides.
    package static func == (lhs: ShoppingList, rhs: ShoppingList) -> Bool {
        lhs.stored[lhs.base...] == rhs.stored[rhs.base...] && lhs.states[lhs.base...] == rhs.states[rhs.base...]
            && lhs.places[lhs.base...] == rhs.places[rhs.base...] && lhs.joined == rhs.joined
            && lhs.remainingCount == rhs.remainingCount && lhs.checkOffOrder == rhs.checkOffOrder
            && lhs.storeOrder == rhs.storeOrder
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(stored.count - base)
        for index in base..<stored.count {
            hasher.combine(stored[index])
            hasher.combine(states[index])
        }
        hasher.combine(remainingCount)
    }
}

/// An item's place in a ``ShoppingList``'s display order.
private struct Place: Hashable, Sendable, Comparable {
    var rank: Int
    var joined: Int

    static func < (lhs: Place, rhs: Place) -> Bool { (lhs.rank, lhs.joined) < (rhs.rank, rhs.joined) }
}

extension ShoppingList: StorageAdopting {
    /// Keeps this list in `old`'s storage: items, states, places, index and check-off order
    /// (``StorageAdopting``; the store order is shared, not copied).
    ///
    /// - Complexity: O(*n*) for *n* items.
    package mutating func adoptStorage(of old: inout ShoppingList) {
        stored.adoptStorage(of: &old.stored)
        states.adoptStorage(of: &old.states)
        places.adoptStorage(of: &old.places)
        indexByID.adoptStorage(of: &old.indexByID)
        positionByJoinIndex.adoptStorage(of: &old.positionByJoinIndex)
        checkOffOrder.adoptStorage(of: &old.checkOffOrder)
    }
}
