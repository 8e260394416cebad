/// One item as a device shows it: what both devices must agree on at the end of a run.
package struct SyncedItem: Hashable, Sendable, CustomStringConvertible {
    /// The item's identifier.
    package var id: ItemID
    /// Its title.
    package var title: String
    /// Open or checked off.
    package var status: ItemStatus

    /// `"bread \"Bread\" open"`.
    package var description: String { "\(id) \"\(title)\" \(status.name)" }
}
