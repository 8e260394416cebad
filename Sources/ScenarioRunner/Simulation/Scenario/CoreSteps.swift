import CompanionModel
import SimulationKernel

/// The foundation's step kinds: tapping rows and moving the wrist.
package enum CoreSteps {
    package static let all: [StepKind] = [tap, raiseWrist, lowerWrist]

    /// `{"do": "tap", "item": "kale"}`: the user taps the item's row (checks it off, or puts a
    /// checked item back).
    package static let tap = StepKind(name: "tap", summary: "tap an item's row: \"item\": id") {
        (object: inout ObjectReader, context: DecodingContext) throws(ScenarioError) -> any ScenarioAction in
        let node = try object.required("item", "the id of the item tapped")
        let item = try node.itemReference(context)
        // Every item a step may name has its key (``DecodingContext/itemKeys``).
        guard let key = context.itemKeys[item] else {
            throw context.error(node, "item \(Excerpt.quoted(item)) has no key")
        }
        return Tap(item: item, key: key)
    }

    /// `{"do": "raiseWrist"}`.
    package static let raiseWrist = StepKind(name: "raiseWrist", summary: "the user raises the wrist") {
        (_: inout ObjectReader, _: DecodingContext) throws(ScenarioError) -> any ScenarioAction in
        SendEvents(.watch(.wrist(.raised)))
    }

    /// `{"do": "lowerWrist"}`.
    package static let lowerWrist = StepKind(name: "lowerWrist", summary: "the user lowers the wrist") {
        (_: inout ObjectReader, _: DecodingContext) throws(ScenarioError) -> any ScenarioAction in
        SendEvents(.watch(.wrist(.lowered)))
    }

    /// The user taps a row.
    package struct Tap: ScenarioAction {
        package var item: ItemID
        /// The item's key in the scenario's ``ItemCatalog`` (``DecodingContext/itemKeys``): what
        /// the tap event carries, so the watch finds the item without hashing its name.
        package var key: Int
        package func effects(at now: SimTime, into effects: inout WorldEffects) {
            effects.append(.send(.watch(.tap(key))))
        }
    }
}
