/// One edit of the shared list as it travels between the devices: who made it (and its number
/// in that device's sequence), the item (its name and its ``ItemCatalog`` key), the edit and its
/// version.
///
/// An operation is made once and never changed, then copied many times (into the log, link
/// messages, effects and every line of the message trail), so it is an immutable object: a
/// copy is one reference, not five fields with two strings. Equality is by value, exactly as
/// for the fields; hashing leaves out the key (the name's number in one catalog).
///
/// ```swift
/// let operation = ListOperation(
///     id: OperationID(origin: .phone, sequence: 1), item: "bread", key: 2,
///     edit: .add(title: "Bread"), version: SyncVersion(counter: 1, device: .phone))
/// operation.description  // "phone#1 add bread v1@phone"
/// ```
package final class ListOperation: Hashable, Sendable, CustomStringConvertible {
    /// The origin and its sequence number.
    package let id: OperationID
    /// The item edited.
    package let item: ItemID
    /// The item's key in the list's ``ItemCatalog``: what the receiving replica finds it by.
    package let key: Int
    /// What was done.
    package let edit: ListEdit
    /// The edit's version: decides concurrent edits of the same field.
    package let version: SyncVersion

    /// Creates an operation.
    ///
    /// - Complexity: O(1); one allocation, shared by every copy.
    package init(id: OperationID, item: ItemID, key: Int, edit: ListEdit, version: SyncVersion) {
        self.id = id
        self.item = item
        self.key = key
        self.edit = edit
        self.version = version
    }

    /// Whether the edit writes the item's title (an add or a rename), asked in place: `edit`
    /// would copy the edit, and its title, out to ask.
    package var setsTitle: Bool {
        switch edit {
        case .add, .rename: true
        case .remove, .check, .uncheck: false
        }
    }

    /// Equal fields (at once for two copies of one operation).
    package static func == (lhs: ListOperation, rhs: ListOperation) -> Bool {
        lhs === rhs
            || (lhs.id == rhs.id && lhs.key == rhs.key && lhs.item == rhs.item && lhs.edit == rhs.edit
                && lhs.version == rhs.version)
    }

    /// Hashes the identifier, the item's name, the edit and the version in order (the key
    /// follows from the name).
    package func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(item)
        hasher.combine(edit)
        hasher.combine(version)
    }

    /// The serialized size in bytes (a property-list estimate: keys, values and framing).
    package var byteCount: Int { 72 + item.utf8.count + (edit.title?.utf8.count ?? 0) }

    /// `"phone#1 add bread v1@phone"`.
    package var description: String { "\(id) \(edit.name) \(item) v\(version)" }
}
