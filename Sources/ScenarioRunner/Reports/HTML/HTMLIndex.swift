import SimulationKernel

/// The report's index: one row per scenario with its result and the figures that matter, the
/// name linking to the scenario's part of the page and each picture linked by name.
///
/// Durations use one unit per column (``DurationFormat``), so a column reads down.
struct HTMLIndex {
    var rows: [Row]

    /// What the index shows of one scenario: kept from its report data when its part of the page
    /// is made, so the page does not hold every scenario's pictures until the index is written.
    /// Its cells are written then, but for the p50 latencies, whose unit waits for every row.
    struct Row {
        var passed: Bool
        var taps: Int
        /// The p50 latency of the naive and of the optimized run.
        var p50: [SimDuration?]
        /// The result, scenario and expectations cells.
        var lead: [String]
        /// The link, reminders and pictures cells.
        var trail: [String]

        /// The row of scenario number `index` (0-based) on the page.
        init(_ data: ScenarioReportData, index: Int) {
            let outcome = data.outcome
            let (expectations, failed) = (outcome.expectations.count, outcome.failedExpectations.count)
            let broken = outcome.invariantFailures.count
            passed = outcome.passed
            taps = data.pipelineRuns.first?.run.taps.count ?? 0
            p50 = ["naive", "optimized"].map { pipeline in
                data.pipelineRuns.first { $0.run.pipeline.name == pipeline }?.run.statistics.percentile(50)
            }
            lead = [
                HTMLReport.resultBadge(passed),
                "<a href=\"#\(HTMLReport.anchor(index, .summary))\">\(XMLText.escaped(data.scenario.name))</a>"
                    + "<br><span class=\"file\">\(XMLText.escaped(data.scenario.file))</span>",
                "\(expectations - failed)/\(expectations)" + (broken == 0 ? "" : " · \(broken) invariant(s) broken"),
            ]
            let link = data.link.map {
                "\($0.messages.count) sent · \($0.messages.count { $0.fate == .delivered }) delivered"
            }
            let reminders = data.reminders.map { chart in
                "\(chart.phone.harness.deliveries.recordedCount) delivered · \(chart.phone.harness.missed.recordedCount) missed"
                    + (chart.phone.truth.wrongCount == 0 ? "" : " · \(chart.phone.truth.wrongCount) wrong badge(s)")
            }
            let pictures = HTMLReport.sections(of: data).filter { $0 != .summary }
                .map { "<a href=\"#\(HTMLReport.anchor(index, $0))\">\($0.rawValue)</a>" }
            trail = [link ?? "–", reminders ?? "–", pictures.joined(separator: " ")]
        }
    }

    /// The index table.
    var html: [String] {
        let p50 = [0, 1].map { column in DurationFormat.column(rows.map { $0.p50[column] ?? .zero }) }
        var html = [
            "<table class=\"index\" id=\"index\">",
            "<tr><th>result</th><th>scenario</th><th>expectations</th><th>taps</th><th>p50 naive</th>"
                + "<th>p50 optimized</th><th>link</th><th>reminders</th><th>pictures</th></tr>",
        ]
        for (index, row) in rows.enumerated() {
            let figures = row.taps == 0 ? ["–", "–", "–"] : [String(row.taps), p50[0][index], p50[1][index]]
            html.append("<tr>" + (row.lead + figures + row.trail).map { "<td>\($0)</td>" }.joined() + "</tr>")
        }
        html.append("</table>")
        return html
    }
}
