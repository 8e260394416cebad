import CompanionModel

extension Scenario {
    /// Every item the scenario's list can hold, keyed once for both devices' replicas: the
    /// loaded items in file order, then the items the script adds, in script order.
    ///
    /// - Complexity: O(*n* + *s*) for *n* items and *s* steps.
    var itemCatalog: ItemCatalog { ItemCatalog(items.map(\.id), adding: script.compactMap(\.addedItem)) }
}
