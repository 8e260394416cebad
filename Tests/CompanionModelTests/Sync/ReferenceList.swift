@testable import CompanionModel

/// The documented rule computed directly, independently of ``ListReplica``: for each item,
/// presence is the newest add or remove, the title the newest add or rename, the status the
/// newest add (open), check or uncheck; the place is the loaded index, else the oldest add.
enum ReferenceList {
    static func list(loaded: [ShoppingItem], operations: [ListOperation]) -> [SyncedItem] {
        struct Fields {
            var listed: (Bool, SyncVersion)
            var title: (String, SyncVersion)
            var status: (ItemStatus, SyncVersion)
            var place: (Int, SyncVersion)
        }
        var fields: [ItemID: Fields] = [:]
        for (index, item) in loaded.enumerated() {
            fields[item.id] = Fields(
                listed: (true, .initial), title: (item.title, .initial), status: (.open, .initial),
                place: (index, .initial))
        }
        let none = SyncVersion(counter: -1, device: .phone)
        for operation in operations {
            let v = operation.version
            var f =
                fields[operation.item]
                ?? Fields(listed: (false, none), title: ("", none), status: (.open, none), place: (Int.max, none))
            switch operation.edit {
            case .add(let title):
                if v > f.listed.1 { f.listed = (true, v) }
                if v > f.title.1 { f.title = (title, v) }
                if v > f.status.1 { f.status = (.open, v) }
                if f.place.0 == Int.max && (f.place.1 == none || v < f.place.1) { f.place = (Int.max, v) }
            case .remove: if v > f.listed.1 { f.listed = (false, v) }
            case .rename(let title): if v > f.title.1 { f.title = (title, v) }
            case .check: if v > f.status.1 { f.status = (.checkedOff, v) }
            case .uncheck: if v > f.status.1 { f.status = (.open, v) }
            }
            fields[operation.item] = f
        }
        return fields.filter { $0.value.listed.0 }
            .sorted { ($0.value.place.0, $0.value.place.1, $0.key) < ($1.value.place.0, $1.value.place.1, $1.key) }
            .map { SyncedItem(id: $0.key, title: $0.value.title.0, status: $0.value.status.0) }
    }
}
