/// Where an item sits in the shared list's canonical order, the same on both devices.
///
/// Items loaded with the list keep their loaded order, first; added items follow in the order
/// of their first add's version. A removed and re-added item keeps its old place.
package enum ItemPlacement: Hashable, Sendable, Comparable {
    /// Loaded with the list, at `index`.
    case initial(index: Int)
    /// First added by the edit with this version.
    case added(SyncVersion)

    /// Loaded items first (by index), then added items (by version).
    package static func < (lhs: ItemPlacement, rhs: ItemPlacement) -> Bool {
        switch (lhs, rhs) {
        case (.initial(let a), .initial(let b)): return a < b
        case (.initial, .added): return true
        case (.added, .initial): return false
        case (.added(let a), .added(let b)): return a < b
        }
    }
}
