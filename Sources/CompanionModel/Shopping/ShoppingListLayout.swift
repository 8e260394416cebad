/// Where each item of a scenario's list sits on the watch's screen, and what the scenario says
/// of it beyond the replica: decided once at load, by item key (``ItemCatalog``), shared by every
/// run and every ``ShoppingList`` view of the list.
///
/// An item's place is its rank in the learned store order (`Int.max` when never seen in a trip),
/// then its place in the replicas' canonical order (``ItemPlacement``): the answers below take
/// the replica's items (``ListReplica/items``, by key) and find an item by its key, never by
/// hashing its name.
///
/// ```swift
/// let layout = ShoppingListLayout(catalog: catalog, loaded: items, order: storeOrder)
/// layout.nextKey(in: replica.items)          // the first remaining item in store order
/// layout.shown(2, in: replica.items)?.title  // the row of the item with key 2
/// ```
///
/// An immutable object: its tables are made once and shared by every holder.
package final class ShoppingListLayout: Sendable {
    /// Every item the list can hold, and each one's key.
    package let catalog: ItemCatalog
    /// Each key's rank in the store order (`Int.max` when never seen in a trip).
    private let ranks: [Int]
    /// Each key's item as loaded (`nil` for an item added later).
    private let loaded: [ShoppingItem?]
    /// The loaded items' keys (`0..<loadedOrder.count`) in display order: their places never
    /// change, so they are sorted once.
    private let loadedOrder: [Int]

    /// The layout of a list that can hold the items of `catalog`, loaded with `loaded` (a
    /// repeated identifier keeps its first entry), placed by `order`.
    ///
    /// A loaded item's key is its index among the loaded items (``ItemCatalog`` numbers them
    /// first), which is also its canonical place (``ItemPlacement/initial(index:)``).
    ///
    /// - Complexity: O(*n* log *n*) for *n* items in the catalog.
    package init(catalog: ItemCatalog, loaded: [ShoppingItem], order: StoreOrder) {
        var items = [ShoppingItem?](repeating: nil, count: catalog.count)
        for item in loaded {
            guard let key = catalog.key(of: item.id), items[key] == nil else { continue }
            items[key] = item
        }
        let ranks = (0..<catalog.count).map { order.rank(of: catalog.name(of: $0)) ?? .max }
        self.catalog = catalog
        self.ranks = ranks
        self.loaded = items
        loadedOrder = items.indices.filter { items[$0] != nil }.sorted { (ranks[$0], $0) < (ranks[$1], $1) }
    }

    /// The place in display order of the item with `key` (`nil` while it was never on the list):
    /// its rank, then its canonical place — a loaded item's index, or after every loaded item,
    /// by the version of its first add.
    ///
    /// - Complexity: O(1).
    package func place(of key: Int, in items: [ReplicaItem]) -> ComplicationListPlace? {
        switch items[key].placement {
        case .none: return nil
        case .initial(let index): return ComplicationListPlace(rank: ranks[key], joined: index)
        case .added(let version):
            let joined = loadedOrder.count + 2 * version.counter + version.rank
            return ComplicationListPlace(rank: ranks[key], joined: joined)
        }
    }

    /// The item with `key` as its row shows it, or `nil` when it is not listed: the replica's
    /// identifier and title, with the due date and notes it was loaded with while it has never
    /// left the list.
    ///
    /// - Complexity: O(1).
    package func shown(_ key: Int, in items: [ReplicaItem]) -> ShoppingItem? {
        let item = items[key]
        guard item.presence.value.isListed else { return nil }
        guard let loaded = loaded[key], item.presence.version == .initial else {
            return ShoppingItem(id: item.id, title: item.title.value)
        }
        return ShoppingItem(id: item.id, title: item.title.value, due: loaded.due, notes: loaded.notes)
    }

    /// What the complication learns when the item with `key` changes: its place, and the
    /// remaining item there now (`nil`: checked off or not listed); `nil` while it was never on
    /// the list.
    ///
    /// - Complexity: O(1).
    package func remaining(at key: Int, in items: [ReplicaItem]) -> (item: ShoppingItem?, place: ComplicationListPlace)?
    {
        guard let place = place(of: key, in: items) else { return nil }
        return (items[key].isOpen ? shown(key, in: items) : nil, place)
    }

    /// The keys of the listed items, in display order: the loaded ones in their order, merged
    /// with the items added later (usually none), sorted by place.
    ///
    /// - Complexity: O(*n* + *a* log *a*) for *n* items in the catalog and *a* added items listed.
    package func listedKeys(in items: [ReplicaItem]) -> [Int] {
        var added = (loadedOrder.count..<items.count).filter { items[$0].presence.value.isListed }
        // Room for every item at once: the answer is built without regrowing.
        var keys: [Int] = []
        keys.reserveCapacity(items.count)
        guard !added.isEmpty else {
            for key in loadedOrder where items[key].presence.value.isListed { keys.append(key) }
            return keys
        }
        added.sort { place(of: $0, in: items)! < place(of: $1, in: items)! }
        var next = added.startIndex
        for key in loadedOrder where items[key].presence.value.isListed {
            while next < added.endIndex, place(of: added[next], in: items)! < place(of: key, in: items)! {
                keys.append(added[next])
                next += 1
            }
            keys.append(key)
        }
        keys.append(contentsOf: added[next...])
        return keys
    }

    /// The key of the next item to pick up (the first remaining item in display order), if any.
    ///
    /// - Complexity: O(*p* + *a*) for the next item at position *p* among the loaded items and *a*
    ///   items added later; no hashing.
    package func nextKey(in items: [ReplicaItem]) -> Int? {
        var next = loadedOrder.first { items[$0].isOpen }
        for key in loadedOrder.count..<items.count where items[key].isOpen {
            if let current = next, place(of: current, in: items)! < place(of: key, in: items)! { continue }
            next = key
        }
        return next
    }

    /// The number of remaining items shown above the item with `key` (its row among the remaining
    /// rows, when it is remaining itself).
    ///
    /// - Complexity: O(*n*) for *n* items in the catalog; no hashing.
    package func remainingAbove(_ key: Int, in items: [ReplicaItem]) -> Int {
        guard let target = place(of: key, in: items) else { return 0 }
        var count = 0
        for other in loadedOrder {
            guard place(of: other, in: items)! < target else { break }
            if items[other].isOpen { count += 1 }
        }
        for other in loadedOrder.count..<items.count where items[other].isOpen {
            if let otherPlace = place(of: other, in: items), otherPlace < target { count += 1 }
        }
        return count
    }
}
