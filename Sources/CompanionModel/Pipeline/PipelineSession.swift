import SimulationKernel

/// A check-off pipeline driven tap by tap from a larger simulation.
///
/// The driver submits each tap at its time, asks when the session next needs to run
/// (``nextEventTime``), and at that time calls ``wake(at:)``, then takes the effects that
/// happened (steps starting and ending, removals committed, with their exact times) one by one
/// from the session's own buffer (``takeEffect()``), so that a wake allocates nothing once the
/// buffer has grown to the largest batch. Same model as ``PipelineExecutor``, which is this
/// session run over a batch of taps. A driver that acts only on the steps' roles records only
/// the effects it acts on (``PipelineEffectSelection/actedOn``), and one that reads no taps'
/// outcomes (``run(through:)``) keeps no runs (``keepsRuns``).
///
/// ```swift
/// var session = PipelineSession(pipeline: .optimized, watch: watch)
/// let tap = session.tapCount
/// for _ in 0..<session.tap(at: now) { /* take and act on each effect, as below */ }
/// while let next = session.nextEventTime {
///     for _ in 0..<session.wake(at: next) {
///         let effect = session.takeEffect()  /* commit, send, refresh … */
///     }
/// }
/// session.run(through: end).taps[tap].latency
/// ```
package struct PipelineSession: Sendable {
    package let pipeline: CheckOffPipeline
    package let watch: WatchModel
    package let frames: FrameClock
    private var engine: PipelineEngine
    /// When the session next has something the driver sees (an effect, a queue going idle or
    /// blocking: ``PipelineEngine/nextDue``), or `nil` when both queues are idle or wait only for
    /// a send's outcome: the time of the driver's next wake.
    ///
    /// A stored value, brought up to date by every call that moves the engine (a tap, a
    /// release, an advance, a wake, a restart): a driver that holds the session in its own
    /// state reads one field, where a call on the session would copy the whole session first.
    package private(set) var nextEventTime: SimTime?

    /// A session with no taps yet.
    ///
    /// - Parameters:
    ///   - jitter: how step costs vary from tap to tap (default: exact).
    ///   - jitterSeed: the seed of the jitter draws (each draw depends on it, the tap and the step only).
    ///   - syncSendAwaitsOutcome: whether a ``PipelineStepKind/sendMessageToPhone`` step with a
    ///     `wait` (a synchronous send) waits for the real outcome, reported with
    ///     ``releaseSend(tap:at:)``, instead of its fixed `wait`: the reply, an immediate 7007
    ///     when unreachable, or 7012 at the reply timeout. Its queue is blocked exactly that long.
    ///   - effects: which step starts and ends are recorded (default: every one).
    ///   - expectedTaps: how many taps to reserve room for (a hint; more may come).
    ///   - keepsRuns: whether the session keeps what ``run(through:)`` reads (default: it does;
    ///     ``keepsRuns``).
    package init(
        pipeline: CheckOffPipeline, watch: WatchModel, frames: FrameClock = .sixtyHertz,
        sharing: CPUSharing = .processorSharing, jitter: PipelineJitter = .exact, jitterSeed: UInt64 = 0,
        syncSendAwaitsOutcome: Bool = false, effects: PipelineEffectSelection = .everyStep, expectedTaps: Int = 0,
        keepsRuns: Bool = true
    ) {
        self.pipeline = pipeline
        self.watch = watch
        self.frames = frames
        engine = PipelineEngine(
            pipeline: pipeline, watch: watch, sharing: sharing, jitter: jitter, jitterSeed: jitterSeed,
            expectedTaps: expectedTaps, recordsEffects: true, selection: effects,
            syncSendAwaitsOutcome: syncSendAwaitsOutcome, keepsRuns: keepsRuns)
        roles = engine.roles
    }

    /// Whether the session keeps each step's run and each tap's handler end and removal commit,
    /// what ``run(through:)`` reads and nothing else does. Its effects, ``nextEventTime`` and ``tapCount`` are the same either way; a driver
    /// that reads no run keeps none, and nothing is written for them as steps end.
    package var keepsRuns: Bool { engine.keepsRuns }

    /// Makes the session keep its runs (`keeps`) or not (``keepsRuns``), for the taps to come: what
    /// a driver that decides it per run (from the run's options) calls before the run's first tap.
    /// ``restart(jitterSeed:)`` keeps the choice.
    ///
    /// - Precondition: no tap has been submitted since the session was made or restarted.
    package mutating func keepRuns(_ keeps: Bool) {
        engine.keepRuns(keeps)
    }

    /// Empties the session in place, keeping its plan and its room, and draws its cost jitter
    /// from `jitterSeed`: what a driver that keeps its session in its own state calls at the
    /// start of each run.
    ///
    /// - Complexity: O(what it holds), to empty it.
    package mutating func restart(jitterSeed: UInt64) {
        engine.restart(jitterSeed: jitterSeed)
        nextEventTime = engine.nextDue
    }

    /// What each step means to the simulation, worked out once for the session's pipeline:
    /// which step commits the check-off, which sends (and whether it awaits its outcome: its
    /// ``PipelineStepRoles/synchronousSend``), which refreshes the complication.
    ///
    /// A stored property, so that reading it from a driver holding the session in its state
    /// reads one field and does not copy the session.
    package let roles: PipelineStepRoles

    /// The outcome of tap `tap`'s synchronous send came at `time`: its wait ends then (or when
    /// the step's CPU work ends, if later). Taps without a synchronous send are unaffected.
    ///
    /// - Precondition: the outcome of tap `tap`'s send has not come before.
    /// - Complexity: O(1) plus the events due before `time`.
    package mutating func releaseSend(tap: Int, at time: SimTime) {
        engine.release(tap: tap, at: time)
        nextEventTime = engine.nextDue
    }

    /// Submits a tap at `time` (not before the last time the session was given): a wake at
    /// `time` (``wake(at:)``) that also hands the pipeline the tap, whose index is the number of
    /// taps submitted before it (``tapCount``). Returns how many effects wait to be taken with
    /// ``takeEffect()``, as a wake does.
    ///
    /// - Complexity: amortised O(1) plus the events due up to `time`.
    package mutating func tap(at time: SimTime) -> Int {
        _ = engine.submitTap(at: time)
        nextEventTime = engine.nextDue
        return engine.untakenEffectCount
    }

    /// Runs everything due at or before `time` and keeps the effects since the last call in the
    /// session; returns how many wait to be taken with ``takeEffect()``, in time order.
    ///
    /// Effects recorded while the driver acts on these (a ``releaseSend(tap:at:)`` can start
    /// steps) come after them: a driver that takes only the returned count leaves those for its
    /// next wake. A driver reads ``nextEventTime`` once it has acted on them (acting can move
    /// the session on: a released send starts steps).
    ///
    /// - Complexity: O(events handled).
    package mutating func wake(at time: SimTime) -> Int {
        nextEventTime = engine.advance(to: time)
        return engine.untakenEffectCount
    }

    /// The oldest effect not yet taken, or `nil` when every effect has been taken.
    ///
    /// - Complexity: O(1), amortised.
    package mutating func takeEffect() -> PipelineEffect? {
        engine.takeEffect()
    }

    /// The number of taps submitted.
    package var tapCount: Int { engine.tapCount }

    /// Every tap finished by `time` (not before the last time the session was given), as a run
    /// (unfinished taps are left out).
    ///
    /// A step whose end no wake is asked for (``nextEventTime``: the background thread going
    /// idle on a watch with a core per queue) has ended at its own time whether or not the
    /// driver woke the session since: the run is worked out on a copy moved on to `time`, and
    /// the session is left as it is.
    ///
    /// - Precondition: the session keeps its runs (``keepsRuns``).
    /// - Complexity: O(*t* × *s*) for *t* taps of *s* steps, plus the steps due by `time`.
    package func run(through time: SimTime) -> PipelineRun {
        precondition(engine.keepsRuns, "PipelineSession.run(through:): this session keeps no runs (keepsRuns: false)")
        var engine = engine
        engine.advance(to: time)
        let outcomes = (0..<engine.tapCount).compactMap { engine.outcome(tap: $0, index: $0, frames: frames) }
        return PipelineRun(pipeline: pipeline, watch: watch, sharing: engine.sharing, taps: outcomes)
    }
}

extension PipelineSession: StorageAdopting {
    /// Keeps this session in `old`'s storage: its engine's queues, taps and records
    /// (``StorageAdopting``).
    ///
    /// - Complexity: that of the engine's.
    package mutating func adoptStorage(of old: inout PipelineSession) {
        engine.adoptStorage(of: &old.engine)
    }
}
