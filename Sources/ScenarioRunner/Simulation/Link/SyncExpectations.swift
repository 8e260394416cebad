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
        ListsAgree(expected: try node.bool(context))
    }

    /// `"phoneItems": ["kale", "bread"]`: the items listed on the phone, in canonical order.
    package static let phoneItems = ExpectationKind(
        key: "phoneItems", summary: "the items listed on the phone, in canonical order"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        Items(device: .phone, items: try ids(node, context))
    }

    /// `"watchItems": ["kale", "bread"]`: the items the watch shows (checked or not), in display order.
    package static let watchItems = ExpectationKind(
        key: "watchItems", summary: "the items the watch shows, in display order"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        Items(device: .watch, items: try ids(node, context))
    }

    /// `"titles": {"kale": "Curly kale"}`: the watch shows these items with these titles.
    package static let titles = ExpectationKind(key: "titles", summary: "the watch shows these items with these titles")
    { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        guard case .object(let members) = node.value, !members.isEmpty else {
            throw context.error(node, "expected an object of item ids to titles, found \(node.kindDescription)")
        }
        var titles: [(item: ItemID, title: String)] = []
        for member in members { titles.append((member.key, try member.value.string(context))) }
        return Titles(titles: titles)
    }

    private static func ids(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError) -> [ItemID] {
        var items: [ItemID] = []
        for element in try node.array(context) { items.append(try element.string(context)) }
        return items
    }

    package struct ListsAgree: ScenarioExpectation {
        package var expected: Bool
        package var label: String { "listsAgree = \(expected)" }
        package func failure(in simulation: ScenarioSimulation) -> String? {
            let (watch, phone) = (simulation.watch.sync.replica.list, simulation.phone.sync.replica.list)
            if (watch == phone) == expected { return nil }
            return expected
                ? "expected both lists equal, found watch [\(show(watch))], phone [\(show(phone))]"
                : "expected the lists to differ, found both [\(show(watch))]"
        }

        private func show(_ list: [SyncedItem]) -> String { list.map(\.description).joined(separator: ", ") }
    }

    package struct Items: ScenarioExpectation {
        package var device: LinkSide
        package var items: [ItemID]
        package var label: String { "\(device.name)Items = [\(items.joined(separator: ", "))]" }
        package func failure(in simulation: ScenarioSimulation) -> String? {
            let actual =
                device == .phone
                ? simulation.phone.sync.replica.list.map(\.id) : simulation.watch.list.items.map(\.id)
            return actual == items
                ? nil
                : "expected [\(items.joined(separator: ", "))] on the \(device.name), found [\(actual.joined(separator: ", "))]"
        }
    }

    package struct Titles: ScenarioExpectation {
        package var titles: [(item: ItemID, title: String)]
        package var label: String {
            "titles = {" + titles.map { "\($0.item): \"\($0.title)\"" }.joined(separator: ", ") + "}"
        }
        package func failure(in simulation: ScenarioSimulation) -> String? {
            let wrong = titles.filter { simulation.watch.list.item($0.item)?.title != $0.title }
            guard !wrong.isEmpty else { return nil }
            return wrong.map { entry in
                "expected \(entry.item) titled \"\(entry.title)\" on the watch, found "
                    + (simulation.watch.list.item(entry.item).map { "\"\($0.title)\"" } ?? "no such item")
            }.joined(separator: "; ")
        }
    }
}
