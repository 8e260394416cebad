/// Where an item sits in the shared list's canonical order, the same on both devices.
///
/// Items loaded with the list keep their loaded order, first; added items follow in the order
/// of their first add's version. A removed and re-added item keeps its old place.
///
/// The order is the synthesized one: cases in declaration order (loaded before added), then
/// their values (index, version).
package enum ItemPlacement: Hashable, Sendable, Comparable {
    /// Loaded with the list, at `index`.
    case initial(index: Int)
    /// First added by the edit with this version.
    case added(SyncVersion)
}
