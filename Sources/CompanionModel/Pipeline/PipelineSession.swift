import SimulationKernel

/// A check-off pipeline driven tap by tap from a larger simulation.
///
/// The driver submits each tap at its time, asks when the session next needs to run
/// (``nextEventTime()``), and at that time calls ``advance(to:)`` to get the effects that happened
/// (steps starting and ending, removals committed) with their exact times. Same model as
/// ``PipelineExecutor``, which is this session run over a batch of taps.
///
/// ```swift
/// var session = PipelineSession(pipeline: .optimized, watch: watch)
/// let tap = session.tap(at: now)
/// while let next = session.nextEventTime() {
///     for effect in session.advance(to: next) { /* commit, send, refresh … */ }
/// }
/// session.outcome(of: tap)?.latency
/// ```
public struct PipelineSession: Sendable {
    public let pipeline: CheckOffPipeline
    public let watch: WatchModel
    public let frames: FrameClock
    private var engine: PipelineEngine

    /// A session with no taps yet.
    ///
    /// - Parameters:
    ///   - jitter: how step costs vary from tap to tap (default: exact).
    ///   - jitterSeed: the seed of the jitter draws (each draw depends on it, the tap and the step only).
    ///   - syncSendAwaitsOutcome: whether a ``PipelineStepKind/sendMessageToPhone`` step with a
    ///     `wait` (a synchronous send) waits for the real outcome, reported with
    ///     ``releaseSend(tap:at:)``, instead of its fixed `wait`: the reply, an immediate 7007
    ///     when unreachable, or 7012 at the reply timeout. Its queue is blocked exactly that long.
    public init(
        pipeline: CheckOffPipeline, watch: WatchModel, frames: FrameClock = .sixtyHertz,
        sharing: CPUSharing = .processorSharing, jitter: PipelineJitter = .exact, jitterSeed: UInt64 = 0,
        syncSendAwaitsOutcome: Bool = false
    ) {
        self.pipeline = pipeline
        self.watch = watch
        self.frames = frames
        let held = syncSendAwaitsOutcome ? PipelineSession.synchronousSends(of: pipeline) : []
        synchronousSendSteps = held
        engine = PipelineEngine(
            pipeline: pipeline, watch: watch, sharing: sharing, jitter: jitter, jitterSeed: jitterSeed,
            recordsEffects: true, heldSteps: held)
    }

    /// The steps that wait for the link's outcome (empty unless `syncSendAwaitsOutcome`).
    public let synchronousSendSteps: Set<Int>

    /// The synchronous sends of `pipeline`: send steps that wait for the reply.
    static func synchronousSends(of pipeline: CheckOffPipeline) -> Set<Int> {
        Set(
            pipeline.steps.indices.filter {
                pipeline.steps[$0].kind == .sendMessageToPhone && pipeline.steps[$0].wait > .zero
            })
    }

    /// The outcome of tap `tap`'s synchronous send came at `time`: its wait ends then (or when
    /// the step's CPU work ends, if later). Taps without a synchronous send are unaffected.
    ///
    /// - Complexity: O(*k*) in the pipeline's steps, plus the events due before `time`.
    public mutating func releaseSend(tap: Int, at time: SimTime) {
        for step in synchronousSendSteps.sorted() { engine.release(tap: tap, step: step, at: time) }
    }

    /// Submits a tap at `time` (not before the session's clock) and returns its index. Effects due
    /// before `time` are kept for the next ``advance(to:)``.
    ///
    /// - Complexity: amortised O(1) plus the events due before `time`.
    public mutating func tap(at time: SimTime) -> Int {
        engine.submitTap(at: time)
    }

    /// When the session next has something to do, or `nil` when both queues are idle or wait
    /// only for a send's outcome.
    public mutating func nextEventTime() -> SimTime? {
        engine.nextEventTime().flatMap { $0 == .distantFuture ? nil : $0 }
    }

    /// Runs everything due at or before `time` and returns the effects since the last call, in time order.
    public mutating func advance(to time: SimTime) -> [PipelineEffect] {
        engine.advance(to: time)
        return engine.takeEffects()
    }

    /// The step at `index` of the pipeline.
    public func step(_ index: Int) -> PipelineStep { pipeline.steps[index] }

    /// The number of taps submitted.
    public var tapCount: Int { engine.tapCount }

    /// Tap `tap`'s outcome once all its steps have ended, else `nil`.
    public func outcome(of tap: Int) -> TapOutcome? {
        guard tap >= 0, tap < engine.tapCount, engine.isFinished(tap: tap) else { return nil }
        return engine.outcome(tap: tap, index: tap, pipeline: pipeline, frames: frames)
    }

    /// Every finished tap so far as a run (unfinished taps are left out).
    public func run() -> PipelineRun {
        let outcomes = (0..<engine.tapCount).compactMap { outcome(of: $0) }
        return PipelineRun(pipeline: pipeline, watch: watch, sharing: engine.sharing, taps: outcomes)
    }
}
