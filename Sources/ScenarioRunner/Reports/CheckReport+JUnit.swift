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
        var tests = 0
        var failures = 0
        var errors = 0
        for entry in entries {
            switch entry {
            case .ran(let file, let outcome):
                let list = FailureList(outcome: outcome)
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
                        "\(file):\(line):\(result.location.column): at \(list.clock.text(result.time))\n"
                        + list.lines(result).joined(separator: "\n")
                    add(
                        "line \(line): \(result.label)", line: line,
                        failure: result.failure.map { ($0, "expectation", text) })
                }
                for (invariant, broken) in RunInvariant.results(of: outcome) {
                    let message = broken.map(\.headline).joined(separator: "; ")
                    let text = broken.map(\.message).joined(separator: "\n")
                    add(invariant.title, line: nil, failure: broken.isEmpty ? nil : (message, "invariant", text))
                }
                tests += cases.count
                failures += suiteFailures
                suites.append(
                    "  <testsuite name=\(attribute(outcome.scenario.name)) file=\(attribute(file)) "
                        + "tests=\"\(cases.count)\" failures=\"\(suiteFailures)\" errors=\"0\" skipped=\"0\">\n"
                        + cases.joined(separator: "\n") + "\n  </testsuite>")
            case .invalid(let file, let error):
                tests += 1
                errors += 1
                suites.append(
                    "  <testsuite name=\(attribute(file)) file=\(attribute(file)) tests=\"1\" failures=\"0\" "
                        + "errors=\"1\" skipped=\"0\">\n" + opening(file, name: "load", line: error.location?.line)
                        + closing("error", message: error.message, type: "invalid", error.description)
                        + "\n  </testsuite>")
            }
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"wristsim check\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
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

    /// A quoted attribute value: markup escaped (``XMLText/escaped(_:)``, which also replaces the
    /// characters XML 1.0 forbids), line breaks and tabs as character references.
    private func attribute(_ text: String) -> String {
        var result = "\""
        for scalar in XMLText.escaped(text).unicodeScalars {
            switch scalar {
            case "\n", "\r", "\t": result += "&#\(scalar.value);"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
