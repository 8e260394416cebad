import SimulationKernel

extension CheckReport {
    /// JUnit XML as CI systems read it (Jenkins, GitLab, GitHub actions' test reporters):
    /// `<testsuites>` with one `<testsuite>` per scenario file, one `<testcase>` per expectation
    /// (named by its line and label, with `file` and `line`) and one per invariant every run is
    /// checked against (``RunInvariant``, named `invariant: …`); a failed expectation carries
    /// `<failure message=… type="expectation">`, a broken invariant `type="invariant"` (its
    /// message is the first line of each failure, the evidence is the element's text), and an
    /// invalid file one `<testcase name="load">` with `<error>` listing every reported error.
    ///
    /// No timestamps or durations, so the same run writes the same bytes.
    ///
    /// - Complexity: O(total expectations + total text length).
    package var junit: String {
        var suites: [String] = []
        var totals = (tests: 0, failures: 0, errors: 0)
        func suite(_ name: String, file: String, cases: [String], failures: Int, errors: Int) {
            totals = (totals.tests + cases.count, totals.failures + failures, totals.errors + errors)
            suites.append(
                "  <testsuite name=\(attribute(name)) file=\(attribute(file)) tests=\"\(cases.count)\" "
                    + "failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\">\n" + cases.joined(separator: "\n")
                    + "\n  </testsuite>")
        }
        for entry in entries {
            switch entry {
            case .ran(let file, let outcome):
                var cases: [String] = []
                var suiteFailures = 0
                func add(_ name: String, line: Int?, failure: (message: String, type: String, text: String)?) {
                    cases.append(
                        opening(file, name: name, line: line)
                            + (failure.map { closing("failure", message: $0.message, type: $0.type, $0.text) } ?? "/>"))
                    if failure != nil { suiteFailures += 1 }
                }
                for result in outcome.expectations {
                    let line = result.location.line
                    let text =
                        "\(file):\(line):\(result.location.column): at \(outcome.clock.text(result.time))\n"
                        + outcome.failureLines(result).joined(separator: "\n")
                    add(
                        "line \(line): \(result.label)", line: line,
                        failure: result.failure.map { ($0, "expectation", text) })
                }
                for (invariant, broken) in RunInvariant.results(of: outcome) {
                    let message = broken.map(\.headline).joined(separator: "; ")
                    let text = broken.map(\.message).joined(separator: "\n")
                    add(invariant.title, line: nil, failure: broken.isEmpty ? nil : (message, "invariant", text))
                }
                suite(outcome.scenario.name, file: file, cases: cases, failures: suiteFailures, errors: 0)
            case .invalid(let file, let error):
                let load =
                    opening(file, name: "load", line: error.location?.line)
                    + closing("error", message: error.message, type: "invalid", error.description)
                suite(file, file: file, cases: [load], failures: 0, errors: 1)
            }
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"wristsim check\" tests=\"\(totals.tests)\" failures=\"\(totals.failures)\" errors=\"\(totals.errors)\">\n"
            + suites.map { $0 + "\n" }.joined() + "</testsuites>\n"
    }

    /// `<testcase` with its class, name, file and line, left open for ``closing(_:message:type:_:)`` or `/>`.
    private func opening(_ file: String, name: String, line: Int?) -> String {
        "    <testcase classname=\(attribute(classname(file))) name=\(attribute(name)) file=\(attribute(file))"
            + (line.map { " line=\"\($0)\"" } ?? "")
    }

    /// The rest of a testcase that did not pass: its `<failure>` or `<error>` element (`message`
    /// as its attribute, `text` as its content) and the closing tag.
    private func closing(_ element: String, message: String, type: String, _ text: String) -> String {
        ">\n      <\(element) message=\(attribute(message)) type=\"\(type)\">" + XMLText.escaped(text)
            + "</\(element)>\n    </testcase>"
    }

    /// `Scenarios/produce-trip.json` → `Scenarios.produce-trip` (the dotted class name CI shows).
    private func classname(_ file: String) -> String {
        var name = file.hasSuffix(".json") ? String(file.dropLast(5)) : file
        while name.hasPrefix("./") { name.removeFirst(2) }
        return String(name.map { $0 == "/" ? "." : $0 })
    }

    /// A quoted attribute value: markup escaped (``XMLText/escaped(_:attribute:)``, which also
    /// replaces the characters XML 1.0 forbids), line breaks and tabs as character references.
    private func attribute(_ text: String) -> String { "\"" + XMLText.escaped(text, attribute: true) + "\"" }
}
