/// Workload B's parameters (`shared/bench/WORKLOAD.md` §3); the defaults are the reference run.
struct TimeoutsParameters: Equatable {
    /// Processes P, all started at time 0.
    var processes = 1000
    /// Timeouts per process L.
    var timeoutsPerProcess = 1000
    /// Seed of the one shared `random.Random(seed)` stream.
    var seed: UInt64 = 42

    /// The reference run whose figures WORKLOAD.md publishes.
    static let reference = TimeoutsParameters()
}
