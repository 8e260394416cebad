/// How one item, as a device shows it, changed by a merge: what
/// ``SyncEndpoint/Effect/itemChanged(_:)`` reports to the host.
///
/// It names the item by its slot in the device's ``ListReplica`` (no hash of the identifier to
/// find it again) and carries the shown status before and after; the title and the rest of the
/// item as shown now are the replica's (``ListReplica/shown(atSlot:)``), so a change is a few
/// words to copy, with no strings of its own.
///
/// ```swift
/// case .itemChanged(let change):
///     let shown = endpoint.replica.shown(atSlot: change.slot)   // the item as shown after
///     change.before == .open && change.after == .checkedOff      // it was checked off
/// ```
package struct ItemChange: Hashable, Sendable {
    /// The last operation merged into the item (made here or received).
    package var operation: ListOperation
    /// The item's slot in the replica (its index in ``ListReplica/items``).
    package var slot: Int
    /// The item's status as shown before (`nil`: not listed).
    package var before: ItemStatus?
    /// The item's status as shown after (`nil`: not listed).
    package var after: ItemStatus?

    /// A change of the item at `slot` by `operation`, from `before` to `after`.
    package init(operation: ListOperation, slot: Int, before: ItemStatus?, after: ItemStatus?) {
        self.operation = operation
        self.slot = slot
        self.before = before
        self.after = after
    }

    /// The item's identifier.
    package var item: ItemID { operation.item }
}
