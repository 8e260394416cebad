/// Wall times and outcomes of a workload run `repeat` times (`--repeat R`).
struct BenchMeasurement<Outcome: Equatable> {
    /// The outcome of every run, in order.
    var outcomes: [Outcome] = []
    /// The wall time of every run, seconds, in order.
    var wallSeconds: [Double] = []

    /// Runs `body` `count` times, timing each call with a fresh ``Stopwatch`` started just
    /// before it (so `body` must create its RNG and model first thing, as WORKLOAD.md times them).
    init(repeat count: Int, _ body: () -> Outcome) {
        for _ in 0..<count {
            let stopwatch = Stopwatch()
            let outcome = body()
            wallSeconds.append(stopwatch.elapsedSeconds)
            outcomes.append(outcome)
        }
    }

    /// The outcome of the first run.
    var outcome: Outcome? { outcomes.first }

    /// Whether every run produced the same outcome (the simulation is deterministic).
    var runsAgree: Bool { outcomes.allSatisfy { $0 == outcomes.first } }

    /// The median wall time (the mean of the middle two for an even count).
    var medianWallSeconds: Double {
        let sorted = wallSeconds.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// `events / medianWallSeconds`, rounded.
    func eventsPerSecond(events: Int) -> Int64 {
        let wall = medianWallSeconds
        return wall > 0 ? Int64((Double(events) / wall).rounded()) : 0
    }
}

extension BenchReport {
    /// Adds the timing fields every kernel workload reports, in this order: `events`,
    /// `simulatedSeconds`, `repeat`, `wallSeconds` (median), `wallSecondsRuns`, `eventsPerSecond`.
    mutating func addTiming<Outcome>(
        _ measurement: BenchMeasurement<Outcome>, events: Int, simulatedSeconds: Double
    ) {
        add("events", .int(Int64(events)))
        add("simulatedSeconds", number: simulatedSeconds)
        add("repeat", .int(Int64(measurement.wallSeconds.count)))
        add("wallSeconds", number: measurement.medianWallSeconds)
        add("wallSecondsRuns", numbers: measurement.wallSeconds)
        add("eventsPerSecond", .int(measurement.eventsPerSecond(events: events)))
    }
}
