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
    private var rows: [HTMLIndex.Row] = []

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
        rows.append(HTMLIndex.Row(data, index: index))
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
            HTMLStyle.css,
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
        html += HTMLIndex(rows: rows).html
        html.append("</header>")
        html.append("<main>")
        return html.joined(separator: "\n") + "\n"
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
}
