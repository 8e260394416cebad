import SimulationKernel

/// When the system really wakes the app for a background refresh it granted for a preferred date.
///
/// Apple, `scheduleBackgroundRefresh(withPreferredDate:…)`: the system "may delay the background
/// task due to the system's current state or if your app exceeds its budget". Apple publishes no
/// distribution, so ``platformDefault`` is WristSim's **chosen value** (UNCONFIRMED).
///
/// The budget (``ComplicationBudget``) decides *whether* a refresh is granted; the driver draws
/// the delay from the run's seed with ``delay(using:)``.
package enum BackgroundRefreshTiming: Hashable, Sendable {
    /// The app wakes exactly at the preferred date (best case).
    case punctual
    /// The app wakes after the preferred date by an exponentially distributed delay with this
    /// mean, cut at `atMost`, in whole seconds.
    case mayDelay(mean: SimDuration, atMost: SimDuration)

    /// The platform's "may delay", with WristSim's chosen distribution: mean 5 minutes, at most 30.
    package static let platformDefault = BackgroundRefreshTiming.mayDelay(
        mean: defaultDelayMean, atMost: defaultDelayCap)

    /// The default delay's mean: 5 minutes (chosen, UNCONFIRMED).
    package static let defaultDelayMean = SimDuration.minutes(5)
    /// The default delay's cap: 30 minutes (chosen, UNCONFIRMED).
    package static let defaultDelayCap = SimDuration.minutes(30)

    /// The delay the system adds to a wake, drawn from `rng` (no draw when ``punctual``, or when
    /// the mean or the cap is not positive).
    package func delay(using rng: inout some RandomNumberGenerator) -> SimDuration {
        switch self {
        case .punctual:
            return .zero
        case .mayDelay(let mean, let atMost):
            guard mean > .zero, atMost > .zero else { return .zero }
            let meanSeconds = Double(mean.nanoseconds) / 1e9
            let drawn = rng.exponential(mean: meanSeconds)
            let capSeconds = Double(atMost.nanoseconds) / 1e9
            guard drawn < capSeconds else { return atMost }
            return .seconds(Int64(drawn.rounded(.down)))
        }
    }

    /// `"punctual"` or `"mayDelay(mean 5m, at most 30m)"`.
    package var description: String {
        switch self {
        case .punctual: return "punctual"
        case .mayDelay(let mean, let atMost): return "mayDelay(mean \(mean), at most \(atMost))"
        }
    }
}
