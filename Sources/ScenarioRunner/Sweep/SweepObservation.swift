import CompanionModel
import ReminderScheduling
import SimulationKernel

/// What one finished run contributes to a sweep: the thin adapter between the simulation's
/// state and the sweep's statistics, so nothing else in the sweep reads simulation internals.
package struct SweepObservation: Sendable {
    /// The run's verdict: its seed, whether it passed, the expectations that failed and the
    /// invariants that were broken (kept as the run gave it, not copied field by field).
    package var verdict: ScenarioVerdict
    /// What the run's world showed at the scenario's end: taps, late check-offs, missed
    /// reminders, stale complication time.
    var end: EndOfRun
    /// Check-offs the phone never applied, even once the link was left to finish.
    package var lost: Int
    /// Check-offs the phone applied twice.
    package var doubled: Int
    /// Check-offs the phone applied out of order.
    package var reordered: Int

    /// The stable codes of missed-reminder reasons, in report order (``MissedReminder/Reason/Code``).
    package static let missedReasonCodes = MissedReminder.Reason.Code.allCases.map(\.name)

    /// A run from what its world showed at the scenario's end and its verdict.
    ///
    /// - Complexity: O(discrepancies).
    init(end: EndOfRun, verdict: ScenarioVerdict) {
        self.verdict = verdict
        self.end = end
        func count(_ kind: SyncDiscrepancy.Kind) -> Int {
            verdict.discrepanciesSettled.filter { $0.kind == kind }.count
        }
        lost = count(.lost)
        doubled = count(.doubled)
        reordered = count(.outOfOrder)
    }

    /// What a sweep reads of a run's world at the scenario's end (before its link is left to
    /// finish): the figures that do not come from the verdict.
    struct EndOfRun: Sendable {
        /// Tap-to-removal latency of every tap whose row went, in order.
        var latencies: [SimDuration]
        /// Check-offs not yet on the phone when the scenario ended (they arrive once the link finishes).
        var late: Int
        /// Missed reminders by reason code (``SweepObservation/missedReasonCodes``), in that order.
        var missed: [Int]
        /// The longest total time any complication family showed a value that was no longer true.
        var staleComplication: SimDuration

        /// Reads `simulation` at the scenario's end.
        ///
        /// - Complexity: O(taps + missed reminders + discrepancies + complication records).
        init(_ simulation: borrowing ScenarioSimulation) {
            latencies = simulation.watch.app.latencies
            late = simulation.syncDiscrepancies().filter { $0.kind == .lost }.count
            missed = simulation.phone.reminders.harness.missedByCode
            staleComplication = simulation.complicationReport()?.staleness.map(\.totalStale).max() ?? .zero
        }
    }

    /// Reads the world at the scenario's end, before its link is left to finish
    /// (``RunMonitor/reachedEnd(_:)``).
    struct EndMonitor: RunMonitor {
        var end: EndOfRun?
        mutating func handled(_ simulation: ScenarioSimulation) {}
        mutating func reachedEnd(_ simulation: ScenarioSimulation) { end = EndOfRun(simulation) }
    }
}
