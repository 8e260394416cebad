/// One edit of the shared list as it travels between the devices: who made it (and its number
/// in that device's sequence), the item, the edit and its version.
///
/// An operation is made once and never changed, then copied many times (into the outbox, the
/// courier, link messages, effects and every line of the message trail), so its fields live in
/// one immutable, shared box: a copy is one reference, not four fields with two strings.
/// Equality and hashing are by value, exactly as for the four fields.
///
/// ```swift
/// let operation = ListOperation(
///     id: OperationID(origin: .phone, sequence: 1), item: "bread",
///     edit: .add(title: "Bread"), version: SyncVersion(counter: 1, device: .phone))
/// operation.description  // "phone#1 add bread v1@phone"
/// ```
public struct ListOperation: Hashable, Sendable, CustomStringConvertible {
    /// The fields, set once when the operation is made.
    @usableFromInline
    final class Fields: Sendable {
        @usableFromInline let id: OperationID
        @usableFromInline let item: ItemID
        @usableFromInline let edit: ListEdit
        @usableFromInline let version: SyncVersion
        @usableFromInline let originSlot: Int?

        init(id: OperationID, item: ItemID, edit: ListEdit, version: SyncVersion, originSlot: Int?) {
            self.id = id
            self.item = item
            self.edit = edit
            self.version = version
            self.originSlot = originSlot
        }
    }

    @usableFromInline let fields: Fields

    /// Creates an operation.
    ///
    /// - Parameter originSlot: the item's slot in the origin's ``ListReplica`` (`nil`: not
    ///   known); a receiver tries it before it hashes `item` (see ``originSlot``).
    /// - Complexity: O(1); one allocation, shared by every copy.
    public init(id: OperationID, item: ItemID, edit: ListEdit, version: SyncVersion, originSlot: Int? = nil) {
        fields = Fields(id: id, item: item, edit: edit, version: version, originSlot: originSlot)
    }

    /// The origin and its sequence number.
    @inlinable public var id: OperationID { fields.id }
    /// The item edited.
    @inlinable public var item: ItemID { fields.item }
    /// What was done.
    @inlinable public var edit: ListEdit { fields.edit }
    /// The edit's version: decides concurrent edits of the same field.
    @inlinable public var version: SyncVersion { fields.version }

    /// Where the origin's replica keeps the item (its index in ``ListReplica/items``; `nil`: not
    /// known), a hint for the receiver, not part of the operation's value (equality, hashing and
    /// the description ignore it).
    ///
    /// Both devices load the list in the same order, so an item loaded with it has the same slot
    /// on both: a receiver that finds `item` at this slot of its own replica needs no hash of the
    /// identifier. It checks first (an item added since may sit elsewhere on the receiver).
    @inlinable public var originSlot: Int? { fields.originSlot }

    /// Equal fields (at once for two copies of one operation).
    public static func == (lhs: ListOperation, rhs: ListOperation) -> Bool {
        lhs.fields === rhs.fields
            || (lhs.id == rhs.id && lhs.item == rhs.item && lhs.edit == rhs.edit && lhs.version == rhs.version)
    }

    /// Hashes the four fields in order (as a struct of them would).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(item)
        hasher.combine(edit)
        hasher.combine(version)
    }

    /// The serialized size in bytes (a property-list estimate: keys, values and framing).
    public var byteCount: Int { 72 + item.utf8.count + (edit.title?.utf8.count ?? 0) }

    /// `"phone#1 add bread v1@phone"`.
    public var description: String { "\(id) \(edit.name) \(item) v\(version)" }
}
