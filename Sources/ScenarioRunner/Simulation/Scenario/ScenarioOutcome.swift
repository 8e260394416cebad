import SimulationKernel

/// What a run produced: the trace, every expectation's result, the invariant checks and the
/// summary sections. Reports render it; nothing in it depends on the machine or the clock.
package struct ScenarioOutcome: Sendable {
    package var scenario: Scenario
    /// The run's seed (its verdict's).
    package var seed: UInt64 { verdict.seed }
    package var trace: TraceLog
    package var expectations: [ExpectationResult]
    /// Violations of the properties every run must keep (the phone's list equals what the
    /// user did on the watch, ...), each with the invariant it breaks and the evidence.
    package var invariantFailures: [InvariantFailure]
    package var summary: [ReportSection]
    /// When the simulation stopped.
    package var endTime: SimTime
    /// The run's verdict and figures (all a run keeping only its verdict fills in).
    package var verdict: ScenarioVerdict

    /// Whether every expectation held and no invariant was broken.
    package var passed: Bool { invariantFailures.isEmpty && expectations.allSatisfy(\.passed) }

    package var failedExpectations: [ExpectationResult] { expectations.filter { !$0.passed } }
}

/// A titled group of figures in a run's summary, printed as aligned rows and as a JSON object.
package struct ReportSection: Sendable {
    /// The section's title in text (`"list"`) and its key in JSON.
    package var title: String
    package var rows: [Row]

    package struct Row: Sendable {
        /// The JSON key (camelCase) and text label.
        package var key: String
        package var value: TraceValue
        /// An optional human rendering for text output (defaults to `value.text`).
        package var text: String?

        package init(_ key: String, _ value: TraceValue, text: String? = nil) {
            self.key = key
            self.value = value
            self.text = text
        }
    }
}
