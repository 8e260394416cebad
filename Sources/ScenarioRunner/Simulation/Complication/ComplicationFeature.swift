import CompanionModel
import SimulationKernel

/// The complication, sole owner of what the watch face shows and of its refresh budget: the
/// library model (``ComplicationTimelineModel``) plus the app's background-refresh plan and the
/// wake it has asked for.
///
/// It learns the truth (the watch's remaining items) from the watch side's
/// ``ComplicationEvent/listChanged(_:at:)`` at each change, so staleness counts from the
/// change itself; reloads come from the watch app, the phone's transfers and the system.
/// Without a `"complication"` section the feature is inert.
package struct ComplicationFeature: SimulationFeature {
    package static let stepKinds: [StepKind] = ComplicationSteps.all
    package static let expectationKinds: [ExpectationKind] = ComplicationExpectations.all

    /// The app's side of background refreshes.
    enum RefreshDriver: Hashable, Sendable {
        /// The app has nothing scheduled (no plan, or the complication is off the face).
        case stopped
        /// A refresh is coming: the app's first schedule at the plan's `from`
        /// (``ComplicationEvent/scheduleRefresh``, the only time that event comes), or one under
        /// way from its schedule (the wake, ``ComplicationTimer/refreshWake``) until its task ends
        /// (``ComplicationTimer/taskEnded(_:)``), on the face or off it.
        case refreshing
        /// The system terminated the app during a background task: it could not schedule its
        /// next refresh, so none comes until the app runs again in the foreground.
        case terminated
    }

    /// The model, when the scenario has a `"complication"` section.
    package internal(set) var model: ComplicationTimelineModel?
    /// The app's background-refresh plan (`"backgroundRefresh"`), if any: the rest of the
    /// `"complication"` section is the model's configuration, its one owner.
    let refreshPlan: ComplicationSettings.BackgroundRefreshPlan?
    var driver: RefreshDriver = .stopped
    /// The handles of the wakes pending on the loop (refresh, policy reload, deferred reload):
    /// one no longer wanted is cancelled (``ComplicationTimerEffect``), so every wake that fires is wanted.
    var timers = ComplicationTimers()
    /// What each background task does now (the plan's, until a `backgroundTaskWork` step).
    var taskWork: BackgroundTaskWork
    /// The complication's sub-stream of the run's seed: the system's delays of background
    /// refreshes (``BackgroundRefreshTiming``) draw from it alone, so they never shift another
    /// feature's draws, nor theirs these.
    var rng: SplitMix64

    /// The seed label of the complication's sub-stream (`SplitMix64.split(label:)`).
    static let randomLabel: UInt64 = 0x434D_504C  // "CMPL"

    package init(scenario: Scenario, seed: UInt64) {
        rng = SplitMix64(seed: seed, label: Self.randomLabel)
        let settings = scenario.sections.complication
        refreshPlan = settings?.backgroundRefresh
        taskWork = refreshPlan?.task ?? BackgroundTaskWork()
        model = settings.map { settings in
            var configuration = settings.configuration
            configuration.chip = WatchModel.model(named: scenario.watch).chip
            // The watch's list as it starts (the watch builds the same one): the model follows
            // it item by item from there.
            return ComplicationTimelineModel(
                configuration: configuration, list: ShoppingList(items: scenario.items, order: scenario.storeOrder),
                presence: settings.presence)
        }
    }

    /// Makes this complication, a copy of the one made once for the scenario
    /// (`prepared.complication`, copied by the world into its place), the complication at the
    /// start of a run with `seed`: only its random stream is drawn again.
    ///
    /// - Complexity: O(1).
    mutating func reseed(_ seed: UInt64) {
        rng = SplitMix64(seed: seed, label: Self.randomLabel)
    }

    /// Traces the requests made while setting up (the face's first, free timeline), tells the
    /// link where the complication is, and starts the app's background-refresh plan, if any.
    package mutating func start(_ context: WorldContext, into effects: inout WorldEffects) {
        guard let model else { return }
        if case .recorded = context.trace { effects.append(contentsOf: model.records.lazy.map(trace)) }
        if let grant = model.budget.policyReload {
            schedulePolicyReload(grant, at: context.now, trace: context.trace, into: &effects)
        }
        effects.append(.send(.link(.environment(.complicationPlacement(model.budget.phase.presence)))))
        if let plan = refreshPlan {
            driver = .refreshing
            effects.append(.schedule(.complication(.scheduleRefresh), at: plan.from))
        }
    }

    /// Handles one event. Without a model (no `"complication"` section) every event is
    /// dropped at once.
    ///
    /// - Complexity: O(log *n*) expected in the remaining items for a list change (one item's
    ///   change, ``ComplicationTimelineModel/listChanged(_:at:time:)``); a request costs what the
    ///   model's ``ComplicationTimelineModel/handle(_:transfersLeft:)`` does.
    package mutating func handle(_ event: ComplicationEvent, _ context: WorldContext, into effects: inout WorldEffects)
    {
        guard case .some = model else { return }
        let now = context.now
        switch event {
        case .listChanged(let item, let place):
            model?.listChanged(item, at: place, time: now)
        case .reload(let source, let app):
            guard source != .phoneTransfer else { return apply(.phoneTransfer(at: now), context, into: &effects) }
            // The watch app asks from its check-off pipeline, when data reaches it, or in a
            // `reloadComplication` step: free only in the foreground under WidgetKit rules.
            apply(.appReload(at: now, app: app), context, into: &effects)
            if case .terminated = driver { restartRefreshPlan(context, into: &effects) }
        case .face(let presence):
            apply(.faceChanged(at: now, to: presence), context, into: &effects)
            effects.append(.send(.link(.environment(.complicationPlacement(presence)))))
            if presence == .onActiveFace, driver == .stopped, refreshPlan != nil {
                scheduleNextRefresh(context, into: &effects)
            }
        case .scheduleRefresh:
            driver = .stopped
            scheduleNextRefresh(context, into: &effects)
        case .timer(let timer):
            timers.willHandle(timer)
            switch timer {
            case .refreshWake:
                driver = .stopped
                apply(.backgroundRefreshWoke(at: now), context, into: &effects)
            case .taskEnded(let result):
                driver = .stopped
                apply(.backgroundTaskEnded(at: now, result: result), context, into: &effects)
                if result.termination != nil {
                    driver = .terminated
                } else {
                    scheduleNextRefresh(context, into: &effects)
                }
            case .policyReload:
                apply(.policyReloadDue(at: now), context, into: &effects)
            case .deferredReload:
                apply(.deferredReloadDue(at: now), context, into: &effects)
            }
        case .taskWork(let work):
            taskWork = work
        }
    }

    /// The app runs in the foreground again after the system terminated it in a background
    /// task: it schedules its background refresh again.
    private mutating func restartRefreshPlan(_ context: WorldContext, into effects: inout WorldEffects) {
        driver = .stopped
        guard model?.presence(at: context.now) == .onActiveFace else { return }
        if case .recorded = context.trace {
            effects.append(
                .trace(.complicationRefreshPlanRestarted, at: context.now, ["reason": .string("appLaunched")]))
        }
        scheduleNextRefresh(context, into: &effects)
    }

    /// The app asks for its next background refresh, the plan's period from now.
    private mutating func scheduleNextRefresh(_ context: WorldContext, into effects: inout WorldEffects) {
        apply(
            .scheduleBackgroundRefresh(
                at: context.now, preferred: context.now + (refreshPlan?.every ?? .minutes(15))),
            context, into: &effects)
    }

    /// Puts the policy reload on the loop (a planned one is cancelled) and traces the plan.
    private func schedulePolicyReload(
        _ grant: ComplicationPolicyGrant, at now: SimTime, trace: TraceMode, into effects: inout WorldEffects
    ) {
        effects.append(.complicationTimer(.schedule(.policyReload, at: grant.grantedFor)))
        guard case .recorded = trace else { return }
        effects.append(
            .trace(
                .complicationPolicyPlanned, at: now,
                [
                    "askedFor": .string(DurationFormat.offset(grant.askedFor)),
                    "grantedFor": .string(DurationFormat.offset(grant.grantedFor)),
                    "moved": .string(grant.reason.rawValue),
                ]))
    }

    /// Runs one request through the model and appends its effects: trace records, the wake on
    /// the loop, its cancellation, and the app's retry of a rate-limited schedule. Trace events
    /// are built only when the trace is kept.
    private mutating func apply(
        _ event: ComplicationBudgetEvent, _ context: WorldContext, into effects: inout WorldEffects
    ) {
        // The model is changed in place, where its arrays stay uniquely referenced (appending to
        // a shared copy would copy every record and entry on each request), and read in place
        // below for what an effect needs: neither the model nor its configuration is copied.
        guard let produced = model?.handle(event, transfersLeft: context.complicationTransfersLeft) else { return }
        let phase = model?.budget.phase
        let now = context.now
        let tracing = context.trace == .recorded
        for effect in produced {
            switch effect {
            case .record(let request):
                if tracing { effects.append(trace(request)) }
                if request.kind == .scheduleRefresh, request.outcome.refusal == .backgroundRateLimit,
                    let retry = request.retryAt
                {
                    apply(.scheduleBackgroundRefresh(at: now, preferred: retry), context, into: &effects)
                }
            case .wakeForBackgroundRefresh(let preferred):
                // The system wakes the app at the preferred date or later ("may delay the
                // background task"): one draw from the complication's own stream per refresh.
                guard let delay = model?.configuration.budget.backgroundRefreshTiming.delay(using: &rng) else {
                    continue
                }
                driver = .refreshing
                effects.append(.complicationTimer(.schedule(.refreshWake, at: preferred + delay)))
            case .cancel(let wake):
                if wake == .refresh { driver = .stopped }
                effects.append(.complicationTimer(.cancel(wake)))
            case .runBackgroundTask:
                guard let limits = model?.configuration.budget.backgroundTaskLimits,
                    let chip = model?.configuration.chip
                else { continue }
                let result = limits.run(taskWork, on: chip)
                driver = .refreshing
                effects.append(
                    .complicationTimer(.schedule(.taskEnded(result), at: now + result.duration)))
                if tracing {
                    var fields: [(key: String, value: TraceValue)] = [("state", .string("started"))]
                    if case .onActiveFace(.running(let preferred)) = phase, preferred < now {
                        fields.append(("preferred", .string(DurationFormat.offset(preferred))))
                        fields.append(("systemDelay", .duration(now - preferred)))
                    }
                    effects.append(.trace(.complicationBackgroundTask, at: now, fieldList: fields))
                }
            case .backgroundTaskRecord(let task):
                if tracing { effects.append(traceTask(task, at: now)) }
            case .schedulePolicyReload(let grant):
                schedulePolicyReload(grant, at: now, trace: context.trace, into: &effects)
            case .scheduleDeferredReload(let at):
                effects.append(.complicationTimer(.schedule(.deferredReload, at: at)))
            case .budgetExhausted(_, let which):
                guard tracing else { continue }
                effects.append(.trace(.complicationBudgetExhausted, at: now, ["budget": .string(which.rawValue)]))
            case .budgetReset(let at):
                guard tracing else { continue }
                effects.append(.trace(.complicationBudgetReset, at: now, ["at": .string(DurationFormat.offset(at))]))
            case .reloadTimeline(_, let source):
                guard tracing else { continue }
                let shown = (model?.configuration.families ?? []).map { family in
                    TraceValue.string("\(family.rawValue)=\(self.model?.shownText(family, at: now) ?? "-")")
                }
                effects.append(
                    .trace(.complicationReloaded, at: now, ["source": .string(source.rawValue), "shows": .list(shown)]))
            }
        }
    }

    private func trace(_ request: ComplicationRequestRecord) -> WorldEffect {
        var fields: [(key: String, value: TraceValue)] = [
            ("source", .string(request.source.rawValue)), ("kind", .string(request.kind.rawValue)),
            ("granted", .bool(request.outcome.isGranted)),
        ]
        if let reason = request.outcome.refusal { fields.append(("reason", .string(reason.rawValue))) }
        if let until = request.outcome.deferredUntil {
            fields.append(("deferredUntil", .string(DurationFormat.offset(until))))
        }
        if let from = request.deferredFrom { fields.append(("deferredFrom", .string(DurationFormat.offset(from)))) }
        if let grant = request.policy {
            fields.append(("askedFor", .string(DurationFormat.offset(grant.askedFor))))
            fields.append(("moved", .string(grant.reason.rawValue)))
        }
        if let cost = request.cost { fields.append(("cost", .duration(cost))) }
        if request.budgetLeft != .max { fields.append(("budgetLeft", .int(Int64(request.budgetLeft)))) }
        if let left = request.executionLeft { fields.append(("executionLeft", .duration(left))) }
        return .trace(.complicationRequest, at: request.at, fieldList: fields)
    }

    private func traceTask(_ task: BackgroundTaskRecord, at now: SimTime) -> WorldEffect {
        switch task.result {
        case .completed(let after):
            return .trace(
                .complicationBackgroundTask, at: now, ["state": .string("completed"), "after": .duration(after)])
        case .terminated(let reason, let after):
            return .trace(
                .complicationBackgroundTask, at: now,
                [
                    "state": .string("terminated"), "code": .string(reason.code), "reason": .string(reason.rawValue),
                    "after": .duration(after),
                ])
        }
    }
}

/// Events addressed to the complication.
package enum ComplicationEvent: Hashable, Sendable {
    /// The watch's list changed at one item, at `place` in list order: from now on the remaining
    /// item there is `item` (`nil`: the item was checked off or taken off the list).
    /// (Indirect: every world event stays small to copy.)
    indirect case listChanged(ShoppingItem?, at: ComplicationListPlace)
    /// A reload is asked for, by the watch app (``ComplicationReloadSource/app``) or by a budgeted
    /// phone transfer (``ComplicationReloadSource/phoneTransfer``), with the watch app in the
    /// foreground or not (its run state, from the sender, the owner of the app's lifecycle): only
    /// a foreground reload may be free (WidgetKit), a background one is charged.
    case reload(ComplicationReloadSource, app: AppRunState)
    /// The user puts the complication on the active face or takes it off.
    case face(ComplicationFacePresence)
    /// The app asks the system to schedule its next background refresh.
    case scheduleRefresh
    /// One of the complication's wakes fires (``ComplicationTimers`` cancels those no longer wanted).
    case timer(ComplicationTimer)
    /// From now on each background task does this work (a `backgroundTaskWork` step).
    indirect case taskWork(BackgroundTaskWork)
}

/// A wake the complication has on the loop: at most one of each kind (``ComplicationWake``) is pending.
package enum ComplicationTimer: Hashable, Sendable {
    /// The system wakes the app for its scheduled background refresh.
    case refreshWake
    /// The app's background task ends (completed, or terminated by the system).
    /// (Indirect, as ``ComplicationEvent/taskWork(_:)``: rare, and every world event stays small to copy.)
    indirect case taskEnded(BackgroundTaskResult)
    /// The system reloads the timeline, as its policy asked.
    case policyReload
    /// The system makes the reload it deferred to the earliest allowed time.
    case deferredReload

    /// This wake's kind.
    var kind: ComplicationWake {
        switch self {
        case .refreshWake, .taskEnded: .refresh
        case .policyReload: .policyReload
        case .deferredReload: .deferredReload
        }
    }
}

extension ComplicationFeature: StorageAdopting {
    /// Keeps this complication in `old`'s storage (``StorageAdopting``: the model's).
    ///
    /// - Complexity: that of ``ComplicationTimelineModel``'s.
    package mutating func adoptStorage(of old: inout ComplicationFeature) {
        model.adoptStorage(of: &old.model)
    }
}

extension WorldContext {
    /// Whether the world has a complication that listens: only with a `"complication"` section
    /// (read from the run's prepared start); without one the complication is inert and
    /// ``ComplicationFeature/handle(_:_:into:)`` drops every event at once. A sender may skip a
    /// ``ComplicationEvent`` when it is `false`: skipping changes nothing but the cost.
    var complicationListens: Bool { prepared.complication.model != nil }
}
