/// Every item a shopping list can ever hold, each with its key: a small integer decided once,
/// when the scenario is loaded, that both devices agree on (the model of a real app's item
/// UUID). A ``ListOperation`` carries its item's key, so a replica finds the item by indexing
/// an array; the identifier (`"kale"`) stays the item's name in every output.
///
/// The loaded items come first, in list order (a repeated identifier keeps its first entry),
/// then the items added later, in the order given.
///
/// ```swift
/// let catalog = ItemCatalog(["kale", "milk"], adding: ["bread"])
/// catalog.key(of: "bread")  // 2
/// catalog.name(of: 0)       // "kale"
/// ```
///
/// An immutable object, made once and shared by every replica and layout of the list.
package final class ItemCatalog: Hashable, Sendable {
    /// Each key's name.
    private let names: [ItemID]
    /// Each name's key.
    private let keys: [ItemID: Int]

    /// The catalog of `items` then `added`, each identifier once, in that order.
    ///
    /// - Complexity: O(*n*).
    package init(_ items: [ItemID], adding added: [ItemID] = []) {
        var names: [ItemID] = []
        var keys: [ItemID: Int] = [:]
        for name in items + added where keys[name] == nil {
            keys[name] = names.count
            names.append(name)
        }
        self.names = names
        self.keys = keys
    }

    /// The number of items (keys are `0..<count`).
    package var count: Int { names.count }

    /// The key of `name`, or `nil` if the catalog does not hold it.
    ///
    /// - Complexity: O(1) (one hash of `name`).
    package func key(of name: ItemID) -> Int? { keys[name] }

    /// The name of the item with `key`.
    ///
    /// - Complexity: O(1).
    package func name(of key: Int) -> ItemID { names[key] }

    /// Equal names in the same order (at once for two copies of one catalog).
    package static func == (lhs: ItemCatalog, rhs: ItemCatalog) -> Bool {
        lhs === rhs || lhs.names == rhs.names
    }

    /// Hashes the names in order.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(names)
    }
}
