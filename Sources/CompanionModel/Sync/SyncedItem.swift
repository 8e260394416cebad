/// One item as a device shows it: what both devices must agree on at the end of a run.
public struct SyncedItem: Hashable, Sendable, CustomStringConvertible {
    /// The item's identifier.
    public var id: ItemID
    /// Its title.
    public var title: String
    /// Open or checked off.
    public var status: ItemStatus

    /// An item shown with `title` and `status`.
    public init(id: ItemID, title: String, status: ItemStatus) {
        self.id = id
        self.title = title
        self.status = status
    }

    /// `"bread \"Bread\" open"`.
    public var description: String { "\(id) \"\(title)\" \(status.name)" }
}
