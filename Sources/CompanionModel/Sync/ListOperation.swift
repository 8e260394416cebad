/// One edit of the shared list as it travels between the devices: who made it (and its number
/// in that device's sequence), the item, the edit and its version.
///
/// ```swift
/// let operation = ListOperation(
///     id: OperationID(origin: .phone, sequence: 1), item: "bread",
///     edit: .add(title: "Bread"), version: SyncVersion(counter: 1, device: .phone))
/// operation.summary  // "phone#1 add bread v1@phone"
/// ```
public struct ListOperation: Hashable, Sendable, CustomStringConvertible {
    /// The origin and its sequence number.
    public var id: OperationID
    /// The item edited.
    public var item: ItemID
    /// What was done.
    public var edit: ListEdit
    /// The edit's version: decides concurrent edits of the same field.
    public var version: SyncVersion

    /// Creates an operation.
    public init(id: OperationID, item: ItemID, edit: ListEdit, version: SyncVersion) {
        self.id = id
        self.item = item
        self.edit = edit
        self.version = version
    }

    /// The serialized size in bytes (a property-list estimate: keys, values and framing).
    public var byteCount: Int { 72 + item.utf8.count + (edit.title?.utf8.count ?? 0) }

    /// `"phone#1 add bread v1@phone"`.
    public var description: String { "\(id) \(edit.name) \(item) v\(version)" }
}
