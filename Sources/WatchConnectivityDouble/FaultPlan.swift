import CompanionModel
import SimulationKernel

/// The faults a ``SessionPair`` injects: given explicitly, or drawn from a seed with
/// ``random(seed:horizon:)``. Times are offsets from the pair's start.
///
/// ```swift
/// var faults = FaultPlan()
/// faults.outOfRange = [.seconds(10) ..< .seconds(70)]
/// faults.appKills = [.init(.phone, at: .seconds(30), relaunchAfter: .seconds(60))]
/// let pair = SessionPair(seed: 1, faults: faults)
/// ```
public struct FaultPlan: Hashable, Sendable {
    /// How long one hop (a message, a reply, a transfer) takes.
    public enum Latency: Hashable, Sendable {
        /// Always `delay`.
        case fixed(Duration)
        /// Uniform between `min` and `max`.
        case uniform(min: Duration, max: Duration)
        /// `floor` plus an exponential with mean `mean` (a long tail of slow hops).
        case exponential(mean: Duration, floor: Duration)

        var distribution: LatencyDistribution {
            switch self {
            case .fixed(let delay): return .fixed(SimDuration(clamping: delay))
            case .uniform(let low, let high):
                return .uniform(min: SimDuration(clamping: low), max: SimDuration(clamping: high))
            case .exponential(let mean, let floor):
                return .exponential(mean: SimDuration(clamping: mean), floor: SimDuration(clamping: floor))
            }
        }
    }

    /// An app killed (by the user or the system), and maybe launched again.
    public struct AppKill: Hashable, Sendable {
        /// Whose app.
        public var device: Device
        /// When.
        public var at: Duration
        /// How long until it is launched again (`nil`: not until ``SessionPair/recover()``).
        public var relaunchAfter: Duration?

        /// A kill of `device`'s app at `at`.
        public init(_ device: Device, at: Duration, relaunchAfter: Duration? = nil) {
            self.device = device
            self.at = at
            self.relaunchAfter = relaunchAfter
        }
    }

    /// The one-way delay of each hop. Default: uniform 100–400 ms (a chosen value: Apple documents
    /// none).
    public var latency: Latency = .uniform(min: .milliseconds(100), max: .milliseconds(400))
    /// The probability that a delivery is repeated later (0 to 1).
    public var duplicateProbability: Double = 0
    /// How long a sender waits for a reply before 7012 (a chosen value: Apple documents none).
    public var replyTimeout: Duration = .seconds(30)
    /// Spans with the phone out of range.
    public var outOfRange: [Range<Duration>] = []
    /// App kills and relaunches.
    public var appKills: [AppKill] = []
    /// Watch switches: the phone's session becomes inactive at each time, and deactivates a second
    /// later (the app should call `activate()` again in `sessionDidDeactivate`).
    public var watchSwitches: [Duration] = []

    /// No faults, with the default latency.
    public init() {}

    /// The link model's configuration for these faults.
    var configuration: LinkConfiguration {
        var configuration = LinkConfiguration()
        configuration.faults = LinkFaults(
            latency: latency.distribution, duplicateProbability: min(max(duplicateProbability, 0), 1),
            unreachableWindows: outOfRange.map {
                .init(
                    start: SimTime(offset: SimDuration(clamping: $0.lowerBound)),
                    end: SimTime(offset: SimDuration(clamping: $0.upperBound)))
            },
            appTerminations: appKills.map {
                .init(
                    side: $0.device.side, at: SimTime(offset: SimDuration(clamping: $0.at)),
                    relaunchAfter: $0.relaunchAfter.map { SimDuration(clamping: $0) })
            })
        let timeout = SimDuration(clamping: replyTimeout)
        configuration.replyTimeout = timeout > .zero ? timeout : .milliseconds(1)
        configuration.initialActivation = .notActivated
        return configuration
    }

    /// Faults drawn from `seed`, all within `horizon`: a latency shape (fixed, uniform or
    /// exponential), duplicates (none in 30 % of plans, else a probability up to 0.5), a reply
    /// timeout of 1–30 s, 0–3 out-of-range spans of up to 2 min, 0–3 app kills on either side
    /// (70 % relaunched within 2 min), and a watch switch in 20 % of plans. The same seed gives
    /// the same plan on every machine.
    public static func random(seed: UInt64, horizon: Duration = .seconds(600)) -> FaultPlan {
        var rng = SplitMix64(seed: seed, label: 0x504C_414E)  // "PLAN"
        let span = max(SimDuration(clamping: horizon).seconds, 1)
        func time(_ rng: inout SplitMix64) -> Duration { .milliseconds(Int64(rng.uniform(in: 0...span) * 1_000)) }
        func millis(_ range: ClosedRange<Int64>, _ rng: inout SplitMix64) -> Duration {
            .milliseconds(Int64.random(in: range, using: &rng))
        }

        var plan = FaultPlan()
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: plan.latency = .fixed(millis(10...3_000, &rng))
        case 1: plan.latency = .uniform(min: .milliseconds(10), max: millis(20...5_000, &rng))
        default: plan.latency = .exponential(mean: millis(50...4_000, &rng), floor: .milliseconds(5))
        }
        plan.duplicateProbability = rng.bernoulli(0.3) ? 0 : rng.uniform(in: 0...0.5)
        plan.replyTimeout = millis(1_000...30_000, &rng)
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            let start = time(&rng)
            plan.outOfRange.append(start..<(start + millis(1_000...120_000, &rng)))
        }
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            let device: Device = rng.bernoulli(0.5) ? .phone : .watch
            let relaunch: Duration? = rng.bernoulli(0.7) ? millis(0...120_000, &rng) : nil
            plan.appKills.append(AppKill(device, at: time(&rng), relaunchAfter: relaunch))
        }
        if rng.bernoulli(0.2) { plan.watchSwitches.append(time(&rng)) }
        return plan
    }
}
