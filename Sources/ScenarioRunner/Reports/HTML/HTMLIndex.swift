import SimulationKernel

/// The report's index: one row per scenario with its result and the figures that matter, the
/// name linking to the scenario's part of the page and each picture linked by name.
///
/// Durations use one unit per column (``DurationFormat``), so a column reads down.
struct HTMLIndex {
    var rows: [Row]

    /// What the index shows of one scenario: kept from its report data when its part of the page
    /// is made, so the page does not hold every scenario's pictures until the index is written.
    struct Row {
        var passed: Bool
        var name: String
        var file: String
        var expectations: Int
        var failedExpectations: Int
        var invariantFailures: Int
        var taps: Int
        var p50Naive: SimDuration?
        var p50Optimized: SimDuration?
        /// The link cell ("12 sent · 11 delivered", or "–").
        var link: String
        /// The reminders cell ("40 delivered · 2 missed", or "–").
        var reminders: String
        var sections: [HTMLReport.Section]

        init(_ data: ScenarioReportData) {
            let outcome = data.outcome
            passed = outcome.passed
            name = data.scenario.name
            file = data.scenario.file
            expectations = outcome.expectations.count
            failedExpectations = outcome.failedExpectations.count
            invariantFailures = outcome.invariantFailures.count
            taps = data.pipelineRuns.first?.run.taps.count ?? 0
            p50Naive = Self.p50(of: data, pipeline: "naive")
            p50Optimized = Self.p50(of: data, pipeline: "optimized")
            link = Self.link(data)
            reminders = Self.reminders(data)
            sections = HTMLReport.sections(of: data)
        }

        private static func p50(of data: ScenarioReportData, pipeline: String) -> SimDuration? {
            data.pipelineRuns.first { $0.run.pipeline.name == pipeline }?.run.statistics.percentile(50)
        }

        private static func link(_ data: ScenarioReportData) -> String {
            guard !data.linkMessages.isEmpty else { return "–" }
            let delivered = data.linkMessages.filter { $0.fate == .delivered }.count
            return "\(data.linkMessages.count) sent · \(delivered) delivered"
        }

        private static func reminders(_ data: ScenarioReportData) -> String {
            guard let chart = data.reminders else { return "–" }
            return "\(chart.deliveries.count) delivered · \(chart.missed.count) missed"
                + (chart.wrongBadges == 0 ? "" : " · \(chart.wrongBadges) wrong badge(s)")
        }
    }

    /// The index table; `anchor` gives the id of a scenario's section.
    func html(anchor: (Int, HTMLReport.Section) -> String) -> [String] {
        let naive = DurationFormat.column(rows.map { $0.p50Naive ?? .zero })
        let optimized = DurationFormat.column(rows.map { $0.p50Optimized ?? .zero })
        var html = [
            "<table class=\"index\" id=\"index\">",
            "<tr><th>result</th><th>scenario</th><th>expectations</th><th>taps</th><th>p50 naive</th>"
                + "<th>p50 optimized</th><th>link</th><th>reminders</th><th>pictures</th></tr>",
        ]
        for (index, row) in rows.enumerated() {
            let taps = row.taps
            var cells: [String] = []
            cells.append(HTMLReport.resultBadge(row.passed))
            cells.append(
                "<a href=\"#\(anchor(index, .summary))\">\(XMLText.escaped(row.name))</a>"
                    + "<br><span class=\"file\">\(XMLText.escaped(row.file))</span>")
            cells.append(
                "\(row.expectations - row.failedExpectations)/\(row.expectations)"
                    + (row.invariantFailures == 0 ? "" : " · \(row.invariantFailures) invariant(s) broken"))
            cells.append(taps == 0 ? "–" : String(taps))
            cells.append(taps == 0 ? "–" : naive[index])
            cells.append(taps == 0 ? "–" : optimized[index])
            cells.append(row.link)
            cells.append(row.reminders)
            cells.append(
                row.sections.filter { $0 != .summary }
                    .map { "<a href=\"#\(anchor(index, $0))\">\($0.rawValue)</a>" }.joined(separator: " "))
            html.append("<tr>" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>")
        }
        html.append("</table>")
        return html
    }
}
