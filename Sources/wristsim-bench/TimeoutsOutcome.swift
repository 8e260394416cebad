/// What one run of workload B counted.
struct TimeoutsOutcome: Equatable {
    /// Counted events: timeout resumptions (P × L).
    var events = 0
    /// The clock when no events remain, seconds.
    var simulatedSeconds = 0.0

    /// The published check values of the reference run (WORKLOAD.md §3, SimPy 4.1.2).
    static let reference = TimeoutsOutcome(events: 1_000_000, simulatedSeconds: 1101.265907148702)
}
