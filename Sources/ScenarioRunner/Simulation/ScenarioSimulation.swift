import CompanionModel
import SimulationKernel

/// One run of a scenario: the world's state, the event loop that drives it and the trace.
///
/// The simulation is a plain value. Components keep their state as enums and change it in
/// pure reducers; this type routes events to them, performs their effects (scheduling
/// events, recording the trace) and answers the expectations' questions.
///
/// Feature hooks live in `ScenarioSimulation+<Feature>.swift`; each has a simple default here
/// that the feature replaces:
/// - ``userTapped(_:)`` (watch): a tap checks the item off at once;
/// - ``sendToPhone(_:)`` (link): the phone receives every operation at once;
/// - ``phoneDidApply(_:)`` (reminders): nothing else reacts;
/// - ``requestComplicationUpdate(source:)`` (complication): nothing is shown.
public struct ScenarioSimulation {
    /// The scenario being run.
    public let scenario: Scenario
    /// The event loop: `loop.now` is the current simulated time.
    public internal(set) var loop = EventLoop<SimEvent>(capacity: 256)
    /// Everything that happened, in order.
    public internal(set) var trace = TraceRecorder()
    /// The seed of this run (the scenario's, or the `--seed` override).
    public let seed: UInt64
    /// The run's random stream, from ``seed``. Features take independent sub-streams with
    /// `random.split(label:)` so adding one source of randomness does not shift the others.
    public internal(set) var random: SplitMix64
    /// The store order learned from the scenario's history.
    public let storeOrder: StoreOrder
    /// The list as the watch shows it.
    public internal(set) var watchList: ShoppingList
    /// The list as the phone holds it.
    public internal(set) var phoneList: ShoppingList
    /// Every operation the user made on the watch, in order: the truth the phone must match.
    public internal(set) var intents: [CheckOffOperation] = []
    /// The last operation sequence the phone applied, per item.
    public internal(set) var phoneAppliedSequence: [ItemID: Int] = [:]
    /// Operations the phone received ahead of a missing predecessor.
    public internal(set) var phoneWaiting: [CheckOffOperation] = []
    /// The watch app: model, wrist and frontmost state, check-off pipeline (latency feature).
    public internal(set) var watchApp: WatchAppState
    /// Taps that reached the list, and taps that did not (with why).
    public internal(set) var tapCounts = TapCounts()
    /// The phone app's reminders (`nil` when the scenario has no `"reminders"` section).
    public internal(set) var reminders: PhoneReminders?
    /// The watch↔phone link (WatchConnectivity model, sender strategy, phone list).
    public internal(set) var link: ScenarioLink
    /// Expectation outcomes so far, in the order they were checked.
    public internal(set) var expectationResults: [ExpectationResult] = []
    /// The complication, when the scenario has a `"complication"` section.
    public internal(set) var complication: ComplicationFeature?

    /// The current simulated time.
    public var now: SimTime { loop.now }

    /// Prepares a run: learns the history and lays out the list.
    ///
    /// - Parameter seed: overrides the scenario's seed (`--seed`).
    public init(scenario: Scenario, seed: UInt64? = nil) {
        self.scenario = scenario
        self.seed = seed ?? scenario.seed
        random = SplitMix64(seed: self.seed)
        var order = StoreOrder()
        for trip in scenario.history { order.learn(trip: trip) }
        storeOrder = order
        watchList = ShoppingList(items: scenario.items, order: order)
        phoneList = watchList
        watchApp = WatchAppState(scenario: scenario, seed: self.seed)
        link = ScenarioLink(
            settings: scenario.sections.link ?? LinkSettings(), seed: self.seed, items: scenario.items.map(\.id))
        complication = scenario.sections.complication.map {
            ComplicationFeature(settings: $0, items: watchList.remainingItems, chip: watchApp.model.chip)
        }
        reminders = scenario.sections.reminders.map { PhoneReminders(settings: $0, items: scenario.items) }
    }

    /// Routes one due event. A feature adds one `case` here.
    mutating func handle(_ event: SimEvent) {
        switch event {
        case .step(let index):
            guard case .action(let action) = scenario.script[index].content else { return }
            action.perform(in: &self)
        case .watch(let event): handleWatch(event)
        case .complication(let event): handleComplication(event)
        case .reminders(let event): handleReminders(event)
        case .link(let event): handleLink(event)
        }
    }

    /// Records a trace event at the current time.
    public mutating func record(_ kind: String, _ fields: KeyValuePairs<String, TraceValue> = [:]) {
        trace.record(kind, at: now, fields)
    }

    /// Records a trace event with a computed field list.
    public mutating func record(_ kind: String, fieldList: [(key: String, value: TraceValue)]) {
        trace.record(TraceEvent(time: now, kind: kind, fieldList: fieldList))
    }

    /// The operation sequence number the next operation on `item` gets (1 for the first).
    func nextSequence(for item: ItemID) -> Int {
        intents.reduce(0) { $1.item == item ? $0 + 1 : $0 } + 1
    }
}

/// Counts of taps by outcome.
public struct TapCounts: Hashable, Sendable {
    /// Taps that reached the list.
    public var accepted = 0
    /// Taps that did not, by reason (`"wristDown"`), in first-seen order.
    public var ignored: [(reason: String, count: Int)] = []

    mutating func ignore(_ reason: String) {
        if let index = ignored.firstIndex(where: { $0.reason == reason }) {
            ignored[index].count += 1
        } else {
            ignored.append((reason, 1))
        }
    }

    /// All ignored taps.
    public var ignoredTotal: Int { ignored.reduce(0) { $0 + $1.count } }

    public static func == (lhs: TapCounts, rhs: TapCounts) -> Bool {
        lhs.accepted == rhs.accepted && lhs.ignored.map(\.reason) == rhs.ignored.map(\.reason)
            && lhs.ignored.map(\.count) == rhs.ignored.map(\.count)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(accepted)
        for entry in ignored {
            hasher.combine(entry.reason)
            hasher.combine(entry.count)
        }
    }
}

/// The outcome of one expectation check.
public struct ExpectationResult: Sendable {
    public var time: SimTime
    public var location: SourceLocation
    public var path: String
    public var label: String
    /// `nil` when it held.
    public var failure: String?

    public var passed: Bool { failure == nil }
}
