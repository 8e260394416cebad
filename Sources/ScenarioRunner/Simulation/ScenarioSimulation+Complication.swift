import CompanionModel
import SimulationKernel

extension ScenarioSimulation {
    /// The app asks for the complication to be reloaded (the pipeline's "update complication"
    /// step: `source` `"app"`), or the phone sends a complication transfer (`"phoneTransfer"` or
    /// `"phone"`). Any other source is treated as the app. Without a `"complication"` section: nothing.
    mutating func requestComplicationUpdate(source: String) {
        guard complication != nil else { return }
        let fromPhone = source == "phoneTransfer" || source == "phone"
        applyComplication(fromPhone ? .phoneTransfer(at: now) : .appReload(at: now))
        if !fromPhone, case .terminated? = complication?.driver { restartRefreshPlan() }
    }

    /// The app runs in the foreground again after the system terminated it in a background
    /// task: it schedules its background refresh again.
    private mutating func restartRefreshPlan() {
        complication?.driver = .stopped
        guard complication?.model.presence(at: now) == .onActiveFace else { return }
        record("complication.refreshPlanRestarted", ["reason": .string("appLaunched")])
        applyComplication(.scheduleBackgroundRefresh(at: now, preferred: now + refreshEvery))
    }

    /// The user puts the complication on the active face or takes it off.
    mutating func setComplicationPresence(_ presence: ComplicationFacePresence) {
        guard complication != nil else { return }
        applyComplication(.faceChanged(at: now, to: presence))
        if presence == .onActiveFace, complication?.driver == .stopped, complication?.settings.backgroundRefresh != nil
        {
            applyComplication(.scheduleBackgroundRefresh(at: now, preferred: now + refreshEvery))
        }
    }

    /// Traces the requests made while setting up (the face's first, free timeline) and starts
    /// the app's background-refresh plan, if the scenario has one.
    mutating func startComplication() {
        for request in complication?.model.records ?? [] { traceComplication(request) }
        if let grant = complication?.model.budget.policyReload.grant { schedulePolicyReload(grant) }
        guard let plan = complication?.settings.backgroundRefresh else { return }
        let id = loop.schedule(.complication(.scheduleRefresh), at: plan.from)
        complication?.driver = .willSchedule(id)
    }

    /// Handles the complication's own events.
    mutating func handleComplication(_ event: ComplicationEvent) {
        guard complication != nil else { return }
        switch event {
        case .scheduleRefresh:
            complication?.driver = .stopped
            applyComplication(.scheduleBackgroundRefresh(at: now, preferred: now + refreshEvery))
        case .refreshWake:
            complication?.driver = .stopped
            applyComplication(.backgroundRefreshWoke(at: now))
        case .taskEnded(let result):
            complication?.driver = .stopped
            applyComplication(.backgroundTaskEnded(at: now, result: result))
            if let termination = result.termination {
                complication?.driver = .terminated(termination)
            } else {
                applyComplication(.scheduleBackgroundRefresh(at: now, preferred: now + refreshEvery))
            }
        case .policyReload:
            complication?.policy = .idle
            applyComplication(.policyReloadDue(at: now))
        }
    }

    private var refreshEvery: SimDuration { complication?.settings.backgroundRefresh?.every ?? .minutes(15) }

    /// Runs one request through the model and performs its effects: trace records, the wake on
    /// the loop, its cancellation, and the app's retry of a rate-limited schedule.
    private mutating func applyComplication(_ event: ComplicationBudgetEvent) {
        guard var feature = complication else { return }
        feature.syncTruth(with: watchList, at: now)
        let effects = feature.model.handle(event)
        complication = feature
        for effect in effects {
            switch effect {
            case .record(let request):
                traceComplication(request)
                if request.kind == .scheduleRefresh, request.outcome.refusal == .backgroundRateLimit,
                    let retry = request.retryAt
                {
                    applyComplication(.scheduleBackgroundRefresh(at: now, preferred: retry))
                }
            case .wakeForBackgroundRefresh(let at):
                let id = loop.schedule(.complication(.refreshWake), at: at)
                complication?.driver = .awaitingWake(id)
            case .cancelBackgroundRefresh:
                if case .awaitingWake(let id)? = complication?.driver { _ = loop.cancel(id) }
                complication?.driver = .stopped
            case .runBackgroundTask:
                let result = backgroundTaskResult()
                let id = loop.schedule(.complication(.taskEnded(result)), at: now.addingClamped(result.duration))
                complication?.driver = .runningTask(id)
                record("complication.backgroundTask", ["state": .string("started")])
            case .backgroundTaskRecord(let task):
                traceBackgroundTask(task)
            case .schedulePolicyReload(let grant):
                schedulePolicyReload(grant)
            case .cancelPolicyReload:
                if case .waiting(let id)? = complication?.policy { _ = loop.cancel(id) }
                complication?.policy = .idle
            case .budgetExhausted(_, let which):
                record("complication.budgetExhausted", ["budget": .string(which.rawValue)])
            case .budgetReset(let at):
                record("complication.budgetReset", ["at": .string(at.description)])
            case .reloadTimeline(_, let source):
                let shown = feature.model.configuration.families.map { family in
                    TraceValue.string("\(family.rawValue)=\(feature.model.shownText(family, at: now) ?? "-")")
                }
                record("complication.reloaded", ["source": .string(source.rawValue), "shows": .list(shown)])
            }
        }
    }

    /// Puts the policy reload on the loop (replacing a planned one) and traces the plan.
    private mutating func schedulePolicyReload(_ grant: ComplicationPolicyGrant) {
        if case .waiting(let id)? = complication?.policy { _ = loop.cancel(id) }
        let id = loop.schedule(.complication(.policyReload), at: grant.grantedFor)
        complication?.policy = .waiting(id)
        record(
            "complication.policyPlanned",
            [
                "askedFor": .string(grant.askedFor.description), "grantedFor": .string(grant.grantedFor.description),
                "moved": .string(grant.reason.rawValue),
            ])
    }

    private mutating func traceComplication(_ request: ComplicationRequestRecord) {
        var fields: [(key: String, value: TraceValue)] = [
            ("source", .string(request.source.rawValue)), ("kind", .string(request.kind.rawValue)),
            ("granted", .bool(request.outcome.isGranted)),
        ]
        if let reason = request.outcome.refusal { fields.append(("reason", .string(reason.rawValue))) }
        if let grant = request.policy {
            fields.append(("askedFor", .string(grant.askedFor.description)))
            fields.append(("moved", .string(grant.reason.rawValue)))
        }
        if let cost = request.cost { fields.append(("cost", .duration(cost))) }
        if request.budgetLeft != .max { fields.append(("budgetLeft", .int(Int64(request.budgetLeft)))) }
        if let left = request.executionLeft { fields.append(("executionLeft", .duration(left))) }
        record("complication.request", fieldList: fields)
    }

    private mutating func traceBackgroundTask(_ task: BackgroundTaskRecord) {
        switch task.result {
        case .completed(let after):
            record("complication.backgroundTask", ["state": .string("completed"), "after": .duration(after)])
        case .terminated(let reason, let after):
            record(
                "complication.backgroundTask",
                [
                    "state": .string("terminated"), "code": .string(reason.code), "reason": .string(reason.rawValue),
                    "after": .duration(after),
                ])
        }
    }

    /// How the app's background task ends on this watch under the budget's limits.
    private func backgroundTaskResult() -> BackgroundTaskResult {
        guard let feature = complication else { return .completed(after: .zero) }
        return feature.model.configuration.budget.backgroundTaskLimits.run(
            feature.taskWork, on: feature.model.configuration.chip)
    }

    /// From now on each background task does `work` (a `backgroundTaskWork` step).
    mutating func setBackgroundTaskWork(_ work: BackgroundTaskWork) {
        complication?.taskWork = work
    }

    /// The complication report from the start until now (the truth brought up to date).
    public func complicationReport(families: [ComplicationFamily]? = nil) -> ComplicationReport? {
        guard let feature = complication?.synced(with: watchList, at: now) else { return nil }
        return ComplicationReport(model: feature.model, until: now, families: families)
    }
}

extension ScenarioSimulation {
    /// The run summary's `complication` section (none without a `"complication"` section).
    func complicationSection() -> [ReportSection] {
        guard let report = complicationReport() else { return [] }
        let records = report.records
        let reloads = records.filter { $0.kind == .reload }
        let charged = reloads.filter { $0.outcome == .granted(.charged) }.count
        let refused = records.filter { !$0.outcome.isGranted }
        let left = report.model.budget.allowance(at: now)
        var reasons: [TraceValue] = []
        for reason in ComplicationRefusal.allCases {
            let count = refused.filter { $0.outcome.refusal == reason }.count
            if count > 0 { reasons.append(.string("\(reason.rawValue)=\(count)")) }
        }
        var rows: [ReportSection.Row] = [
            .init("rules", .string(report.model.configuration.budget.rules.rawValue)),
            .init(
                "families", .list(report.families.map { .string($0.rawValue) }),
                text: report.families.map(\.rawValue).joined(separator: ", ")),
            .init("requests", .int(Int64(records.count))),
            .init("charged", .int(Int64(charged))),
            .init(
                "refused", .int(Int64(refused.count)),
                text: refused.isEmpty ? "0" : "\(refused.count) (\(reasons.map(\.text).joined(separator: ", ")))"),
            .init("reloadsLeft", left.reloads == .max ? .string("unlimited") : .int(Int64(left.reloads))),
            .init("transfersLeft", .int(Int64(left.transfers))),
        ]
        rows += complicationBudgetRows(report)
        for family in report.staleness {
            rows.append(
                .init(
                    "stale" + family.family.rawValue.prefix(1).uppercased() + family.family.rawValue.dropFirst(),
                    .duration(family.totalStale),
                    text: "\(ComplicationStaleness.displayed(family.totalStale)) total, "
                        + "\(ComplicationStaleness.displayed(family.maxStale)) longest"))
        }
        return [ReportSection(title: "complication", rows: rows)]
    }
}

extension ScenarioSimulation {
    /// Execution budget, exhaustion, policy reloads, the longest time without a reload and
    /// background tasks (each only where it applies).
    func complicationBudgetRows(_ report: ComplicationReport) -> [ReportSection.Row] {
        var rows: [ReportSection.Row] = []
        let settings = report.model.configuration.budget
        if settings.dailyExecution != nil {
            let cost = report.model.budget.reloadCost
            rows.append(
                .init(
                    "reloadCost", .duration(cost),
                    text: "\(ComplicationReport.readable(cost)) on \(report.model.configuration.chip.name) "
                        + "(\(settings.reloadWork.description))"))
            if let perDay = report.reloadsPerExecutionBudget {
                rows.append(.init("reloadsPerBudget", .int(Int64(perDay))))
            }
            rows.append(
                .init(
                    "executionCharged", .duration(report.executionCharged),
                    text: ComplicationReport.readable(report.executionCharged)))
            if let left = report.model.budget.executionAllowance(at: now) {
                rows.append(.init("executionLeft", .duration(left), text: ComplicationReport.readable(left)))
            }
        }
        if let exhaustion = report.firstExhaustion {
            rows.append(
                .init(
                    "exhaustedAt", .string(report.clock.stamp(exhaustion.at)),
                    text: "\(report.clock.timeOfDay(exhaustion.at)) (\(exhaustion.at), \(exhaustion.budget.rawValue))"))
        } else {
            rows.append(.init("exhaustedAt", .string("never")))
        }
        if let policy = settings.reloadPolicy {
            let reloads = report.policyReloads
            let delays = reloads.compactMap { $0.policy?.delay }
            rows.append(.init("policy", .string(policy.description)))
            rows.append(.init("policyReloads", .int(Int64(reloads.count))))
            let maxDelay = delays.max() ?? .zero
            rows.append(.init("maxPolicyDelay", .duration(maxDelay), text: ComplicationReport.readable(maxDelay)))
        }
        rows.append(
            .init(
                "longestWithoutReload", .duration(report.longestWithoutReload),
                text: ComplicationStaleness.displayed(report.longestWithoutReload).description))
        let tasks = report.backgroundTasks
        if !tasks.isEmpty {
            let terminated = report.terminatedTasks
            rows.append(.init("backgroundTasks", .int(Int64(tasks.count))))
            let codes = terminated.compactMap { $0.result.termination?.code }
            rows.append(
                .init(
                    "terminated", .int(Int64(terminated.count)),
                    text: terminated.isEmpty ? "0" : "\(terminated.count) (\(codes.joined(separator: ", ")))"))
        }
        return rows
    }
}
