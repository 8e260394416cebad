import CompanionModel
import SimulationKernel

/// The watch app inside a scenario run: the watch model, the wrist-and-app lifecycle, the
/// check-off pipeline session and what it has reported so far.
public struct WatchAppState: Sendable {
    /// The watch model (`scenario.watch`).
    public let model: WatchModel
    /// The `"pipeline"` settings in force.
    public let settings: PipelineSettings
    /// The wrist and frontmost-app lifecycle.
    public internal(set) var wrist: WristAppMachine
    /// The check-off handler's queues.
    public internal(set) var session: PipelineSession
    /// Each submitted tap, by session tap index.
    var taps: [TapRecord] = []
    /// Synchronous sends waiting for their outcome: the operation sent, and the tap whose send
    /// step blocks its queue until the reply, the error or the timeout.
    var heldSends: [ListOperation: Int] = [:]
    /// The time of the pipeline wake-up already on the event loop, if any.
    var scheduledWake: SimTime?
    /// Tap-to-removal latency of every tap whose row is gone, in order.
    public internal(set) var latencies: [SimDuration] = []
    /// The next-item report of every wrist raise or app launch, in order.
    public internal(set) var visibilityReports: [(time: SimTime, visibility: NextItemVisibility)] = []

    /// The watch app for `scenario` (an unknown watch name, rejected by the decoder, falls back to
    /// the default model); its pipeline's cost jitter draws from a sub-stream of `seed`.
    public init(scenario: Scenario, seed: UInt64) {
        let settings = scenario.sections.pipeline ?? .defaults
        self.init(
            model: WatchModel.model(named: scenario.watch).withRowHeight(settings.rowHeight), settings: settings,
            wrist: scenario.wrist, seed: seed)
    }

    /// The watch app on `model` (already given the settings' row height) with `settings`, the
    /// wrist starting at `initial`; the pipeline's cost jitter draws from a sub-stream of `seed`.
    init(model: WatchModel, settings: PipelineSettings, wrist initial: InitialWrist, seed: UInt64) {
        self.model = model
        self.settings = settings
        wrist = WristAppMachine(
            rowsVisible: model.rowsVisible, frontmostTimeout: settings.returnToClock, initial: initial.state)
        var base = SplitMix64(seed: seed)
        var stream = base.split(label: WatchAppState.jitterLabel)
        session = PipelineSession(
            pipeline: settings.pipeline, watch: model, sharing: settings.sharing, jitter: settings.jitter,
            jitterSeed: stream.next(), syncSendAwaitsOutcome: true, effects: .actedOn)
    }

    /// The seed label of the pipeline's cost-jitter sub-stream (`SplitMix64.split(label:)`).
    static let jitterLabel: UInt64 = 0x4A49_5454  // "JITT"

    /// Percentiles of the latencies so far.
    public var statistics: LatencyStatistics { LatencyStatistics(latencies) }
}

/// One tap the pipeline is running or has run.
struct TapRecord: Sendable {
    var item: ItemID
    var time: SimTime
    var handlerStarted: SimTime?
    var checkOff: PendingCheckOff
}

/// Where one tap's check-off stands between the tap and its commit.
enum PendingCheckOff: Sendable {
    /// The handler has not committed yet.
    case awaitingCommit
    /// The send step started before the commit: send as soon as it commits.
    case awaitingCommitThenSend
    /// Committed; the operation (nil when the tap changed nothing).
    case committed(ListOperation?)
}
