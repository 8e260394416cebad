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
    public init(
        pipeline: CheckOffPipeline, watch: WatchModel, frames: FrameClock = .sixtyHertz,
        sharing: CPUSharing = .processorSharing, jitter: PipelineJitter = .exact, jitterSeed: UInt64 = 0
    ) {
        self.pipeline = pipeline
        self.watch = watch
        self.frames = frames
        engine = PipelineEngine(
            pipeline: pipeline, watch: watch, sharing: sharing, jitter: jitter, jitterSeed: jitterSeed,
            recordsEffects: true)
    }

    /// Submits a tap at `time` (not before the session's clock) and returns its index. Effects due
    /// before `time` are kept for the next ``advance(to:)``.
    ///
    /// - Complexity: amortised O(1) plus the events due before `time`.
    public mutating func tap(at time: SimTime) -> Int {
        engine.submitTap(at: time)
    }

    /// When the session next has something to do, or `nil` when both queues are idle.
    public mutating func nextEventTime() -> SimTime? {
        engine.nextEventTime()
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
