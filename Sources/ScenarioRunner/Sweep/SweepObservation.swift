import CompanionModel
import ReminderScheduling
import SimulationKernel

/// What one finished run contributes to a sweep: the thin adapter between the simulation's
/// state and the sweep's statistics, so nothing else in the sweep reads simulation internals.
public struct SweepObservation: Sendable {
    /// The run's seed.
    public var seed: UInt64
    /// Whether every expectation held and no invariant was broken.
    public var passed: Bool
    /// Expectations that failed.
    public var expectationFailures: Int
    /// Invariants that were broken.
    public var invariantFailures: Int
    /// Tap-to-removal latency of every tap whose row went, in order.
    public var latencies: [SimDuration]
    /// Check-offs the phone never applied, even once the link was left to finish.
    public var lost: Int
    /// Check-offs the phone applied twice.
    public var doubled: Int
    /// Check-offs the phone applied out of order.
    public var reordered: Int
    /// Check-offs not yet on the phone when the scenario ended (they arrive once the link finishes).
    public var late: Int
    /// Missed reminders by reason code (``SweepObservation/missedReasonCodes``), in that order.
    public var missed: [Int]
    /// The longest total time any complication family showed a value that was no longer true.
    public var staleComplication: SimDuration

    /// The stable codes of missed-reminder reasons, in report order.
    public static let missedReasonCodes = [
        "outsideWindow", "droppedOverLimit", "droppedFireDatePassed", "neverScheduled",
    ]

    /// Reads a run that has finished (`outcome` is what `simulation.run()` returned).
    public init(simulation: ScenarioSimulation, outcome: ScenarioOutcome) {
        seed = outcome.seed
        passed = outcome.passed
        expectationFailures = outcome.expectations.reduce(0) { $0 + ($1.passed ? 0 : 1) }
        invariantFailures = outcome.invariantFailures.count
        latencies = simulation.watch.app.latencies
        let link = outcome.summary.first { $0.title == "link" }
        func count(_ key: String) -> Int {
            guard case .int(let value)? = link?.rows.first(where: { $0.key == key })?.value else { return 0 }
            return Int(value)
        }
        lost = count("lost")
        doubled = count("doubled")
        reordered = count("reordered")
        late = count("inTransitAtEnd")
        var missed = Array(repeating: 0, count: SweepObservation.missedReasonCodes.count)
        for miss in simulation.reminders?.harness.missed ?? [] {
            missed[SweepObservation.codeIndex(miss.reason)] += 1
        }
        self.missed = missed
        var stale = SimDuration.zero
        for row in outcome.summary.first(where: { $0.title == "complication" })?.rows ?? [] {
            if row.key.hasPrefix("stale"), case .duration(let value) = row.value { stale = max(stale, value) }
        }
        staleComplication = stale
    }

    private static func codeIndex(_ reason: MissedReminder.Reason) -> Int {
        switch reason {
        case .outsideWindow: return 0
        case .droppedBySystem(.overLimit, _): return 1
        case .droppedBySystem(.fireDatePassed, _): return 2
        case .droppedBySystem(.notAuthorized, _): return 3
        case .neverScheduled: return 4
        case .notAuthorized: return 5
        }
    }
}
