import CompanionModel

/// The two sync endpoints of the seeded sync tests, by device: both start with kale and milk, or,
/// for every third seed, the phone knows eggs too and lists the items in another order, so that
/// both ways of matching items (slot by slot, and by identifier) are taken. Both ends share one
/// catalog: the items of either list, then those the tests add.
enum SeededEndpointPair {
    static func endpoints(seed: UInt64) -> [LinkSide: SyncEndpoint] {
        let watchItems = [ShoppingItem(id: "kale", title: "Kale"), ShoppingItem(id: "milk", title: "Milk")]
        let phoneItems =
            seed % 3 == 0
            ? [ShoppingItem(id: "milk", title: "Milk"), ShoppingItem(id: "eggs", title: "Eggs"), watchItems[0]]
            : watchItems
        let catalog = ItemCatalog(["kale", "milk", "eggs"], adding: ["bread", "tofu", "figs"])
        return [
            .watch: SyncEndpoint(device: .watch, items: watchItems, catalog: catalog),
            .phone: SyncEndpoint(device: .phone, items: phoneItems, catalog: catalog),
        ]
    }
}
