import CompanionModel

/// Whether a run keeps its trace.
///
/// A run that only wants its verdict and figures (`sweep`, `explore`, benchmarks) needs no
/// trace: nothing an expectation, an invariant or a verdict reads comes from it (each reads the
/// features' own state). With ``off`` nothing is appended to ``ScenarioSimulation/trace``, and
/// the features do not build the trace events at all (``WorldContext/trace`` tells them).
///
/// ```swift
/// var simulation = ScenarioSimulation(scenario: scenario, seed: 7, trace: .off)
/// let verdict = simulation.runForVerdict()   // the same verdict as with `.recorded`
/// ```
///
/// `wristsim run` records (``recorded``), so its output is unchanged.
public enum TraceMode: Sendable {
    /// Every trace event is built and kept, in order (``ScenarioSimulation/trace``).
    case recorded
    /// No trace event is built or kept; the trace stays empty.
    case off
}

extension TraceMode {
    /// What the library models that build trace details (the link, the sync endpoints) are told.
    var modelTracing: ModelTracing {
        switch self {
        case .recorded: return .traced
        case .off: return .untraced
        }
    }
}
