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
    /// - Complexity: O(*n* log *n*) plus the cost of ``StoreOrder/sorted(_:)``.
    public init(items: [ShoppingItem], order: StoreOrder = StoreOrder()) {
        let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let sortedIDs = order.sorted(items.map(\.id))
        self.items = sortedIDs.compactMap { byID[$0] }
        states = Dictionary(uniqueKeysWithValues: self.items.map { ($0.id, ItemState.remaining) })
        indexByID = Dictionary(uniqueKeysWithValues: self.items.enumerated().map { ($1.id, $0) })
        remainingCount = self.items.count
    }

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
}
