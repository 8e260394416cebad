/// What one device knows about one item: each field with the version that set it.
///
/// An edit writes only its own fields: an add writes presence (listed), title and status
/// (open); a remove writes presence; a rename the title; a check or uncheck the status. Each
/// field keeps the newest write (``LastWriterWins``). Because rename, check and uncheck never
/// write presence, **a remove wins over every concurrent edit** of the item: only an add with a
/// newer version than the remove lists it again.
package struct ReplicaItem: Hashable, Sendable {
    /// What applying one edit did to the item.
    package enum Outcome: Hashable, Sendable {
        /// At least one field took the edit's value.
        case won
        /// Every field the edit writes already holds a newer version: the edit lost its conflict.
        case superseded(by: SyncVersion)
    }

    /// The identifier.
    package let id: ItemID
    /// On the list, removed, or never seen.
    package private(set) var presence: LastWriterWins<ItemPresence>
    /// The title.
    package private(set) var title: LastWriterWins<String>
    /// Open or checked off.
    package private(set) var status: LastWriterWins<ItemStatus>
    /// Where it sits in the canonical order (`nil` until an add or the initial list places it).
    package private(set) var placement: ItemPlacement?

    /// An item loaded with the list at `index`: listed, open, at the initial version.
    package init(loaded id: ItemID, title: String, index: Int) {
        self.id = id
        presence = LastWriterWins(.listed, version: .initial)
        self.title = LastWriterWins(title, version: .initial)
        status = LastWriterWins(.open, version: .initial)
        placement = .initial(index: index)
    }

    /// An item this device has not seen: absent, untitled, open, at the initial version.
    package init(unseen id: ItemID) {
        self.id = id
        presence = LastWriterWins(.absent, version: .initial)
        title = LastWriterWins("", version: .initial)
        status = LastWriterWins(.open, version: .initial)
        placement = nil
    }

    /// Equal fields, the cheap ones first (the versions, the states, the placement, then the
    /// strings): what the end-of-run check asks of every item of both replicas.
    ///
    /// - Complexity: O(1) for identifiers and titles of bounded length.
    package static func == (lhs: ReplicaItem, rhs: ReplicaItem) -> Bool {
        lhs.presence.version == rhs.presence.version && lhs.title.version == rhs.title.version
            && lhs.status.version == rhs.status.version && lhs.presence.value == rhs.presence.value
            && lhs.status.value == rhs.status.value && lhs.placement == rhs.placement
            && lhs.title.value == rhs.title.value && lhs.id == rhs.id
    }

    /// The item as shown, or `nil` when it is not on the list.
    package var shown: SyncedItem? {
        presence.value.isListed ? SyncedItem(id: id, title: title.value, status: status.value) : nil
    }

    /// The item's status as shown, or `nil` when it is not on the list (``shown`` without the
    /// strings).
    package var shownStatus: ItemStatus? { presence.value.isListed ? status.value : nil }

    /// Whether the item is listed and open (one of the remaining items).
    package var isOpen: Bool { presence.value.isListed && status.value == .open }

    /// Why a local `edit` of this item makes no operation, if it does not
    /// (``ListReplica/Refusal``).
    func refusal(of edit: ListEdit) -> ListReplica.Refusal? {
        guard presence.value.isListed else { return edit.isAdd ? nil : .notListed }
        switch edit {
        case .add: return .alreadyListed
        case .rename(let newTitle): return title.value == newTitle ? .unchanged : nil
        case .check: return status.value == .checkedOff ? .unchanged : nil
        case .uncheck: return status.value == .open ? .unchanged : nil
        case .remove: return nil
        }
    }

    /// Whether nothing was ever written to the item here: not loaded, no edit merged.
    package var isUnseen: Bool {
        placement == nil && presence.version == .initial && title.version == .initial
            && status.version == .initial
    }

    /// Merges `edit` made at `version` into the fields it writes.
    ///
    /// - Complexity: O(1).
    package mutating func apply(_ edit: ListEdit, at version: SyncVersion) -> Outcome {
        var won = false
        var newest = SyncVersion.initial
        switch edit {
        case .add(let newTitle):
            won = presence.merge(.listed, at: version) || won
            won = title.merge(newTitle, at: version) || won
            won = status.merge(.open, at: version) || won
            newest = max(presence.version, title.version, status.version)
            let added = ItemPlacement.added(version)
            placement = placement.map { min($0, added) } ?? added
        case .remove:
            won = presence.merge(.removed, at: version)
            newest = presence.version
        case .rename(let newTitle):
            won = title.merge(newTitle, at: version)
            newest = title.version
        case .check:
            won = status.merge(.checkedOff, at: version)
            newest = status.version
        case .uncheck:
            won = status.merge(.open, at: version)
            newest = status.version
        }
        return won ? .won : .superseded(by: newest)
    }
}

extension ReplicaItem {
    /// Makes this item `template`, writing only the fields that can differ: the same item (same
    /// identifier) keeps its identifier and, when it is unchanged, its title's string, so the
    /// strings are not retained and released again; another item is replaced whole.
    ///
    /// - Complexity: O(1) (string comparisons that hold at once for the same storage).
    mutating func restore(_ template: ReplicaItem) {
        guard id == template.id else {
            self = template
            return
        }
        presence = template.presence
        status = template.status
        placement = template.placement
        if title.version != template.title.version || title.value != template.title.value { title = template.title }
    }
}
