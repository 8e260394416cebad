/// How one item, as a device shows it, changed by a merge: what
/// ``SyncEndpoint/Effect/itemChanged(_:)`` reports to the host.
///
/// It names the item by its slot in the device's ``ListReplica`` (no hash of the identifier to
/// find it again), the operation that changed it by its position in the replica's
/// ``ListReplica/appliedLog``, and carries the shown status before and after and the two facts
/// of that operation a host acts on (its origin, whether it wrote the title); the operation, the
/// title and the rest of the item as shown now are the replica's, so a change is a few words to
/// copy, with nothing to retain.
///
/// ```swift
/// case .itemChanged(let change):
///     let shown = endpoint.replica.items[change.slot].shown     // the item as shown after
///     let operation = endpoint.replica.appliedLog[change.position]   // what changed it
///     change.before == .open && change.after == .checkedOff      // it was checked off
///     change.origin == .phone                                    // by the phone
/// ```
package struct ItemChange: Hashable, Sendable {
    /// The position in the replica's ``ListReplica/appliedLog`` of the last operation merged
    /// into the item (made here or received).
    package var position: Int
    /// The item's slot in the replica (its index in ``ListReplica/items``).
    package var slot: Int
    /// The item's status as shown before (`nil`: not listed).
    package var before: ItemStatus?
    /// The item's status as shown after (`nil`: not listed).
    package var after: ItemStatus?
    /// The device that made the operation.
    package var origin: LinkSide
    /// Whether the operation wrote the item's title (an add or a rename).
    package var setsTitle: Bool

    /// A change of the item at `slot`, from `before` to `after`, by `operation`, at `position` of
    /// the replica's log.
    package init(position: Int, slot: Int, before: ItemStatus?, after: ItemStatus?, by operation: ListOperation) {
        self.position = position
        self.slot = slot
        self.before = before
        self.after = after
        origin = operation.id.origin
        setsTitle = operation.setsTitle
    }
}
