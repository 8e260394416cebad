import SimulationKernel

/// `wristsim report`: one self-contained HTML page with every picture of every scenario.
///
/// The page needs nothing else: the pictures are inline SVG, the styling a short `<style>`
/// element, no scripts, fonts or links to other files, so it opens offline and reads the same
/// with JavaScript off. Hover detail is each shape's SVG `<title>` (a native tooltip). The
/// same scenarios and seed give byte-identical pages.
///
/// Per scenario: a summary (result, run header, expectations and invariants with their
/// lines, links to the sections), then the sections the scenario has: tap swimlanes (chosen
/// and median tap), latency distribution, link sequence diagram, complication timeline,
/// reminders.
///
/// The page is made as the scenarios are run: ``add(_:)`` returns one scenario's part of the
/// page at once and keeps only its index row, so a page of many scenarios holds one scenario's
/// pictures at a time. The page is ``head`` (with the index of every scenario added), the parts
/// in the order they were added, then ``tail``.
package struct HTMLReport {
    /// The page title.
    package var title: String
    /// The index row of each scenario added, in order.
    private var rows: [IndexRow] = []

    package init(title: String = "WristSim report") {
        self.title = title
    }

    /// A section of one scenario's part of the page.
    package enum Section: String, CaseIterable, Sendable {
        case summary, swimlanes, latency, link, complication, reminders

        /// Its heading.
        package var heading: String {
            switch self {
            case .summary: return "Summary"
            case .swimlanes: return "Tap swimlanes"
            case .latency: return "Latency distribution"
            case .link: return "Link sequence"
            case .complication: return "Complication timeline"
            case .reminders: return "Reminders"
            }
        }
    }

    /// The sections `data` has pictures for (the summary always).
    package static func sections(of data: ScenarioReportData) -> [Section] {
        Section.allCases.filter { section in
            switch section {
            case .summary: return true
            case .swimlanes, .latency: return !data.pipelineRuns.isEmpty
            case .link: return data.link != nil
            case .complication: return data.complication != nil
            case .reminders: return data.reminders != nil
            }
        }
    }

    /// Adds a scenario to the page: keeps its index row and returns its part of the page.
    ///
    /// - Complexity: linear in the size of its pictures.
    package mutating func add(_ data: ScenarioReportData) -> String {
        let index = rows.count
        rows.append(IndexRow(data, index: index))
        let sections = Self.sections(of: data)
        var html = ["<article class=\"scenario\" id=\"s\(index + 1)\">"]
        html.append(
            "<h2 id=\"\(Self.anchor(index, .summary))\">\(Self.resultBadge(data.outcome.passed)) "
                + "\(XMLText.escaped(data.scenario.name))</h2>")
        html.append("<nav class=\"toc\">")
        html.append(
            (sections.map { "<a href=\"#\(Self.anchor(index, $0))\">\($0.heading)</a>" }
                + ["<a href=\"#index\">↑ index</a>"]).joined(separator: " · "))
        html.append("</nav>")
        for section in sections {
            html.append(
                "<section class=\"\(section.rawValue)\" id=\"s\(index + 1)-\(section.rawValue)-body\">")
            html.append("<h3>\(section.heading)</h3>")
            html += body(section, data: data)
            html.append("</section>")
        }
        html.append("</article>")
        return html.joined(separator: "\n") + "\n"
    }

    /// The page up to the scenarios' parts: the head, the title, the counts and the index of
    /// every scenario added so far.
    ///
    /// - Complexity: linear in the number of scenarios added.
    package var head: String {
        var html: [String] = [
            "<!DOCTYPE html>",
            "<html lang=\"en\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<title>\(XMLText.escaped(title))</title>",
            "<style>",
            Self.css,
            "</style>",
            "</head>",
            "<body>",
            "<header class=\"page\">",
            "<h1>\(XMLText.escaped(title))</h1>",
        ]
        let failed = rows.filter { !$0.passed }.count
        html.append(
            "<p class=\"lead\">\(rows.count) scenario\(rows.count == 1 ? "" : "s") · "
                + "\(rows.count - failed) passed · \(failed) failed</p>")
        html += index
        html.append("</header>")
        html.append("<main>")
        return html.joined(separator: "\n") + "\n"
    }

    /// What the index shows of one scenario: kept from its report data when its part of the page
    /// is made, so the page does not hold every scenario's pictures until the index is written.
    /// Its cells are written then, but for the p50 latencies, whose unit waits for every row.
    struct IndexRow {
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
                    + (chart.phone.wrongBadges == 0 ? "" : " · \(chart.phone.wrongBadges) wrong badge(s)")
            }
            let pictures = HTMLReport.sections(of: data).filter { $0 != .summary }
                .map { "<a href=\"#\(HTMLReport.anchor(index, $0))\">\($0.rawValue)</a>" }
            trail = [link ?? "–", reminders ?? "–", pictures.joined(separator: " ")]
        }
    }

    /// The report's index: one row per scenario with its result and the figures that matter, the
    /// name linking to the scenario's part of the page and each picture linked by name. Durations
    /// use one unit per column (``DurationFormat``), so a column reads down.
    private var index: [String] {
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

    /// The page after the scenarios' parts.
    package static let tail = "</main>\n</body>\n</html>\n"

    /// The id of section `section` of scenario number `index` (0-based).
    static func anchor(_ index: Int, _ section: Section) -> String {
        section == .summary ? "s\(index + 1)-summary" : "s\(index + 1)-\(section.rawValue)-body"
    }

    /// `PASS` or `FAIL` as the page's coloured badge.
    static func resultBadge(_ passed: Bool) -> String {
        passed ? "<span class=\"result pass\">PASS</span>" : "<span class=\"result fail\">FAIL</span>"
    }

    private func body(_ section: Section, data: ScenarioReportData) -> [String] {
        switch section {
        case .summary: return Self.summary(data)
        case .swimlanes:
            var html: [String] = []
            if case let (chosen, why)? = data.drawnTap {
                html.append(
                    "<p>Each queue of the watch from the tap until the row is gone, under each pipeline, on one time "
                        + "axis. Hover a bar for its times.</p>")
                html += figure(data.swimlanes(tap: chosen, caption: "Tap \(chosen + 1) (\(why))"))
                if let median = data.medianTap, median != chosen {
                    html += figure(data.swimlanes(tap: median, caption: "Tap \(median + 1) (median)"))
                } else if data.medianTap == chosen {
                    html.append("<p class=\"note\">The median tap is the one drawn above.</p>")
                }
            }
            return html
        case .latency: return figure(data.latencyPicture)
        case .link: return figure(data.link)
        case .complication: return figure(data.complication)
        case .reminders: return figure(data.reminders)
        }
    }

    /// The picture as a `<figure>` line, or none.
    private func figure(_ picture: (some SVGPicture)?) -> [String] {
        picture.map { ["<figure>\n" + $0.element + "\n</figure>"] } ?? []
    }

    /// A scenario's summary in the report: the result, the run header, every expectation with its
    /// line in the scenario file, and the invariants.
    static func summary(_ data: ScenarioReportData) -> [String] {
        let scenario = data.scenario
        let outcome = data.outcome
        let formatter = TraceFormatter(start: scenario.start)
        let end = scenario.start.adding(outcome.endTime.offset)
        let clock = outcome.clock
        var html = ["<table class=\"meta\">"]
        func row(_ key: String, _ value: String) {
            html.append("<tr><th>\(key)</th><td>\(value)</td></tr>")
        }
        row("file", "<span class=\"file\">\(XMLText.escaped(scenario.file))</span>")
        if let summary = scenario.summary { row("about", XMLText.escaped(summary)) }
        row("watch", XMLText.escaped(scenario.watch))
        row("seed", String(outcome.seed))
        row(
            "run",
            XMLText.escaped(
                "\(SVGTimeAxis.dayLabel(scenario.start)) \(scenario.start.timeOfDay) → "
                    + "\(SVGTimeAxis.dayLabel(end)) \(formatter.text(outcome.endTime)) "
                    + "(\(outcome.endTime.offset)) · starts \(scenario.start.iso8601)"))
        let failed = outcome.failedExpectations.count
        row(
            "result",
            resultBadge(outcome.passed)
                + (outcome.passed
                    ? ""
                    : " \(failed) expectation(s) failed, \(outcome.invariantFailures.count) invariant(s) broken"))
        html.append("</table>")
        html.append(
            "<h4>Expectations: \(outcome.expectations.count - failed) passed, \(failed) failed</h4>")
        if outcome.expectations.isEmpty {
            html.append("<p class=\"note\">This scenario has no expectations.</p>")
        } else {
            html.append("<table class=\"expectations\">")
            html.append("<tr><th></th><th>time</th><th>line</th><th>expectation</th></tr>")
            for result in outcome.expectations {
                let mark = result.passed ? "<td class=\"pass\">pass</td>" : "<td class=\"fail\">FAIL</td>"
                var label = XMLText.escaped(result.label)
                if let failure = result.failure { label += " — <strong>\(XMLText.escaped(failure))</strong>" }
                html.append(
                    "<tr>\(mark)<td>\(clock.text(result.time))</td><td>line \(result.location.line)</td>"
                        + "<td>\(label)</td></tr>")
            }
            html.append("</table>")
        }
        if outcome.invariantFailures.isEmpty {
            html.append(
                "<p><strong>Invariants:</strong> all held (the phone's list equals what the user did on the watch: "
                    + "no operation lost, doubled or applied out of order).</p>")
        } else {
            html.append("<h4>Invariants: \(outcome.invariantFailures.count) broken</h4>")
            for failure in outcome.invariantFailures {
                html.append("<pre>\(XMLText.escaped(failure.message))</pre>")
            }
        }
        return html
    }

    /// The report's whole stylesheet: system fonts only, nothing fetched.
    static let css = """
        body { margin: 0; font: 14px/1.45 "DejaVu Sans", Verdana, Arial, Helvetica, sans-serif; color: #212529; background: #f8f9fa; }
        header.page, main { max-width: 1120px; margin: 0 auto; padding: 0 16px; }
        h1 { font-size: 24px; margin: 20px 0 4px; }
        h2 { font-size: 19px; margin: 0 0 6px; }
        h3 { font-size: 16px; margin: 18px 0 8px; }
        .lead { color: #495057; margin: 0 0 8px; }
        table.index { background: #ffffff; border: 1px solid #dee2e6; margin: 0 0 20px; width: 100%; }
        table.index th { font-weight: bold; border-bottom: 1px solid #dee2e6; padding: 4px 8px; }
        table.index td { padding: 4px 8px; border-bottom: 1px solid #f1f3f5; }
        table.index td:nth-child(5), table.index td:nth-child(6) { white-space: nowrap; text-align: right; }
        .index .file, .meta .file { color: #6c757d; font-size: 12px; }
        article.scenario { background: #ffffff; border: 1px solid #dee2e6; border-radius: 6px; padding: 16px; margin: 0 0 24px; overflow-wrap: anywhere; }
        nav.toc { font-size: 13px; margin-bottom: 4px; }
        a { color: #1864ab; }
        .result { display: inline-block; font-size: 12px; font-weight: bold; padding: 1px 6px; border-radius: 4px; color: #ffffff; }
        .result.pass { background: #2f9e44; }
        .result.fail { background: #e03131; }
        table { border-collapse: collapse; margin: 6px 0 10px; font-size: 13px; table-layout: auto; max-width: 100%; }
        th, td { text-align: left; padding: 2px 10px 2px 0; vertical-align: top; }
        th { color: #495057; font-weight: normal; white-space: nowrap; }
        td.fail { color: #c92a2a; font-weight: bold; }
        .expectations td:nth-child(-n+3) { white-space: nowrap; }
        td.pass { color: #2b8a3e; }
        pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 12px; background: #fff5f5; padding: 6px; }
        figure { margin: 8px 0 14px; }
        figure svg { display: block; max-width: 100%; height: auto; }
        .note { color: #6c757d; font-size: 13px; }
        """
}
