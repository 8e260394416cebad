import CompanionModel
import SimulationKernel

/// Expectations about the two devices' lists (two-way sync, `docs/sync.md`).
package enum SyncExpectations {
    package static let all: [ExpectationKind] = [listsAgree, phoneItems, watchItems, titles]

    /// `"listsAgree": true`: right now both devices show the same list (items, titles, states,
    /// canonical order).
    package static let listsAgree = ExpectationKind(
        key: "listsAgree", summary: "both devices show the same list right now"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        let expected = try node.bool(context)
        return LinkCheck(label: "listsAgree = \(expected)") { simulation in
            let (watch, phone) = (simulation.watch.sync.replica.list, simulation.phone.sync.replica.list)
            if (watch == phone) == expected { return nil }
            return expected
                ? "expected both lists equal, found watch [\(show(watch))], phone [\(show(phone))]"
                : "expected the lists to differ, found both [\(show(watch))]"
        }
    }

    /// `"phoneItems": ["kale", "bread"]`: the items listed on the phone, in canonical order.
    package static let phoneItems = items(
        on: .phone, summary: "the items listed on the phone, in canonical order"
    ) { $0.phone.sync.replica.list.map(\.id) }

    /// `"watchItems": ["kale", "bread"]`: the items the watch shows (checked or not), in display order.
    package static let watchItems = items(on: .watch, summary: "the items the watch shows, in display order") {
        $0.watch.list.items.map(\.id)
    }

    /// `"titles": {"kale": "Curly kale"}`: the watch shows these items with these titles.
    package static let titles = ExpectationKind(key: "titles", summary: "the watch shows these items with these titles")
    { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        guard case .object(let members) = node.value, !members.isEmpty else {
            throw context.error(node, "expected an object of item ids to titles, found \(node.kindDescription)")
        }
        var titles: [(item: ItemID, title: String)] = []
        for member in members { titles.append((member.key, try member.value.string(context))) }
        let label = "titles = {" + titles.map { "\($0.item): \"\($0.title)\"" }.joined(separator: ", ") + "}"
        return LinkCheck(label: label) { [titles] simulation in
            let wrong = titles.filter { simulation.watch.list.item($0.item)?.title != $0.title }
            guard !wrong.isEmpty else { return nil }
            return wrong.map { entry in
                "expected \(entry.item) titled \"\(entry.title)\" on the watch, found "
                    + (simulation.watch.list.item(entry.item).map { "\"\($0.title)\"" } ?? "no such item")
            }.joined(separator: "; ")
        }
    }

    /// The `"<device>Items"` key: an array of ids, expected to be what `actual` lists now.
    private static func items(
        on device: LinkSide, summary: String, _ actual: @escaping @Sendable (ScenarioSimulation) -> [ItemID]
    ) -> ExpectationKind {
        ExpectationKind(key: "\(device.name)Items", summary: summary) {
            (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
            var items: [ItemID] = []
            for element in try node.array(context) { items.append(try element.string(context)) }
            return LinkCheck(label: "\(device.name)Items = [\(items.joined(separator: ", "))]") { [items] simulation in
                let found = actual(simulation)
                return found == items
                    ? nil
                    : "expected [\(items.joined(separator: ", "))] on the \(device.name), found [\(found.joined(separator: ", "))]"
            }
        }
    }

    /// `list` for a failure message: its items, comma-separated.
    private static func show(_ list: [SyncedItem]) -> String { list.map(\.description).joined(separator: ", ") }
}
