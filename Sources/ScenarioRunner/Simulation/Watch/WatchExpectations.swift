import CompanionModel
import SimulationKernel

/// Expectations about the watch app's own lifecycle and what the store order learns.
package enum WatchExpectations {
    package static let all: [ExpectationKind] = [watchApp, nextTripOrder]

    /// `"watchApp": "suspended"`: the watch app's lifecycle state now (`notRunning`, `launching`,
    /// `foreground`, `background`, `suspended`).
    package static let watchApp = ExpectationKind(
        key: "watchApp", summary: "the watch app's state: notRunning, launching, foreground, background, suspended"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        let names = ["notRunning", "launching", "foreground", "background", "suspended"]
        let name = try node.string(context)
        guard names.contains(name) else {
            throw context.error(node, Suggestion.unknown("watch app state", name, among: names))
        }
        return AppState(name: name)
    }

    /// `"nextTripOrder": ["kale", "eggs"]`: the order the next trip's list will have, after this
    /// trip's lesson (learned only from check-offs made on the watch, once the trip is complete).
    package static let nextTripOrder = ExpectationKind(
        key: "nextTripOrder", summary: "the store order the next trip will use"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        var items: [ItemID] = []
        for element in try node.array(context) { items.append(try element.itemReference(context)) }
        return NextTripOrder(items: items)
    }

    package struct AppState: ScenarioExpectation {
        package var name: String
        package var label: String { "watchApp = \(name)" }
        package func failure(in simulation: inout ScenarioSimulation) -> String? {
            let actual = simulation.watch.appLifecycle.name
            return actual == name ? nil : "expected the watch app \(name), found \(actual)"
        }
    }

    package struct NextTripOrder: ScenarioExpectation {
        package var items: [ItemID]
        package var label: String { "nextTripOrder = [\(items.joined(separator: ", "))]" }
        package func failure(in simulation: inout ScenarioSimulation) -> String? {
            let actual = simulation.watch.nextTripOrder
            return actual == items
                ? nil
                : "expected the next trip in the order [\(items.joined(separator: ", "))], "
                    + "found [\(actual.joined(separator: ", "))]"
        }
    }
}
