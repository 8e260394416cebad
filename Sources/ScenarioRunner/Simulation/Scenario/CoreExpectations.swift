import CompanionModel
import SimulationKernel

/// The foundation's expectations about the list on the watch.
package enum CoreExpectations {
    package static let all: [ExpectationKind] = [remaining, next, checked, order]

    /// `"remaining": 3`: items still to pick up on the watch.
    package static let remaining = ExpectationKind(key: "remaining", summary: "number of items still to pick up") {
        (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        Remaining(count: try node.int(context, in: 0...Int.max))
    }

    /// `"next": "eggs"` (or `null` when nothing is left): the next item to pick up.
    package static let next = ExpectationKind(key: "next", summary: "the next item to pick up, or null") {
        (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        if case .null = node.value { return NextItem(item: nil) }
        if case .string(let text) = node.value, ["none", "nil", "null", ""].contains(text.lowercased()),
            context.itemKeys[text] == nil
        {
            throw context.error(node, "expected null (without quotes) for \"nothing left\", found \"\(text)\"")
        }
        return NextItem(item: try node.itemReference(context))
    }

    /// `"checked": ["kale", "eggs"]`: exactly these items are checked off (any order).
    package static let checked = ExpectationKind(key: "checked", summary: "exactly these items are checked off") {
        (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        Checked(
            items: try node.array(context).map { element throws(ScenarioError) in try element.itemReference(context) })
    }

    /// `"order": ["kale", "eggs"]`: the remaining items, in display (store) order.
    package static let order = ExpectationKind(key: "order", summary: "the remaining items in display order") {
        (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        DisplayOrder(
            items: try node.array(context).map { element throws(ScenarioError) in try element.itemReference(context) })
    }

    package struct Remaining: ScenarioExpectation {
        package var count: Int
        package var label: String { "remaining = \(count)" }
        package func failure(in simulation: inout ScenarioSimulation) -> String? {
            // The count's owner, the watch replica, answers: no list view is made to ask it.
            let actual = simulation.watch.sync.replica.remainingCount
            return actual == count ? nil : "expected \(count) remaining, found \(actual)"
        }
    }

    package struct NextItem: ScenarioExpectation {
        package var item: ItemID?
        package var label: String { "next = \(item ?? "null")" }
        package func failure(in simulation: inout ScenarioSimulation) -> String? {
            let actual = simulation.watch.list.nextItemID
            return actual == item ? nil : "expected next item \(item ?? "none"), found \(actual ?? "none")"
        }
    }

    package struct Checked: ScenarioExpectation {
        package let items: [ItemID]
        /// The expected items as a set, made once, so a check that holds sorts nothing.
        private let distinct: Set<ItemID>
        package var label: String { "checked = \(ListMismatch.label(items))" }

        package init(items: [ItemID]) {
            self.items = items
            distinct = Set(items)
        }

        /// - Complexity: O(*n*) when it holds (the watch's checked items are distinct), without
        ///   hashing when they are found in the order written; the full comparison,
        ///   O(*n* log *n*), only to describe a mismatch.
        package func failure(in simulation: inout ScenarioSimulation) -> String? {
            let found = simulation.watch.list.checkedItems
            if found.count == items.count, distinct.count == items.count,
                found == items || found.allSatisfy(distinct.contains)
            {
                return nil
            }
            return ListMismatch.describe("checked", expected: items, found: found, ordered: false)
        }
    }

    package struct DisplayOrder: ScenarioExpectation {
        package var items: [ItemID]
        package var label: String { "order = \(ListMismatch.label(items))" }
        package func failure(in simulation: inout ScenarioSimulation) -> String? {
            ListMismatch.describe(
                "order", expected: items, found: simulation.watch.list.remainingItems.map(\.id), ordered: true)
        }
    }
}
