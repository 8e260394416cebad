import CompanionModel
import SimulationKernel

/// Step kinds of the two-way list sync: edits made on the phone (in the phone app, or by a
/// shared list) and items added on the watch by dictation. Each becomes a list operation that
/// reaches the other device over the link (`docs/sync.md`).
///
/// An add names any non-empty id (a new item, or one removed earlier). Every other edit must name
/// an item that can exist at that point — one in `"items"` or added by an earlier step on either
/// device — or the scenario does not load (a located error with the JSON path and the closest
/// known id). An edit that still makes no sense on the device's list when it happens (removing
/// an item the other device already removed, adding one the device already shows, checking a
/// checked item) changes nothing and is traced as `sync.refused` with the reason.
package enum SyncSteps {
    /// The phone's steps.
    package static let phone: [StepKind] = [
        phoneEdit("phoneAddItem", title: true, "add an item in the phone app: \"item\": id, \"title\": text") {
            .add(title: $0 ?? "")
        },
        phoneEdit("phoneRemoveItem", title: false, "remove an item in the phone app: \"item\": id") { _ in .remove },
        phoneEdit("phoneRenameItem", title: true, "rename an item in the phone app: \"item\": id, \"title\": text") {
            .rename(title: $0 ?? "")
        },
        phoneEdit("phoneCheckItem", title: false, "check an item off in the phone app: \"item\": id") { _ in .check },
        phoneEdit("phoneUncheckItem", title: false, "put a checked item back in the phone app: \"item\": id") { _ in
            .uncheck
        },
    ]

    /// The watch's steps.
    package static let watch: [StepKind] = [watchAddItem]

    /// `{"do": "watchAddItem", "item": "bread", "title": "Bread"}`: the user dictates an item in
    /// the watch app (relaunched if it was not running).
    package static let watchAddItem = StepKind(
        name: "watchAddItem", summary: "add an item by dictation on the watch: \"item\": id, \"title\": text"
    ) { (object: inout ObjectReader, context: DecodingContext) throws(ScenarioError) -> any ScenarioAction in
        let item = try object.required("item", "the new item's id").string(context)
        let title = try object.required("title", "the dictated title").string(context)
        return WatchAdd(item: item, title: title)
    }

    private static func phoneEdit(
        _ name: String, title: Bool, _ summary: String, _ make: @escaping @Sendable (String?) -> ListEdit
    ) -> StepKind {
        StepKind(name: name, summary: summary) {
            (object: inout ObjectReader, context: DecodingContext) throws(ScenarioError) -> any ScenarioAction in
            let itemNode = try object.required("item", "the item's id")
            let text = title ? try object.required("title", "the item's title").string(context) : nil
            let edit = make(text)
            let item = edit.isAdd ? try itemNode.string(context) : try itemNode.itemReference(context)
            return PhoneEdit(item: item, edit: edit)
        }
    }

    /// An edit made on the phone.
    package struct PhoneEdit: ItemAddingAction {
        package var item: ItemID
        package var edit: ListEdit
        package var addedItem: ItemID? { edit.isAdd ? item : nil }
        package func effects(at now: SimTime, into effects: inout WorldEffects) {
            effects.append(.send(.phone(.edit(item, edit))))
        }
    }

    /// An item dictated on the watch.
    package struct WatchAdd: ItemAddingAction {
        package var item: ItemID
        package var title: String
        package var addedItem: ItemID? { item }
        package func effects(at now: SimTime, into effects: inout WorldEffects) {
            effects.append(.send(.watch(.addItem(item, title: title))))
        }
    }
}

/// A script action that may add an item to the list (a phone add, a watch dictation): the
/// decoder lets the steps after it name that item.
package protocol ItemAddingAction: ScenarioAction {
    /// The item this action adds, if it adds one.
    var addedItem: ItemID? { get }
}
