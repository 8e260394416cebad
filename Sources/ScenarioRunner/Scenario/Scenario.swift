import CompanionModel
import SimulationKernel

/// A decoded, validated scenario file (format 1): the world at the start, a script of timed
/// steps, and the expectations that make the file a test.
public struct Scenario: Sendable {
    /// The newest scenario format this version reads.
    public static let currentFormat = 1

    /// The file as the user named it.
    public var file: String
    public var name: String
    public var summary: String?
    /// The seed of every random draw in the run (`--seed` overrides it).
    public var seed: UInt64
    /// When the scenario starts, with the UTC offset reports print in.
    public var start: EpochTime
    /// The watch model's name (see `wristsim watches`).
    public var watch: String
    public var watchLocation: SourceLocation?
    /// The list, in the order the file gives it (the simulation sorts it by store order).
    public var items: [ShoppingItem]
    /// Past trips, oldest first: each the order in which items were checked off.
    public var history: [[ItemID]] { didSet { storeOrder = StoreOrder(trips: history) } }
    /// The store order learned from ``history``: learned once per decoded scenario and shared by
    /// every run of it (sweeps and explorations run one scenario thousands of times).
    public internal(set) var storeOrder = StoreOrder()
    /// The steps, in time order.
    public var script: [ScriptStep]
    /// Expectations checked when the scenario ends.
    public var finalExpectations: [LocatedExpectation]
    /// When the simulation stops (default: five minutes after the last step).
    public var end: SimTime
    /// Feature settings (pipeline, link, complication, reminders), each optional.
    public var sections = ScenarioSections()
    /// The most events a run of this scenario may schedule (`"eventLimit"`; default one
    /// million). A run that reaches it stops with an error (see `docs/limits.md`).
    public var eventLimit = EventLimit.default
    /// Where the wrist is at the start (`"wrist"`, default raised with the app on screen).
    public var wrist = InitialWrist.raised

    /// How long after the last step the simulation keeps running by default, so in-flight
    /// work (a slow check-off, a message in transit) completes.
    public static let defaultDrain = SimDuration.minutes(5)
}

/// One step of the script.
public struct ScriptStep: Sendable {
    /// When it happens.
    public var time: SimTime
    /// Where it is written (for messages).
    public var location: SourceLocation
    public var path: String
    public var content: Content

    /// What a step does.
    public enum Content: Sendable {
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
public struct LocatedExpectation: Sendable {
    public var expectation: any ScenarioExpectation
    public var location: SourceLocation
    public var path: String
}
