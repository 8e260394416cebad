import SimulationKernel

extension HTMLReport {
    /// A scenario's summary in the report: the result, the run header, every expectation with its
    /// line in the scenario file, and the invariants.
    static func summary(_ data: ScenarioReportData) -> [String] {
        let scenario = data.scenario
        let outcome = data.outcome
        let formatter = TraceFormatter(start: scenario.start)
        let end = scenario.start.adding(outcome.endTime.offset)
        // Times carry their date when the run spans more than one day.
        let clock = TraceFormatter(start: scenario.start, end: outcome.endTime)
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
}
