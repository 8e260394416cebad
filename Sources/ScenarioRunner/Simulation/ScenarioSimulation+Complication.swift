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
            applyComplication(.scheduleBackgroundRefresh(at: now, preferred: now + refreshEvery))
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

    private mutating func traceComplication(_ request: ComplicationRequestRecord) {
        var fields: [(key: String, value: TraceValue)] = [
            ("source", .string(request.source.rawValue)), ("kind", .string(request.kind.rawValue)),
            ("granted", .bool(request.outcome.isGranted)),
        ]
        if let reason = request.outcome.refusal { fields.append(("reason", .string(reason.rawValue))) }
        fields.append(("budgetLeft", .int(Int64(request.budgetLeft))))
        record("complication.request", fieldList: fields)
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
            .init(
                "families", .list(report.families.map { .string($0.rawValue) }),
                text: report.families.map(\.rawValue).joined(separator: ", ")),
            .init("requests", .int(Int64(records.count))),
            .init("charged", .int(Int64(charged))),
            .init(
                "refused", .int(Int64(refused.count)),
                text: refused.isEmpty ? "0" : "\(refused.count) (\(reasons.map(\.text).joined(separator: ", ")))"),
            .init("reloadsLeft", .int(Int64(left.reloads))),
            .init("transfersLeft", .int(Int64(left.transfers))),
        ]
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
