import CompanionModel

/// The watch's list for tests: a replica edited locally, its view (``ShoppingList``), and what
/// each edit tells the complication (``ShoppingListLayout/remaining(at:in:)``).
struct WatchListDriver {
    private(set) var replica: ListReplica
    let layout: ShoppingListLayout

    /// `items` loaded, placed by `order`; `adding` names the items edits may add later.
    init(items: [ShoppingItem], order: StoreOrder = StoreOrder(), adding: [ItemID] = []) {
        let catalog = ItemCatalog(items.map(\.id), adding: adding)
        replica = ListReplica(device: .watch, items: items, catalog: catalog)
        layout = ShoppingListLayout(catalog: catalog, loaded: items, order: order)
    }

    /// The list as the watch shows it now.
    var list: ShoppingList { ShoppingList(replica: replica, layout: layout) }

    /// Edits `id` on the replica; the item's place and the remaining item there now (`nil` for
    /// an item never listed).
    mutating func edit(_ id: ItemID, _ edit: ListEdit) -> (item: ShoppingItem?, place: ComplicationListPlace)? {
        replica.edit(id, edit)
        return layout.catalog.key(of: id).flatMap { layout.remaining(at: $0, in: replica.items) }
    }
}
