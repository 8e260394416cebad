import SimulationKernel

/// The report's index: one row per scenario with its result and the figures that matter, the
/// name linking to the scenario's part of the page and each picture linked by name.
///
/// Durations use one unit per column (``DurationFormat``), so a column reads down.
struct HTMLIndex {
    var scenarios: [ScenarioReportData]

    /// The index table; `anchor` gives the id of a scenario's section.
    func html(anchor: (Int, HTMLReport.Section) -> String) -> [String] {
        let naive = DurationFormat.column(scenarios.map { p50(of: $0, pipeline: "naive") ?? .zero })
        let optimized = DurationFormat.column(scenarios.map { p50(of: $0, pipeline: "optimized") ?? .zero })
        var html = [
            "<table class=\"index\" id=\"index\">",
            "<tr><th>result</th><th>scenario</th><th>expectations</th><th>taps</th><th>p50 naive</th>"
                + "<th>p50 optimized</th><th>link</th><th>reminders</th><th>pictures</th></tr>",
        ]
        for (index, data) in scenarios.enumerated() {
            let outcome = data.outcome
            let failed = outcome.failedExpectations.count
            let taps = data.pipelineRuns.first?.run.taps.count ?? 0
            var cells: [String] = []
            cells.append(HTMLReport.resultBadge(outcome.passed))
            cells.append(
                "<a href=\"#\(anchor(index, .summary))\">\(XMLText.escaped(data.scenario.name))</a>"
                    + "<br><span class=\"file\">\(XMLText.escaped(data.scenario.file))</span>")
            cells.append(
                "\(outcome.expectations.count - failed)/\(outcome.expectations.count)"
                    + (outcome.invariantFailures.isEmpty
                        ? "" : " · \(outcome.invariantFailures.count) invariant(s) broken"))
            cells.append(taps == 0 ? "–" : String(taps))
            cells.append(taps == 0 ? "–" : naive[index])
            cells.append(taps == 0 ? "–" : optimized[index])
            cells.append(link(data))
            cells.append(reminders(data))
            cells.append(
                HTMLReport.sections(of: data).filter { $0 != .summary }
                    .map { "<a href=\"#\(anchor(index, $0))\">\($0.rawValue)</a>" }.joined(separator: " "))
            html.append("<tr>" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>")
        }
        html.append("</table>")
        return html
    }

    private func p50(of data: ScenarioReportData, pipeline: String) -> SimDuration? {
        data.pipelineRuns.first { $0.run.pipeline.name == pipeline }?.run.statistics.percentile(50)
    }

    private func link(_ data: ScenarioReportData) -> String {
        guard !data.linkMessages.isEmpty else { return "–" }
        let delivered = data.linkMessages.filter { $0.fate == .delivered }.count
        return "\(data.linkMessages.count) sent · \(delivered) delivered"
    }

    private func reminders(_ data: ScenarioReportData) -> String {
        guard let chart = data.reminders else { return "–" }
        return "\(chart.deliveries.count) delivered · \(chart.missed.count) missed"
            + (chart.wrongBadges == 0 ? "" : " · \(chart.wrongBadges) wrong badge(s)")
    }
}
