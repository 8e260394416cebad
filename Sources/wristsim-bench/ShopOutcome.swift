/// What one run of workload A counted.
struct ShopOutcome: Equatable {
    var taps = 0
    var delivered = 0
    var attempts = 0
    var retries = 0
    /// Counted events: process resumptions from a suspension point.
    var events = 0
    /// The clock when no events remain (the last delivery attempt), seconds.
    var simulatedSeconds = 0.0

    /// WORKLOAD.md §2.4: `events = 4*taps + 2*attempts + 2*retries`.
    var closedFormEvents: Int { 4 * taps + 2 * attempts + 2 * retries }

    /// The published check values of the reference run (WORKLOAD.md §2.4, SimPy 4.1.2).
    static let reference = ShopOutcome(
        taps: 50_000, delivered: 50_000, attempts: 52_599, retries: 2_599, events: 310_396,
        simulatedSeconds: 2213.9798645338014)
}
