import SimulationKernel

extension SimDuration {
    /// `duration` in nanoseconds, clamped to what simulated time can hold (checked arithmetic:
    /// an outside number never traps).
    init(clamping duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (sum, carry) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflow || carry {
            self.init(nanoseconds: seconds < 0 ? .min : .max)
        } else {
            self.init(nanoseconds: sum)
        }
    }

    /// As a `Duration`.
    var duration: Duration { .nanoseconds(nanoseconds) }
}
