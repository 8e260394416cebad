import CompanionModel
import SimulationKernel

extension ComplicationFeature {
    /// The complication report from the start until `now` (`nil` without a `"complication"` section).
    public func report(at now: SimTime, families: [ComplicationFamily]? = nil) -> ComplicationReport? {
        guard let model else { return nil }
        return ComplicationReport(model: model, until: now, families: families)
    }
}

extension ComplicationFeature {
    /// The run summary's `complication` section (none without a `"complication"` section).
    func complicationSection(at now: SimTime) -> [ReportSection] {
        guard let report = report(at: now) else { return [] }
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
