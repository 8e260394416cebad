/// Whether a run keeps its trace, and so whether the models build their trace events.
///
/// A run that only wants its verdict and figures (`sweep`, `explore`, benchmarks) needs no
/// trace: nothing an expectation, an invariant or a verdict reads comes from it (each reads the
/// features' own state). With ``off`` the simulation appends nothing to its trace, and the
/// features and the models under them (the link, the sync endpoints) skip the work of describing
/// each step (field lists, payload summaries, trail notes) that nobody would read.
///
/// ```swift
/// var simulation = ScenarioSimulation(scenario: scenario, seed: 7, trace: .off)
/// let verdict = simulation.run(RunOptions(keeps: .verdict)).verdict   // the same as with `.recorded`
/// ```
package enum TraceMode: Hashable, Sendable {
    /// Every trace event is built and kept, in order.
    case recorded
    /// No trace event is built or kept; the trace stays empty. The link's message events carry
    /// no fields (the simulation drops them) and a sync endpoint neither keeps its message trail
    /// nor returns trail notes.
    case off
}
