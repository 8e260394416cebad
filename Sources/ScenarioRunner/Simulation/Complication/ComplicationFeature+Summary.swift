import CompanionModel
import SimulationKernel

extension ComplicationFeature {
    /// The run summary's `complication` section (none without a `"complication"` section), with
    /// the link's complication transfers left (the one transfer budget).
    package func summary(in simulation: ScenarioSimulation) -> [ReportSection] {
        let now = simulation.now
        guard let report = simulation.complicationReport() else { return [] }
        let counts = report.requestCounts
        let left = report.model.budget.left(at: now).reloads
        var rows: [ReportSection.Row] = [
            .init("rules", .string(report.model.configuration.budget.rules.rawValue)),
            .init(
                "families", .list(report.families.map { .string($0.rawValue) }),
                text: report.families.map(\.rawValue).joined(separator: ", ")),
            .init("requests", .int(Int64(report.records.count))),
            .init("charged", .int(Int64(counts.charged))),
            .init(
                "refused", .int(Int64(counts.refused)),
                text: counts.refused == 0
                    ? "0"
                    : "\(counts.refused) (\(counts.refusalTally(separator: "=").map { TraceValue.string($0).text }.joined(separator: ", ")))"
            ),
            .init("reloadsLeft", left == .max ? .string("unlimited") : .int(Int64(left))),
            .init("transfersLeft", .int(Int64(report.transfersLeft ?? 0))),
        ]
        if counts.deferred > 0 { rows.append(.init("deferred", .int(Int64(counts.deferred)))) }
        rows += budgetRows(report, at: now)
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

    /// Execution budget, exhaustion, policy reloads, the longest time without a reload and
    /// background tasks (each only where it applies).
    func budgetRows(_ report: ComplicationReport, at now: SimTime) -> [ReportSection.Row] {
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
            if let left = report.model.budget.left(at: now).execution {
                rows.append(.init("executionLeft", .duration(left), text: ComplicationReport.readable(left)))
            }
        }
        if let exhaustion = report.firstExhaustion {
            rows.append(
                .init(
                    "exhaustedAt", .string(report.clock.stamp(exhaustion.at)),
                    text: "\(report.clock.timeOfDay(exhaustion.at)) "
                        + "(\(DurationFormat.offset(exhaustion.at)), \(exhaustion.budget.rawValue))"
                ))
        } else {
            rows.append(.init("exhaustedAt", .string("never")))
        }
        if let policy = settings.reloadPolicy {
            let reloads = report.policyReloads
            let maxDelay = reloads.lazy.compactMap { $0.policy?.delay }.max() ?? .zero
            rows.append(.init("policy", .string(policy.description)))
            rows.append(.init("policyReloads", .int(Int64(reloads.count))))
            rows.append(.init("maxPolicyDelay", .duration(maxDelay), text: ComplicationReport.readable(maxDelay)))
        }
        rows.append(
            .init(
                "longestWithoutReload", .duration(report.longestWithoutReload),
                text: ComplicationStaleness.displayed(report.longestWithoutReload).description))
        if report.offActiveFaceTotal > .zero {
            rows.append(
                .init(
                    "offActiveFace", .duration(report.offActiveFaceTotal),
                    text: "\(ComplicationStaleness.displayed(report.offActiveFaceTotal)): no refresh of any kind then"))
        }
        let tasks = report.backgroundTasks
        if !tasks.isEmpty {
            let terminated = report.terminatedTasks
            let codes = terminated.compactMap { $0.result.termination?.code }
            rows.append(.init("backgroundTasks", .int(Int64(tasks.count))))
            rows.append(
                .init(
                    "terminated", .int(Int64(terminated.count)),
                    text: terminated.isEmpty ? "0" : "\(terminated.count) (\(codes.joined(separator: ", ")))"))
            let delay = tasks.compactMap(\.systemDelay).max() ?? .zero
            rows.append(.init("refreshTiming", .string(settings.backgroundRefreshTiming.description)))
            rows.append(.init("maxRefreshDelay", .duration(delay), text: ComplicationReport.readable(delay)))
        }
        return rows
    }
}
