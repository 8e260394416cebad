import CompanionModel
import SimulationKernel

extension ScenarioSimulation {
    /// The `latency` summary section: watch, pipeline, latency percentiles and next-item visibility.
    func latencySection() -> ReportSection {
        let model = watchApp.model
        let stats = watchApp.statistics
        func figure(_ value: SimDuration?) -> TraceValue { value.map(LatencyFormat.milliseconds) ?? .string("-") }
        let reports = watchApp.visibilityReports
        let visible = reports.filter { $0.visibility.isVisible }.count
        return ReportSection(
            title: "latency",
            rows: [
                .init(
                    "watch", .string(model.name),
                    text:
                        "\(model.name) (\(model.chip.name), ×\(TraceValue.decimalText(Int64(model.relativeSpeed * 10), scale: 1)), "
                        + "\(model.cores) core\(model.cores == 1 ? "" : "s"), \(model.rowsVisible) rows visible)"),
                .init("pipeline", .string(watchApp.settings.pipeline.name)),
                .init("taps", .int(Int64(stats.count))),
                .init("p50Ms", figure(stats.percentile(50)), text: stats.percentile(50).map(LatencyFormat.text)),
                .init("p90Ms", figure(stats.percentile(90)), text: stats.percentile(90).map(LatencyFormat.text)),
                .init("p99Ms", figure(stats.percentile(99)), text: stats.percentile(99).map(LatencyFormat.text)),
                .init("maxMs", figure(stats.maximum), text: stats.maximum.map(LatencyFormat.text)),
                .init("nextItemVisible", .int(Int64(visible)), text: "\(visible) of \(reports.count) wrist raises"),
            ])
    }
}
