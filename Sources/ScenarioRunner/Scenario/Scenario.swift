import CompanionModel
import SimulationKernel

/// A decoded, validated scenario file (format 1): the world at the start, a script of timed
/// steps, and the expectations that make the file a test.
package struct Scenario: Sendable {
    /// The newest scenario format this version reads.
    package static let currentFormat = 1

    /// The file as the user named it.
    package var file: String
    package var name: String
    package var summary: String?
    /// The seed of every random draw in the run (`--seed` overrides it).
    package var seed: UInt64
    /// When the scenario starts, with the UTC offset reports print in.
    package var start: EpochTime
    /// The watch model's name (see `wristsim watches`).
    package var watch: String
    /// The list, in the order the file gives it (the simulation sorts it by store order).
    package var items: [ShoppingItem]
    /// The store order learned from the file's `"history"` (past trips, oldest first, each the
    /// order in which items were checked off): learned once per decoded scenario and shared by
    /// every run of it (sweeps and explorations run one scenario thousands of times).
    package var storeOrder: StoreOrder
    /// The steps, in time order.
    package var script: [ScriptStep]
    /// Expectations checked when the scenario ends.
    package var finalExpectations: [LocatedExpectation]
    /// When the simulation stops (default: five minutes after the last step).
    package var end: SimTime
    /// Feature settings (pipeline, link, complication, reminders), each optional.
    package var sections = ScenarioSections()
    /// The most events a run of this scenario may schedule (`"eventLimit"`; default one
    /// million). A run that reaches it stops with an error (see `docs/limits.md`).
    package var eventLimit = EventLimit.default
    /// Where the wrist is at the start (`"wrist"`, default raised with the app on screen).
    package var wrist = InitialWrist.raised

    /// How long after the last step the simulation keeps running by default, so in-flight
    /// work (a slow check-off, a message in transit) completes.
    package static let defaultDrain = SimDuration.minutes(5)
}

/// One step of the script.
package struct ScriptStep: Sendable {
    /// When it happens.
    package var time: SimTime
    /// Its index among the file's `"script"` elements (a `"wait"` takes one too).
    package var element: Int
    package var content: Content

    /// What a step does.
    package enum Content: Sendable {
        /// Something happens in the world.
        case action(any ScenarioAction)
        /// Expectations checked at the step's time, after everything due by then.
        case expectations([LocatedExpectation])
    }

    /// The item this step adds to the list (a phone edit or a watch dictation that adds one),
    /// if any: later steps and the top-level `"expect"` may name it.
    var addedItem: ItemID? {
        guard case .action(let action) = content else { return nil }
        return (action as? any ItemAddingAction)?.addedItem
    }
}

/// An expectation with where it was written.
package struct LocatedExpectation: Sendable {
    package var expectation: any ScenarioExpectation
    package var location: SourceLocation
    package var path: String
}
