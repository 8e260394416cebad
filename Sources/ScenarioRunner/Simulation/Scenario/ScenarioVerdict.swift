import CompanionModel
import SimulationKernel

/// What a run produced when only its verdict and figures are read (``RunOptions/Keeping/verdict``):
/// no trace, no summary sections, no failure prose — the fast path that `sweep` and `explore` take
/// thousands of times. Nothing in it depends on the machine or the clock.
package struct ScenarioVerdict: Sendable {
    /// The run's seed.
    package var seed: UInt64
    /// Expectations checked, and how many of them failed.
    package var expectationsChecked: Int
    package var expectationsFailed: Int
    /// How the event loop ended: ``EventLoopStatus/stopped(_:)`` at the scenario's event limit is
    /// an invariant failure.
    package var loopStatus: EventLoopStatus
    /// Where they still disagree once the link is left to finish: each one breaks the convergence
    /// invariant (lost, doubled, out-of-order or diverged operations).
    package var discrepanciesSettled: [SyncDiscrepancy]
    /// The failures of the run's own checks (``RunChecks``: badges, notifications pending, each
    /// channel's order), as `run` reports them.
    package var checkFailures: [InvariantFailure]
    /// The events the run scheduled before its end (what `explore`'s shrinking counts against its
    /// budget).
    package var events: Int

    /// Broken invariants: the event limit, each discrepancy left once the link finished, and each
    /// failure of the run's own checks.
    package var invariantsBroken: Int {
        (loopStatus.exceeded != nil ? 1 : 0) + discrepanciesSettled.count + checkFailures.count
    }

    /// Whether every expectation held and no invariant was broken.
    package var passed: Bool { expectationsFailed == 0 && invariantsBroken == 0 }
}
