import SimulationKernel

/// The shopping list as one device holds it: items in display order (learned store order)
/// and each item's state. The remaining count and the next item are always known.
///
/// ```swift
/// var list = ShoppingList(items: items, order: storeOrder)
/// list.apply(.check, to: "kale", at: now)   // .changed
/// list.nextItem                              // the first remaining item in store order
/// ```
public struct ShoppingList: Hashable, Sendable {
    /// Every item, in display order.
    public private(set) var items: [ShoppingItem]
    private var states: [ItemID: ItemState]
    private var indexByID: [ItemID: Int]
    /// Each item's place in display order: its rank in the learned store order (`Int.max` when
    /// never seen in a trip), then the order in which it joined the list.
    private var placeByID: [ItemID: Place]
    private var joined = 0
    /// The number of items still to pick up.
    public private(set) var remainingCount: Int
    /// The order in which items were checked off (un-checked items are removed from it).
    public private(set) var checkOffOrder: [ItemID] = []

    /// The outcome of applying a check-off or un-check-off.
    public enum Change: Hashable, Sendable {
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
    public init(items: [ShoppingItem], order: StoreOrder = StoreOrder()) {
        let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let order = order.ranked()
        var places: [ItemID: Place] = [:]
        for item in items where places[item.id] == nil {
            places[item.id] = Place(rank: order.rank(of: item.id) ?? .max, joined: places.count)
        }
        self.items = places.sorted { $0.value < $1.value }.compactMap { byID[$0.key] }
        states = Dictionary(uniqueKeysWithValues: self.items.map { ($0.id, ItemState.remaining) })
        indexByID = Dictionary(uniqueKeysWithValues: self.items.enumerated().map { ($1.id, $0) })
        remainingCount = self.items.count
        placeByID = places
        joined = places.count
        storeOrder = order
    }

    /// The learned store order (its ranks place items added later; shared, not copied).
    private let storeOrder: StoreOrder

    /// The state of `item`, or `nil` if it is not on the list.
    public func state(of item: ItemID) -> ItemState? { states[item] }

    /// The item with identifier `id`.
    public func item(_ id: ItemID) -> ShoppingItem? {
        indexByID[id].map { items[$0] }
    }

    /// The display position of `id` among all items (0-based).
    public func position(of id: ItemID) -> Int? { indexByID[id] }

    /// The remaining items in display order.
    public var remainingItems: [ShoppingItem] {
        items.filter { states[$0.id]?.isRemaining ?? false }
    }

    /// The next item to pick up: the first remaining one in store order.
    ///
    /// - Complexity: O(*n*).
    public var nextItem: ShoppingItem? {
        items.first { states[$0.id]?.isRemaining ?? false }
    }

    /// The checked-off item identifiers, in display order.
    public var checkedItems: [ItemID] {
        items.filter { !(states[$0.id]?.isRemaining ?? true) }.map(\.id)
    }

    /// Checks `item` off or puts it back.
    ///
    /// - Complexity: O(1) to check off; O(*n*) to un-check (it edits ``checkOffOrder``).
    @discardableResult
    public mutating func apply(_ kind: CheckOffKind, to item: ItemID, at time: SimTime) -> Change {
        guard let state = states[item] else { return .unknownItem }
        switch (kind, state) {
        case (.check, .remaining):
            states[item] = .checked(at: time)
            remainingCount -= 1
            checkOffOrder.append(item)
            return .changed
        case (.uncheck, .checked):
            states[item] = .remaining
            remainingCount += 1
            checkOffOrder.removeAll { $0 == item }
            return .changed
        case (.check, .checked), (.uncheck, .remaining):
            return .unchanged
        }
    }

    /// Makes `id` show as `shown` (or leaves the list, for `nil`): the watch app's display of
    /// an item after its list replica merged an edit. An item joining the list takes its place in
    /// the learned store order (after every item seen in a trip, in joining order, when never
    /// seen); a title changes in place; a status change checks off (at `time`) or puts back.
    ///
    /// - Complexity: O(*n*) when the item joins or leaves the list; O(1) to retitle, check off
    ///   or O(*n*) to un-check (as ``apply(_:to:at:)``).
    @discardableResult
    public mutating func reconcile(_ id: ItemID, with shown: SyncedItem?, at time: SimTime) -> Change {
        guard let shown else { return remove(id) }
        var change = Change.unchanged
        if let index = indexByID[id] {
            if items[index].title != shown.title {
                items[index].title = shown.title
                change = .changed
            }
        } else {
            insert(ShoppingItem(id: id, title: shown.title))
            change = .changed
        }
        let status: CheckOffKind = shown.status == .checkedOff ? .check : .uncheck
        return apply(status, to: id, at: time) == .changed ? .changed : change
    }

    private mutating func insert(_ item: ShoppingItem) {
        let place = Place(rank: storeOrder.rank(of: item.id) ?? .max, joined: joined)
        joined += 1
        placeByID[item.id] = place
        let index = items.firstIndex { placeByID[$0.id].map { place < $0 } ?? false } ?? items.count
        items.insert(item, at: index)
        states[item.id] = .remaining
        remainingCount += 1
        reindex(from: index)
    }

    private mutating func remove(_ id: ItemID) -> Change {
        guard let index = indexByID[id] else { return .unknownItem }
        if states[id]?.isRemaining ?? false { remainingCount -= 1 }
        checkOffOrder.removeAll { $0 == id }
        items.remove(at: index)
        states[id] = nil
        indexByID[id] = nil
        placeByID[id] = nil
        reindex(from: index)
        return .changed
    }

    private mutating func reindex(from start: Int) {
        for index in start..<items.count { indexByID[items[index].id] = index }
    }
}

/// An item's place in a ``ShoppingList``'s display order.
private struct Place: Hashable, Sendable, Comparable {
    var rank: Int
    var joined: Int

    static func < (lhs: Place, rhs: Place) -> Bool { (lhs.rank, lhs.joined) < (rhs.rank, rhs.joined) }
}
