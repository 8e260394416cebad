import CompanionModel
import SimulationKernel

/// One unit of the simulated world: the single owner of some facts (the watch side, the phone
/// side, the link, the complication), behind one small protocol.
///
/// A feature
/// - **decodes** its part of a scenario: its section type decodes `"<section>"` (the feature's
///   `init(scenario:seed:)` reads `scenario.sections.<section>`), and it lists its ``stepKinds``
///   and ``expectationKinds`` (``Registry`` collects them);
/// - **handles** the events addressed to it and appends ``WorldEffect``s to the world's buffer: it
///   changes only its own
///   state, and reaches other features only through effects (events it sends them, events it
///   schedules, link requests);
/// - **checks** the invariants it owns at the end of every run;
/// - **summarises** itself as report sections.
///
/// ```swift
/// struct FlashlightFeature: SimulationFeature {
///     static let stepKinds: [StepKind] = []
///     static let expectationKinds: [ExpectationKind] = []
///     init(scenario: Scenario, seed: UInt64) {}
///     mutating func handle(_ event: Never, _ context: WorldContext, into effects: inout WorldEffects) {}
/// }
/// ```
///
/// Reading another feature's state is allowed (expectations, invariants and summaries read the
/// whole ``ScenarioSimulation``; ``WorldContext`` carries the few facts a handler may consult,
/// such as reachability). Writing it is not: there is no API for it.
package protocol SimulationFeature: Sendable {
    /// The events addressed to this feature (a case of ``SimEvent`` carries them).
    associatedtype Event: Sendable

    /// The `"do"` kinds of script steps this feature defines.
    static var stepKinds: [StepKind] { get }
    /// The keys of `"expect"` objects this feature defines.
    static var expectationKinds: [ExpectationKind] { get }

    /// The feature at the start of a run of `scenario` (it reads its own section, if any).
    init(scenario: Scenario, seed: UInt64)

    /// Starts the feature's own processes (its first periodic event, configured faults …): it
    /// appends what it asks for to `effects`.
    mutating func start(_ context: WorldContext, into effects: inout WorldEffects)

    /// Handles one event addressed to this feature at `context.now`, appending what it asks the
    /// world to do to `effects` (the world's one buffer: append only, never read or remove what
    /// is already there).
    mutating func handle(_ event: Event, _ context: WorldContext, into effects: inout WorldEffects)

    /// Properties every run must keep, checked at its end: one message per violation.
    func invariantFailures(in simulation: ScenarioSimulation) -> [InvariantFailure]

    /// The feature's sections of the run summary, in print order.
    func summary(in simulation: ScenarioSimulation) -> [ReportSection]
}

extension SimulationFeature {
    package mutating func start(_ context: WorldContext, into effects: inout WorldEffects) {}
    package func invariantFailures(in simulation: ScenarioSimulation) -> [InvariantFailure] { [] }
    package func summary(in simulation: ScenarioSimulation) -> [ReportSection] { [] }
}

/// What a feature's handler may consult besides its own state: the time, the scenario, the
/// link's reachability as each side sees it (what `WCSession.isReachable` answers an app), and,
/// for the link, how each app runs.
package struct WorldContext: Sendable {
    /// The current simulated time, read when the world hands an event over.
    package var now: SimTime
    /// Whether the run keeps its trace: with ``TraceMode/off`` a handler need not build the
    /// trace events it would return (the world drops them).
    package var trace: TraceMode
    /// The scenario being run, shared by reference (a context is made for every event).
    let prepared: PreparedScenario
    /// The scenario being run.
    package var scenario: Scenario { prepared.scenario }
    /// The link's session and range (``WatchLink/connection``), read from the link after each
    /// event it handles (nothing else changes them): with ``apps`` it answers
    /// ``reachability(from:)`` when a handler asks.
    package var connection: LinkConnection
    /// How each app runs, as its owner (the watch side, the phone side) last said: an owner
    /// whose app changes says so with ``WorldEffect/appChanged(_:_:)``, so nothing reads the
    /// apps before each event. What the link is handed with each event.
    package var apps: LinkApps
    /// `remainingComplicationUserInfoTransfers`: the link's complication transfers left today
    /// (the link owns that budget; the complication stamps it on its records for reports), read
    /// from the link just before the complication handles an event (the one handler that reads it).
    package var complicationTransfersLeft: Int

    /// `isReachable` as `side` sees it (worked out when asked: most events never ask).
    ///
    /// - Complexity: O(1).
    package func reachability(from side: LinkSide) -> Reachability {
        connection.reachability(from: side, apps: apps)
    }
}

/// What a feature asks the world to do. The world performs effects in order, depth first: an
/// event sent to another feature is handled (with everything it sets off) before the next
/// effect.
package enum WorldEffect: Sendable {
    /// Handle `event` now (an event for another feature, or for this one).
    case send(SimEvent)
    /// Handle `event` at `time` (or now, if `time` has passed).
    case schedule(SimEvent, at: SimTime)
    /// Record a trace event.
    case trace(TraceEvent)
    /// Schedule or cancel one of the link's timers on the loop, with the link's handles
    /// (``LinkTimers/perform(_:on:)``).
    case linkTimer(LinkTimerEffect)
    /// Schedule or cancel one of the complication's wakes on the loop, with its handles
    /// (``ComplicationTimers/perform(_:on:)``).
    case complicationTimer(ComplicationTimerEffect)
    /// `side`'s app now runs as `state`: its owner's lifecycle changed. What
    /// ``WorldContext/apps`` shows every handler from then on (the owner appends it before
    /// anything that change sets off).
    case appChanged(LinkSide, AppRunState)
}

extension WorldEffect {
    /// A trace event at `time` with fields in order.
    static func trace(
        _ kind: TraceKind, at time: SimTime, _ fields: KeyValuePairs<String, TraceValue> = [:]
    ) -> WorldEffect {
        .trace(TraceEvent(time: time, kind: kind.rawValue, fields: fields))
    }

    /// A trace event at `time` with a computed field list.
    static func trace(_ kind: TraceKind, at time: SimTime, fieldList: [(key: String, value: TraceValue)])
        -> WorldEffect
    {
        .trace(TraceEvent(time: time, kind: kind.rawValue, fieldList: fieldList))
    }
}
