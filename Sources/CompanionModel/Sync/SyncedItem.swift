/// One item as a device shows it: what both devices must agree on at the end of a run.
package struct SyncedItem: Hashable, Sendable, CustomStringConvertible {
    /// The item's identifier.
    package var id: ItemID
    /// Its title.
    package var title: String
    /// Open or checked off.
    package var status: ItemStatus

    /// An item shown with `title` and `status`.
    package init(id: ItemID, title: String, status: ItemStatus) {
        self.id = id
        self.title = title
        self.status = status
    }

    /// `"bread \"Bread\" open"`.
    package var description: String { "\(id) \"\(title)\" \(status.name)" }
}
