import SimulationKernel

/// Simulates taps on list rows running a ``CheckOffPipeline`` on a ``WatchModel``, deterministically.
///
/// The model:
/// - **Costs.** A step needs `cost / relativeSpeed` of CPU on the watch's chip, then blocks for its
///   `wait` (not scaled; no CPU used).
/// - **Main queue.** Serial. A tap enqueues its handler at the tap's time; the handler runs the
///   ``PipelineQueue/main`` steps in order and dispatches the others when it reaches them
///   (``PipelineQueue/mainAsync`` to the back of the main queue, ``PipelineQueue/background`` to the
///   background queue). A tap arriving while main is busy waits: that wait is its *queueing delay*.
///   Taps arriving at the same instant queue in input order, and before blocks dispatched at that
///   instant.
/// - **Background queue.** One serial queue, FIFO.
/// - **CPU.** On a dual-core chip each queue has a core. On a single core (S1) both queues share it
///   by ``CPUSharing`` (processor sharing by default).
/// - **Frames.** UI changes are committed when the main-queue block that made them returns (the
///   run-loop turn ends), so the row is gone at the first frame at or after the end of the block
///   that ran `removeRow` (the handler, or its `main-async` block): see ``FrameClock``.
///   *Tap-to-removal latency* = that frame − the tap.
///
/// ```swift
/// let run = PipelineExecutor(pipeline: .naive, watch: try WatchModel.named("series0-38mm"))
///     .run(taps: [.zero, SimTime(offset: .seconds(20))])
/// run.summary?.p50   // 5.2s
/// ```
package struct PipelineExecutor: Hashable, Sendable {
    package var pipeline: CheckOffPipeline
    package var watch: WatchModel
    package var frames: FrameClock
    package var sharing: CPUSharing
    /// How step costs vary from tap to tap (default: exact).
    package var jitter: PipelineJitter
    /// The seed of the jitter draws.
    package var jitterSeed: UInt64

    package init(
        pipeline: CheckOffPipeline, watch: WatchModel, frames: FrameClock = .sixtyHertz,
        sharing: CPUSharing = .processorSharing, jitter: PipelineJitter = .exact, jitterSeed: UInt64 = 0
    ) {
        self.pipeline = pipeline
        self.watch = watch
        self.frames = frames
        self.sharing = sharing
        self.jitter = jitter
        self.jitterSeed = jitterSeed
    }

    /// Runs one tap at each of `taps` (any order; simulated in time order, input order on ties).
    ///
    /// - Complexity: O(*t* log *t* + *t* × *s*) for *t* taps and *s* steps.
    package func run(taps: [SimTime]) -> PipelineRun {
        let isSorted = zip(taps, taps.dropFirst()).allSatisfy { $0 <= $1 }
        let order = isSorted ? Array(taps.indices) : taps.indices.sorted { (taps[$0], $0) < (taps[$1], $1) }
        let times = isSorted ? taps : order.map { taps[$0] }
        var engine = PipelineEngine(
            pipeline: pipeline, watch: watch, sharing: sharing, jitter: jitter, jitterSeed: jitterSeed,
            expectedTaps: times.count)
        for time in times { _ = engine.submitTap(at: time) }
        engine.drain()
        var outcomes: [TapOutcome] = []
        outcomes.reserveCapacity(times.count)
        for tap in times.indices {
            // Every step of every tap has ended once the engine is drained (no step awaits an outcome).
            if let outcome = engine.outcome(tap: tap, index: order[tap], frames: frames) { outcomes.append(outcome) }
        }
        return PipelineRun(pipeline: pipeline, watch: watch, sharing: sharing, taps: outcomes)
    }
}
