import SimulationKernel

/// When iOS runs an app's background app refresh (`BGAppRefreshTask`) after the earliest begin date
/// the app asked for (rule P10 in `docs/reminders.md`).
///
/// Apple: `earliestBeginDate` means the task "shouldn’t start any earlier than this date. However,
/// the system doesn’t guarantee launching the task at the specified date, but only that it won’t
/// begin sooner" (`BGTaskRequest.earliestBeginDate` reference); "the system decides the best time to
/// launch your background task" from the user's usage, the battery and other apps. Apple publishes
/// no figure, so the delay is a seeded draw:
///
/// - ``opportunistic(meanDelay:)`` (the default, ``realistic``): the task runs an exponentially
///   distributed delay after the earliest begin date, with mean ``defaultMeanDelay`` (2 hours, a
///   chosen value, UNCONFIRMED). Most refreshes come within a few hours; about 1 in 20 comes more
///   than 6 hours late, which in a day's run is "not at all".
/// - ``punctual``: the task runs at the earliest begin date (the best case, for studies of the
///   strategy alone).
///
/// Either way the system's refresh budget (``BackgroundRefreshBudget``) still applies on top.
///
/// ```swift
/// var rng = SplitMix64(seed: 1)
/// AppRefreshTiming.punctual.delay(using: &rng)     // 0
/// AppRefreshTiming.realistic.delay(using: &rng)    // whole seconds, mean 7,200
/// ```
public enum AppRefreshTiming: Hashable, Sendable {
    /// The system runs the task at its earliest begin date.
    case punctual
    /// The system runs the task an exponentially distributed delay after its earliest begin date;
    /// `meanDelay` is the mean, in seconds (at least 1).
    case opportunistic(meanDelay: Int64)

    /// The default mean delay after the earliest begin date: 2 hours (chosen value, UNCONFIRMED).
    public static let defaultMeanDelay: Int64 = 2 * 3_600
    /// The longest mean delay a scenario may ask for: 7 days.
    public static let maximumMeanDelay: Int64 = 7 * 86_400
    /// The longest delay drawn: 1 year (a draw is at most about 37 means, so only a mean near the
    /// maximum can reach it).
    public static let maximumDelay: Int64 = 365 * 86_400

    /// The simulator's default: ``opportunistic(meanDelay:)`` with ``defaultMeanDelay``.
    public static let realistic = AppRefreshTiming.opportunistic(meanDelay: defaultMeanDelay)

    /// The delay after the earliest begin date at which the system runs the next task, in whole
    /// seconds (rounded down): 0 when ``punctual``, else one exponential draw from `rng`.
    ///
    /// - Complexity: O(1); one draw from `rng` when opportunistic, none when punctual.
    public func delay(using rng: inout SplitMix64) -> Int64 {
        switch self {
        case .punctual:
            return 0
        case .opportunistic(let meanDelay):
            let mean = Double(min(max(1, meanDelay), Self.maximumMeanDelay))
            let drawn = rng.exponential(mean: mean)
            return min(Int64(drawn.rounded(.down)), Self.maximumDelay)
        }
    }
}

/// The simulated system's source of background app refresh delays: a timing rule and the seeded
/// stream it draws from (one draw per refresh request, whatever else the run draws).
public struct AppRefreshDelays: Hashable, Sendable {
    /// The timing rule.
    public var timing: AppRefreshTiming
    /// The stream the delays are drawn from.
    public var random: SplitMix64

    /// Creates delays with `timing`, drawn from `random`.
    public init(timing: AppRefreshTiming = .punctual, random: SplitMix64 = SplitMix64(seed: 0)) {
        self.timing = timing
        self.random = random
    }

    /// The delay of the next refresh request after its earliest begin date, in seconds.
    ///
    /// - Complexity: O(1).
    public mutating func next() -> Int64 {
        timing.delay(using: &random)
    }
}
