import CompanionModel
import SimulationKernel

/// The watch app inside a scenario run: the watch model, the wrist-and-app lifecycle, the
/// check-off pipeline session and what it has reported so far.
package struct WatchAppState: Sendable {
    /// The watch model (`scenario.watch`).
    package let model: WatchModel
    /// The `"pipeline"` settings in force.
    package let settings: PipelineSettings
    /// The wrist and frontmost-app lifecycle.
    package internal(set) var wrist: WristAppMachine
    /// The check-off handler's queues.
    package internal(set) var session: PipelineSession
    /// Each submitted tap, by session tap index.
    var taps: [TapRecord] = []
    /// Synchronous sends waiting for their outcome: the sequence number of the watch operation
    /// sent (an integer to hash, not the operation), and the tap whose send step blocks its queue
    /// until the reply, the error or the timeout.
    var heldSends: [Int: Int] = [:]
    /// The time of the pipeline wake-up already on the event loop, if any.
    var scheduledWake: SimTime?
    /// Tap-to-removal latency of every tap whose row is gone, in order.
    package internal(set) var latencies: [SimDuration] = []
    /// The next-item report of every wrist raise or app launch, in order.
    package internal(set) var visibilityReports: [(time: SimTime, visibility: NextItemVisibility)] = []

    /// The watch app for `scenario` (an unknown watch name, rejected by the decoder, falls back to
    /// the default model); its pipeline's cost jitter draws from a sub-stream of `seed`. Room is
    /// reserved for `expectedTaps` pipeline taps (the script's tap steps: ``UpcomingTaps/count``).
    /// The session records only the effects the watch acts on, and the complication step's end
    /// only when the scenario has a complication to reload (``WorldContext/complicationListens``).
    /// Each run decides whether it keeps runs (``PipelineSession/keepsRuns``): only a run that
    /// keeps everything does (``RunOptions/Keeping/everything``); a sweep's runs keep only their verdict.
    ///
    /// - Complexity: O(`expectedTaps`), plus the pipeline session's set-up.
    package init(scenario: Scenario, seed: UInt64, expectedTaps: Int) {
        let settings = scenario.sections.pipeline ?? .defaults
        let model = WatchModel.model(named: scenario.watch).withRowHeight(settings.rowHeight)
        self.model = model
        self.settings = settings
        wrist = WristAppMachine(
            rowsVisible: model.rowsVisible, frontmostTimeout: settings.returnToClock,
            initial: scenario.wrist.state(frontmostTimeout: settings.returnToClock))
        session = PipelineSession(
            pipeline: settings.pipeline, watch: model, sharing: settings.sharing, jitter: settings.jitter,
            jitterSeed: WatchAppState.jitterSeed(seed), syncSendAwaitsOutcome: true,
            effects: scenario.sections.complication == nil ? .actedOnWithoutComplication : .actedOn,
            expectedTaps: expectedTaps)
        taps.reserveCapacity(expectedTaps)
        latencies.reserveCapacity(expectedTaps)
    }

    /// Brings the watch app of a scenario before any run (``PreparedScenario``, copied) to the
    /// start of a run with `seed`, in place, the wrist starting at `wrist`: the pipeline session
    /// restarts with this seed's jitter stream, its step plan and roles shared, not worked out
    /// again, and nothing else is copied.
    ///
    /// - Complexity: O(1) for a watch app that has not run.
    mutating func restart(wrist: InitialWrist, seed: UInt64) {
        self.wrist = WristAppMachine(
            rowsVisible: model.rowsVisible, frontmostTimeout: settings.returnToClock,
            initial: wrist.state(frontmostTimeout: settings.returnToClock))
        session.reseed(jitterSeed: WatchAppState.jitterSeed(seed))
        if !taps.isEmpty { taps.removeAll(keepingCapacity: true) }
        if !heldSends.isEmpty { heldSends = [:] }
        scheduledWake = nil
        if !latencies.isEmpty { latencies.removeAll(keepingCapacity: true) }
        if !visibilityReports.isEmpty { visibilityReports.removeAll(keepingCapacity: true) }
    }

    /// The seed label of the pipeline's cost-jitter sub-stream (`SplitMix64.split(label:)`).
    static let jitterLabel: UInt64 = 0x4A49_5454  // "JITT"

    /// The pipeline's jitter seed in a run with `seed`: the first draw of its sub-stream.
    static func jitterSeed(_ seed: UInt64) -> UInt64 {
        var base = SplitMix64(seed: seed)
        var stream = base.split(label: WatchAppState.jitterLabel)
        return stream.next()
    }

    /// Percentiles of the latencies so far.
    package var statistics: LatencyStatistics { LatencyStatistics(latencies) }
}

/// One tap the pipeline is running or has run.
struct TapRecord: Sendable {
    /// The tapped item's key (``ItemCatalog``).
    var key: Int
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
    /// Committed; the sequence number of the watch operation it made (nil when the tap changed
    /// nothing). The operation itself is the replica's (``ListReplica/appliedLog``): the record
    /// holds its number, not a reference to retain and release at every tap.
    case committed(sequence: Int?)
    /// Committed, and the operation handed to the app's sync courier: the send step's message
    /// has left with it.
    case handedOver

    /// The sequence number of its operation, if it is committed with one, and ``handedOver`` from
    /// then on; `nil`, and unchanged, otherwise.
    mutating func handOver() -> Int? {
        guard case .committed(let sequence?) = self else { return nil }
        self = .handedOver
        return sequence
    }
}

extension WatchAppState: StorageAdopting {
    /// Keeps the watch app in `old`'s storage: its pipeline session, taps, held sends,
    /// latencies and visibility reports (``StorageAdopting``).
    ///
    /// - Complexity: O(*t*) for the *t* taps held, plus the session's.
    package mutating func adoptStorage(of old: inout WatchAppState) {
        session.adoptStorage(of: &old.session)
        taps.adoptStorage(of: &old.taps)
        heldSends.adoptStorage(of: &old.heldSends)
        latencies.adoptStorage(of: &old.latencies)
        visibilityReports.adoptStorage(of: &old.visibilityReports)
    }
}
