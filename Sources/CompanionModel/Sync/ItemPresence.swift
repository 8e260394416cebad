/// Whether an item is on the list.
package enum ItemPresence: Hashable, Sendable {
    /// Never added as far as this device knows (an edit arrived for an item it has not seen).
    case absent
    /// On the list.
    case listed
    /// Taken off the list; only a newer add puts it back.
    case removed

    /// Whether the item is shown.
    package var isListed: Bool { self == .listed }
}
