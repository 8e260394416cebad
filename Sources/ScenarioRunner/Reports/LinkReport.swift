import CompanionModel
import SimulationKernel

/// The `run` summary of the watch↔phone link: whether the two lists agree, and per
/// channel what was sent, delivered, retried, failed, with delivery delays.
package enum LinkReport {
    /// The `link` section, then one `link.<channel>` section per channel that carried anything.
    ///
    /// - Parameters:
    ///   - simulation: the world at the end of the run.
    ///   - settled: the same world with its link left to finish (``ScenarioSimulation/settled()``).
    ///   - formatter: renders times.
    package static func sections(
        at simulation: ScenarioSimulation, settled: ScenarioSimulation, formatter: TraceFormatter
    ) -> [ReportSection] {
        let transport = simulation.link.transport
        let end = simulation.now
        let atEnd = simulation.syncDiscrepancies()
        let finished = settled.syncDiscrepancies()
        func count(_ kind: SyncDiscrepancy.Kind) -> Int { finished.filter { $0.kind == kind }.count }
        let inTransit = atEnd.filter { $0.kind == .lost }.count
        let fromWatch = simulation.watch.sync.replica.lastSequence
        let fromPhone = simulation.phone.sync.replica.lastSequence
        var rows: [ReportSection.Row] = [
            .init("operations", .int(Int64(fromWatch + fromPhone))),
            .init("fromWatch", .int(Int64(fromWatch))),
            .init("fromPhone", .int(Int64(fromPhone))),
            .init("listsAgreeAtEnd", .bool(atEnd.isEmpty)),
            .init(
                "inTransitAtEnd", .int(Int64(inTransit)),
                text: inTransit == 0
                    ? "0"
                    : "\(inTransit) (applied at \(formatter.text(settled.now)) once the link finishes)"
            ),
            .init("lost", .int(Int64(count(.lost)))),
            .init("doubled", .int(Int64(count(.doubled)))),
            .init("outOfOrder", .int(Int64(count(.outOfOrder)))),
            .init("diverged", .int(Int64(count(.diverged)))),
            .init("phoneApp", .string(simulation.phone.appLifecycle.name)),
            .init("watchApp", .string(simulation.watch.appLifecycle.name)),
            .init("complicationBudgetLeft", .int(Int64(transport.complicationBudget.remaining(at: end)))),
        ]
        if case .unreachable(let reason) = simulation.context.reachability(from: .watch) {
            rows.append(.init("reachable", .bool(false), text: "false (\(reason.name))"))
        } else {
            rows.append(.init("reachable", .bool(true)))
        }
        var sections = [ReportSection(title: "link", rows: rows)]
        for channel in LinkChannel.allCases {
            let stats = transport.statistics(channel)
            guard stats.sent > 0 || stats.fellBack > 0 else { continue }
            let p50 = stats.delayPercentile(50)
            let p99 = stats.delayPercentile(99)
            let unit = DurationFormat.unit(for: [p99 ?? .zero])  // one unit for the two figures
            func text(_ value: SimDuration?) -> String { value.map { DurationFormat.text($0, unit: unit) } ?? "-" }
            sections.append(
                ReportSection(
                    title: "link." + channel.name,
                    rows: [
                        ("sent", stats.sent), ("delivered", stats.delivered), ("duplicates", stats.duplicates),
                        ("retried", stats.retried), ("failed", stats.failed), ("fellBack", stats.fellBack),
                    ].map { .init($0.0, .int(Int64($0.1))) } + [
                        .init(
                            "delayP50Ms", p50.map { .duration($0) } ?? .string("-"), text: text(p50)),
                        .init(
                            "delayP99Ms", p99.map { .duration($0) } ?? .string("-"), text: text(p99)),
                        .init("maxQueueDepth", .int(Int64(stats.maxQueueDepth))),
                    ]))
        }
        return sections
    }
}
