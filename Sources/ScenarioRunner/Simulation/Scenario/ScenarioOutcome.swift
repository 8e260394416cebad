import SimulationKernel

/// What a run produced: the trace, every expectation's result, the invariant checks and the
/// summary sections. Reports render it; nothing in it depends on the machine or the clock.
public struct ScenarioOutcome: Sendable {
    public var scenario: Scenario
    public var seed: UInt64
    public var trace: TraceLog
    public var expectations: [ExpectationResult]
    /// Violations of the properties every run must keep (the phone's list equals what the
    /// user did on the watch, ...), each with the invariant it breaks and the evidence.
    public var invariantFailures: [InvariantFailure]
    public var summary: [ReportSection]
    /// When the simulation stopped.
    public var endTime: SimTime

    /// Whether every expectation held and no invariant was broken.
    public var passed: Bool { invariantFailures.isEmpty && expectations.allSatisfy(\.passed) }

    public var failedExpectations: [ExpectationResult] { expectations.filter { !$0.passed } }
}

/// A titled group of figures in a run's summary, printed as aligned rows and as a JSON object.
public struct ReportSection: Sendable {
    /// The section's title in text (`"list"`) and its key in JSON.
    public var title: String
    public var rows: [Row]

    public struct Row: Sendable {
        /// The JSON key (camelCase) and text label.
        public var key: String
        public var value: TraceValue
        /// An optional human rendering for text output (defaults to `value.text`).
        public var text: String?

        public init(_ key: String, _ value: TraceValue, text: String? = nil) {
            self.key = key
            self.value = value
            self.text = text
        }
    }

    public init(title: String, rows: [Row]) {
        self.title = title
        self.rows = rows
    }
}
