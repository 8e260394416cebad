/// The shopping list as the watch shows it: the items its ``ListReplica`` lists, in learned store
/// order. A view derived from the list's two owners — the replica (which items are listed, their
/// titles, which are checked off) and the store order (where each one sits:
/// ``ShoppingListLayout``) — made when asked, never a list kept in step with them.
///
/// ```swift
/// let list = ShoppingList(replica: watch.replica, layout: layout)
/// list.nextItemID      // the first remaining item in store order
/// list.remainingCount  // the replica's count
/// ```
package struct ShoppingList: Sendable {
    /// Where the items sit.
    package let layout: ShoppingListLayout
    /// The replica's items, by key (shared with the replica, not copied).
    private let entries: [ReplicaItem]
    /// The number of items still to pick up.
    package let remainingCount: Int

    /// The list `replica` holds, laid out by `layout` (made for the replica's catalog). The
    /// replica is borrowed: only its items array is kept (shared, not copied).
    ///
    /// - Complexity: O(1).
    package init(replica: borrowing ListReplica, layout: ShoppingListLayout) {
        self.layout = layout
        entries = replica.items
        remainingCount = replica.remainingCount
    }

    /// The list as it starts: `items` all remaining (a repeated identifier keeps its first entry),
    /// sorted by `order`.
    ///
    /// - Complexity: O(*n*).
    package init(items: [ShoppingItem], order: StoreOrder = StoreOrder()) {
        let catalog = ItemCatalog(items.map(\.id))
        self.init(
            replica: ListReplica(device: .watch, items: items, catalog: catalog),
            layout: ShoppingListLayout(catalog: catalog, loaded: items, order: order))
    }

    /// Every item, in display order.
    ///
    /// - Complexity: O(*n* log *n*).
    package var items: [ShoppingItem] { layout.listedKeys(in: entries).compactMap { layout.shown($0, in: entries) } }

    /// The item with identifier `id`, or `nil` when it is not on the list.
    ///
    /// - Complexity: O(1) (one hash of `id`).
    package func item(_ id: ItemID) -> ShoppingItem? {
        layout.catalog.key(of: id).flatMap { layout.shown($0, in: entries) }
    }

    /// The identifier of the next item to pick up: the first remaining one in display order (its
    /// row is ``item(_:)``'s).
    ///
    /// - Complexity: O(*n*).
    package var nextItemID: ItemID? { layout.nextKey(in: entries).map { entries[$0].id } }

    /// The remaining items, in display order, each with its place (``ShoppingListLayout``).
    ///
    /// - Complexity: O(*n* log *n*).
    package var remainingPlaced: [(place: ComplicationListPlace, item: ShoppingItem)] {
        layout.listedKeys(in: entries).compactMap { key in
            guard entries[key].isOpen, let place = layout.place(of: key, in: entries),
                let item = layout.shown(key, in: entries)
            else { return nil }
            return (place, item)
        }
    }

    /// The remaining items, in display order.
    ///
    /// - Complexity: O(*n* log *n*).
    package var remainingItems: [ShoppingItem] { remainingPlaced.map(\.item) }

    /// The checked-off item identifiers, in display order.
    ///
    /// - Complexity: O(*n* log *n*).
    package var checkedItems: [ItemID] {
        var checked: [ItemID] = []
        checked.reserveCapacity(entries.count)
        for key in layout.listedKeys(in: entries) where !entries[key].isOpen { checked.append(entries[key].id) }
        return checked
    }
}
