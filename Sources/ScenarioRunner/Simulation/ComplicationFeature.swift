import CompanionModel
import SimulationKernel

/// The complication, sole owner of what the watch face shows and of its refresh budget: the
/// library model (``ComplicationTimelineModel``) plus the app's background-refresh plan and the
/// wake it has asked for.
///
/// It learns the truth (the watch's remaining items) from the watch side's
/// ``ComplicationEvent/listChanged(remaining:)`` at each change, so staleness counts from the
/// change itself; reloads come from the watch app, the phone's transfers and the system.
/// Without a `"complication"` section the feature is inert.
public struct ComplicationFeature: SimulationFeature {
    public static let stepKinds: [StepKind] = ComplicationSteps.all
    public static let expectationKinds: [ExpectationKind] = ComplicationExpectations.all

    /// The app's side of background refreshes.
    enum RefreshDriver: Hashable, Sendable {
        /// The app has nothing scheduled (no plan, or the complication is off the face).
        case stopped
        /// The app will ask to schedule a refresh at a later time (the plan's `from`).
        case willSchedule
        /// A refresh is scheduled; the system wakes the app with the wake carrying this token
        /// (an older wake, cancelled since, carries another and is ignored).
        case awaitingWake(token: Int)
    }

    /// The model, when the scenario has a `"complication"` section.
    public internal(set) var model: ComplicationTimelineModel?
    /// The `"complication"` settings, if any.
    public let settings: ComplicationSettings?
    var driver: RefreshDriver = .stopped
    /// The token of the last wake asked for.
    var wakeToken = 0

    public init(scenario: Scenario, seed: UInt64) {
        settings = scenario.sections.complication
        model = settings.map { settings in
            var order = StoreOrder()
            for trip in scenario.history { order.learn(trip: trip) }
            return ComplicationTimelineModel(
                configuration: settings.configuration,
                items: ShoppingList(items: scenario.items, order: order).remainingItems, presence: settings.presence)
        }
    }

    /// Traces the requests made while setting up (the face's first, free timeline), tells the
    /// link where the complication is, and starts the app's background-refresh plan, if any.
    public mutating func start(_ context: WorldContext) -> [WorldEffect] {
        guard let model, let settings else { return [] }
        var effects = model.records.map(trace)
        effects.append(.send(.link(.environment(.complicationPlacement(placement(settings.presence))))))
        if let plan = settings.backgroundRefresh {
            driver = .willSchedule
            effects.append(.schedule(.complication(.scheduleRefresh), at: plan.from))
        }
        return effects
    }

    public mutating func handle(_ event: ComplicationEvent, _ context: WorldContext) -> [WorldEffect] {
        guard model != nil else { return [] }
        let now = context.now
        switch event {
        case .listChanged(let remaining):
            model?.listChanged(to: remaining, at: now)
            return []
        case .reload(let source):
            return apply(source == .phoneTransfer ? .phoneTransfer(at: now) : .appReload(at: now), context)
        case .face(let presence):
            var effects = apply(.faceChanged(at: now, to: presence), context)
            effects.append(.send(.link(.environment(.complicationPlacement(placement(presence))))))
            if presence == .onActiveFace, driver == .stopped, settings?.backgroundRefresh != nil {
                effects += apply(.scheduleBackgroundRefresh(at: now, preferred: now + refreshEvery), context)
            }
            return effects
        case .scheduleRefresh:
            guard driver == .willSchedule else { return [] }
            driver = .stopped
            return apply(.scheduleBackgroundRefresh(at: now, preferred: now + refreshEvery), context)
        case .refreshWake(let token):
            guard driver == .awaitingWake(token: token) else { return [] }
            driver = .stopped
            return apply(.backgroundRefreshWoke(at: now), context)
                + apply(.scheduleBackgroundRefresh(at: now, preferred: now + refreshEvery), context)
        }
    }

    public func summary(in simulation: ScenarioSimulation) -> [ReportSection] {
        complicationSection(at: simulation.now)
    }

    private var refreshEvery: SimDuration { settings?.backgroundRefresh?.every ?? .minutes(15) }

    private func placement(_ presence: ComplicationFacePresence) -> ComplicationTransferBudget.Placement {
        presence == .onActiveFace ? .onActiveFace : .notOnActiveFace
    }

    /// Runs one request through the model and returns its effects: trace records, the wake on
    /// the loop, its cancellation, and the app's retry of a rate-limited schedule.
    private mutating func apply(_ event: ComplicationBudgetEvent, _ context: WorldContext) -> [WorldEffect] {
        guard var model else { return [] }
        let produced = model.handle(event)
        self.model = model
        let now = context.now
        var effects: [WorldEffect] = []
        for effect in produced {
            switch effect {
            case .record(let request):
                effects.append(trace(request))
                if request.kind == .scheduleRefresh, request.outcome.refusal == .backgroundRateLimit,
                    let retry = request.retryAt
                {
                    effects += apply(.scheduleBackgroundRefresh(at: now, preferred: retry), context)
                }
            case .wakeForBackgroundRefresh(let at):
                wakeToken += 1
                driver = .awaitingWake(token: wakeToken)
                effects.append(.schedule(.complication(.refreshWake(token: wakeToken)), at: at))
            case .cancelBackgroundRefresh:
                driver = .stopped
            case .budgetReset(let at):
                effects.append(.trace(.complicationBudgetReset, at: now, ["at": .string(at.description)]))
            case .reloadTimeline(_, let source):
                let shown = model.configuration.families.map { family in
                    TraceValue.string("\(family.rawValue)=\(model.shownText(family, at: now) ?? "-")")
                }
                effects.append(
                    .trace(.complicationReloaded, at: now, ["source": .string(source.rawValue), "shows": .list(shown)]))
            }
        }
        return effects
    }

    private func trace(_ request: ComplicationRequestRecord) -> WorldEffect {
        var fields: [(key: String, value: TraceValue)] = [
            ("source", .string(request.source.rawValue)), ("kind", .string(request.kind.rawValue)),
            ("granted", .bool(request.outcome.isGranted)),
        ]
        if let reason = request.outcome.refusal { fields.append(("reason", .string(reason.rawValue))) }
        fields.append(("budgetLeft", .int(Int64(request.budgetLeft))))
        return .trace(.complicationRequest, at: request.at, fieldList: fields)
    }
}

/// Events addressed to the complication.
public enum ComplicationEvent: Hashable, Sendable {
    /// The watch's list changed: these items remain, in display order.
    case listChanged(remaining: [ShoppingItem])
    /// A reload is asked for, by the watch app (``ComplicationReloadSource/app``) or by a phone
    /// transfer (``ComplicationReloadSource/phoneTransfer``).
    case reload(ComplicationReloadSource)
    /// The user puts the complication on the active face or takes it off.
    case face(ComplicationFacePresence)
    /// The app asks the system to schedule its next background refresh.
    case scheduleRefresh
    /// The system wakes the app for its scheduled background refresh.
    case refreshWake(token: Int)
}
