import SimulationKernel

/// A periodic series that produces its next occurrence only when the previous one happens
/// (never expanded ahead of time): the current occurrence's time, the period and the last time.
package struct PeriodicSeries: Hashable, Sendable {
    /// This occurrence.
    package var time: SimTime
    /// The period.
    package var every: SimDuration
    /// No occurrence after this time.
    package var until: SimTime

    /// The next occurrence after this one, or `nil` when the series is over (or the next time
    /// would overflow).
    ///
    /// - Complexity: O(1).
    package var next: PeriodicSeries? {
        guard every > .zero else { return nil }
        let (next, overflow) = time.nanoseconds.addingReportingOverflow(every.nanoseconds)
        guard !overflow, next <= until.nanoseconds else { return nil }
        return PeriodicSeries(time: SimTime(nanoseconds: next), every: every, until: until)
    }
}
