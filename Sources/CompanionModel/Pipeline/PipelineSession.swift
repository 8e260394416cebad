import SimulationKernel

/// The check-off pipeline as a state machine: one serial main queue, one serial background
/// queue, a CPU shared according to ``CPUSharing``, and taps arriving in time order. The one
/// entry point to the pipeline: a scenario's watch drives it tap by tap, and a batch of taps
/// (`wristsim-bench taps`) is the same inputs with no effects recorded.
///
/// The model:
/// - **Costs.** A step needs `cost / relativeSpeed` of CPU on the watch's chip (as drawn by the
///   ``PipelineJitter``), then blocks for its `wait` (not scaled; no CPU used).
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
/// Inputs come with their time, the driver's clock (never earlier than the last input's): a tap
/// (``tap(at:)``), the outcome a held send waited for (``releaseSend(tap:at:)``), and the time
/// the driver's loop reached (``wake(at:)``, at the time ``nextEventTime`` asked for). Each
/// input first moves on everything due up to its time, in time order, then does its own part.
/// The outputs are ``PipelineEffect``s, recorded in time order and taken one by one from the
/// session's own buffer (``takeEffect()``), so that a wake allocates nothing once the buffer
/// has grown, and ``nextEventTime``: the time the driver schedules the session's next wake on
/// its loop. A driver that acts only on the steps' roles records only the effects it acts on
/// (``PipelineEffectSelection/actedOn``), and one that reads no taps' outcomes
/// (``run(through:)``) keeps no runs (``keepsRuns``).
///
/// Each queue's thread is idle or runs one step (``RunningStep``): computing (its work left and
/// the rate it goes at), waiting until a time, or awaiting an outcome. The rates change only on
/// a single core, when a queue starts or stops computing; only then is a step's work left
/// brought up to date.
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
    /// What every run of this pipeline on this watch shares (pipeline, plan, jitter constants).
    let prepared: Prepared
    /// What each step means to the simulation, worked out once for the session's pipeline:
    /// which step commits the check-off, which sends (and whether it awaits its outcome: its
    /// ``PipelineStepRoles/synchronousSend``), which refreshes the complication.
    ///
    /// A stored property, so that reading it from a driver holding the session in its state
    /// reads one field and does not copy the session.
    package let roles: PipelineStepRoles
    private var jitterSeed: UInt64

    /// The step the main thread runs, or `nil` while it is idle: one of a tap's handler's own
    /// steps when the step runs on ``PipelineQueue/main``, a block the handler dispatched when it
    /// runs on ``PipelineQueue/mainAsync`` (the step's plan says which).
    private var main: RunningStep?
    /// The step the background queue's thread runs, or `nil` while it is idle.
    private var background: RunningStep?
    /// The blocks queued on the main queue; those before ``mainHead`` have run.
    private var mainQueue: [MainBlock] = []
    private var mainHead = 0
    /// The steps queued on the background queue; those before ``backgroundHead`` have run.
    private var backgroundQueue: [(tap: Int, step: Int)] = []
    private var backgroundHead = 0

    /// Each submitted tap's times, by tap index (its handler's end and its removal's commit only
    /// when the session keeps runs: ``keepsRuns``).
    private(set) var taps: [TapProgress] = []
    /// What the steps wrote as they started and ended (their costs and, when kept, their runs,
    /// early releases, the effects not yet taken), kept apart from the threads so that a
    /// thread's step is moved on in place while it writes here.
    private(set) var records = Records()

    /// A session with no taps yet.
    ///
    /// - Parameters:
    ///   - jitter: how step costs vary from tap to tap (default: exact).
    ///   - jitterSeed: the seed of the jitter draws (each draw depends on it, the tap and the step only).
    ///   - syncSendAwaitsOutcome: whether a ``PipelineStepKind/sendMessageToPhone`` step with a
    ///     `wait` (a synchronous send) waits for the real outcome, reported with
    ///     ``releaseSend(tap:at:)``, instead of its fixed `wait`: the reply, an immediate 7007
    ///     when unreachable, or 7012 at the reply timeout. Its queue is blocked exactly that long.
    ///   - effects: which step starts and ends are recorded (default: every one;
    ///     ``PipelineEffectSelection/nothing`` for a batch run that reads only the outcomes).
    ///   - expectedTaps: how many taps to reserve room for (a hint; more may come).
    ///
    /// It keeps what ``run(through:)`` reads until told otherwise (``keepRuns(_:)``).
    package init(
        pipeline: CheckOffPipeline, watch: WatchModel, sharing: CPUSharing = .processorSharing,
        jitter: PipelineJitter = .exact, jitterSeed: UInt64 = 0,
        syncSendAwaitsOutcome: Bool = false, effects: PipelineEffectSelection = .everyStep, expectedTaps: Int = 0
    ) {
        let roles = PipelineStepRoles(pipeline: pipeline, syncSendAwaitsOutcome: syncSendAwaitsOutcome)
        self.roles = roles
        prepared = Prepared(
            pipeline: pipeline, watch: watch, sharing: sharing, jitter: jitter, roles: roles, selection: effects)
        self.jitterSeed = jitterSeed
        let taps = max(0, expectedTaps)
        self.taps.reserveCapacity(taps)
        records.costs.reserveCapacity(taps * prepared.stepCount)
        records.runs.reserveCapacity(taps * prepared.stepCount)
        mainQueue.reserveCapacity(taps)
        backgroundQueue.reserveCapacity(taps)
    }

    /// Draws its cost jitter from `jitterSeed`: what a driver that starts each run from a copy
    /// of one unrun session (a prepared scenario's) calls with the run's seed. A run always
    /// starts from an unrun session (a new world adopts the old one's storage instead:
    /// ``adoptStorage(of:)``), so there is nothing to empty.
    ///
    /// - Precondition: no tap has been submitted.
    package mutating func reseed(jitterSeed: UInt64) {
        precondition(taps.isEmpty, "PipelineSession.reseed(jitterSeed:) after a tap: start a run from an unrun session")
        self.jitterSeed = jitterSeed
    }

    /// The number of taps submitted.
    package var tapCount: Int { taps.count }

    /// Whether the session keeps each step's run and each tap's handler end and removal commit:
    /// what ``run(through:)`` reads and nothing else does. Its effects, ``nextEventTime`` and
    /// ``tapCount`` are the same either way; a driver that reads no run keeps none, and nothing
    /// is written for them as steps end.
    package var keepsRuns: Bool { records.keepsRuns }

    /// Makes the session keep its runs (`keeps`) or not (``keepsRuns``), for the taps to come: what
    /// a driver that decides it per run (from the run's options) calls before the run's first tap.
    ///
    /// - Precondition: no tap has been submitted.
    package mutating func keepRuns(_ keeps: Bool) {
        precondition(taps.isEmpty, "PipelineSession.keepRuns(_:) after a tap: decide before the first tap")
        records.keepsRuns = keeps
    }

    /// When the driver next has to wake the session: the earliest moment a thread records an
    /// effect, goes idle or blocks (``seenEnd(of:onMain:in:_:_:)``); `nil` when both threads are
    /// idle, held back or awaiting an outcome. The steps that end unseen before it are moved on
    /// at their own times by the next input (every input first moves on what is due up to its
    /// time). Stored, and brought up to date at the end of every input (``updateNextEventTime()``),
    /// so that a driver holding the session in its own state reads one field.
    package private(set) var nextEventTime: SimTime?

    /// Works ``nextEventTime`` out again, once an input has moved the session on.
    private mutating func updateNextEventTime() {
        var due: SimTime?
        if let main { due = Self.seenEnd(of: main, onMain: true, in: prepared, records.costs, []) }
        if let background,
            let end = Self.seenEnd(
                of: background, onMain: false, in: prepared, records.costs, backgroundQueue[backgroundHead...])
        {
            due = min(due ?? end, end)
        }
        nextEventTime = due
    }

    /// When the session next moves a step on: the earliest end of a running step's computation
    /// or wait, seen or not.
    private var nextStepDue: SimTime? {
        switch (main?.due, background?.due) {
        case (let main?, let background?): min(main, background)
        case (let main?, nil): main
        case (nil, let background?): background
        case (nil, nil): nil
        }
    }

    // MARK: Inputs

    /// Submits a tap at `time` (not before the last time the session was given): everything due
    /// up to then runs first, then its steps' costs are drawn and its handler joins the main
    /// queue. Its index is the number of taps submitted before it (``tapCount``). Returns how
    /// many effects wait to be taken with ``takeEffect()``, as a wake does.
    ///
    /// - Complexity: O(*s*) for *s* steps, plus the events due up to `time`.
    package mutating func tap(at time: SimTime) -> Int {
        moveOn(to: time)
        let tap = taps.count
        taps.append(TapProgress(tap: time))
        for step in 0..<prepared.stepCount {
            records.costs.append(prepared.cost(ofStep: step, tap: tap, seed: jitterSeed))
        }
        if records.keepsRuns { records.runs.append(contentsOf: repeatElement(nil, count: prepared.stepCount)) }
        mainQueue.append(.handler(tap: tap))
        settle(at: time)
        updateNextEventTime()
        return records.effects.untaken
    }

    /// The outcome that tap `tap`'s held step (its synchronous send,
    /// ``PipelineStepRoles/synchronousSend``) awaits came at `time`: its wait ends then. Without
    /// a held step nothing changes.
    ///
    /// - Precondition: tap `tap`'s held step awaits its outcome
    ///   (``PipelineEffect/awaitingOutcome(tap:step:at:)`` was recorded, and no outcome came since).
    /// - Complexity: O(1) plus the events due up to `time`.
    package mutating func releaseSend(tap: Int, at time: SimTime) {
        moveOn(to: time)
        guard tap < tapCount, roles.synchronousSend != nil else { return }
        if main?.isAwaiting(tap: tap) == true {
            main?.phase = .waiting(until: time)
        } else {
            precondition(
                background?.isAwaiting(tap: tap) == true,
                "PipelineSession.releaseSend(tap:at:): tap \(tap)'s send is not awaiting its outcome")
            background?.phase = .waiting(until: time)
        }
        settle(at: time)
        updateNextEventTime()
    }

    /// Runs everything due at or before `time`, in time order, and keeps the effects since the
    /// last call in the session; returns how many wait to be taken with ``takeEffect()``.
    ///
    /// Effects recorded while the driver acts on these (a ``releaseSend(tap:at:)`` can start
    /// steps) come after them: a driver that takes only the returned count leaves those for its
    /// next wake. A driver reads ``nextEventTime`` once it has acted on them (acting can move
    /// the session on: a released send starts steps).
    ///
    /// - Complexity: O(events handled).
    package mutating func wake(at time: SimTime) -> Int {
        moveOn(to: time)
        updateNextEventTime()
        return records.effects.untaken
    }

    /// Moves on, in time order, every step due at or before `limit` (what every input does first).
    /// A step that hands its thread to its unseen successor
    /// (``unseenSuccessor(ofStep:tap:onMain:in:queuedFirst:)``) changes nothing the other thread,
    /// the rates or the driver see: its thread moves on alone (``RunningStep/handOver(to:at:_:_:)``).
    /// When only the background's step is due, only the background settles: the main thread has
    /// nothing due, and it is idle only once its queue is empty.
    private mutating func moveOn(to limit: SimTime) {
        while let due = nextStepDue, due <= limit {
            if let running = main, running.due == due {
                if let next = Self.unseenSuccessor(ofStep: running.step, tap: running.tap, onMain: true, in: prepared) {
                    main!.handOver(to: next, at: due, prepared, &records)
                } else {
                    settle(at: due)
                }
            } else if let running = background {
                if let next = Self.unseenSuccessor(
                    ofStep: running.step, tap: running.tap, onMain: false, in: prepared,
                    queuedFirst: backgroundHead < backgroundQueue.count ? backgroundQueue[backgroundHead] : nil)
                {
                    backgroundHead += 1
                    background!.handOver(to: next, at: due, prepared, &records)
                } else {
                    settleBackground(at: due)
                    if prepared.cores < 2 { updateRates(at: due) }
                }
            }
        }
    }

    /// When `running` and the steps that follow it unseen on its thread end: the step's end, or,
    /// if it hands its thread to an unseen successor (``unseenSuccessor(ofStep:tap:onMain:in:queuedFirst:)``),
    /// that step's end, and so on. The thread computes at the same rate across such a step
    /// change, so the next step's end is known already; nothing else happens then, so the driver
    /// need not wake for it.
    ///
    /// The main thread going idle is always seen (the handler's end commits the removal or
    /// dispatches work), and so is the background thread going idle on a single core (the main
    /// thread's rate changes). With a core per queue nothing sees the background thread go idle:
    /// its last step ends unseen (`nil` when nothing else on that thread is seen), and the next
    /// input moves it on at its own time; a reader of the taps' outcomes moves a copy on to its
    /// time first (``run(through:)``). (A function of what it reads, `costs` the session's
    /// ``Records/costs``, so that asking copies no session.)
    ///
    /// - Complexity: O(steps followed).
    private static func seenEnd(
        of running: RunningStep, onMain: Bool, in prepared: Prepared, _ costs: [SimDuration],
        _ queued: ArraySlice<(tap: Int, step: Int)>
    ) -> SimTime? {
        guard var end = running.due, case .computing(let work) = running.phase else { return running.due }
        var step = running.step
        var position = queued.startIndex
        while let next = unseenSuccessor(
            ofStep: step, tap: running.tap, onMain: onMain, in: prepared,
            queuedFirst: position < queued.endIndex ? queued[position] : nil)
        {
            if !onMain { position += 1 }
            let cpu = costs[running.tap * prepared.stepCount + next]
            guard let nextEnd = Work(left: cpu.nanoseconds * 2, since: end, rate: work.rate).end else { return nil }
            (end, step) = (nextEnd, next)
        }
        let goesIdleUnseen =
            !onMain && position == queued.endIndex && prepared.cores >= 2 && prepared.plan[step].endsUnseen
        return goesIdleUnseen ? nil : end
    }

    /// The step of tap `tap` that step `step` hands its thread to at once, unseen, when it ends:
    /// when nothing sees the step end (no effect recorded, no wait: ``StepPlan/endsUnseen``) and
    /// its thread then starts a step of the same tap whose start nothing sees: on the main
    /// thread, a handler's step's next step if it is the handler's too; on the background
    /// thread, the step queued first (`queuedFirst`) if it is the same tap's. `nil` otherwise.
    ///
    /// - Complexity: O(1).
    private static func unseenSuccessor(
        ofStep step: Int, tap: Int, onMain: Bool, in prepared: Prepared, queuedFirst: (tap: Int, step: Int)? = nil
    ) -> Int? {
        let plan = prepared.plan
        guard plan[step].endsUnseen else { return nil }
        let next: Int
        if onMain {
            guard plan[step].queue == .main, step + 1 < plan.count, plan[step + 1].queue == .main else { return nil }
            next = step + 1
        } else {
            guard let first = queuedFirst, first.tap == tap else { return nil }
            next = first.step
        }
        return plan[next].recordsStart ? nil : next
    }

    // MARK: Effects

    /// The oldest effect not yet taken, or `nil` when every effect has been taken.
    ///
    /// - Complexity: O(1).
    package mutating func takeEffect() -> PipelineEffect? { records.effects.take() }

    // MARK: Moving on

    /// Moves on, at `now`, every step that is due and starts what can start; then, on a single
    /// core, sets each computing step's rate from what the queues do now.
    ///
    /// - Complexity: O(steps moved on or started).
    private mutating func settle(at now: SimTime) {
        settleMain(at: now)
        settleBackground(at: now)
        if prepared.cores < 2 { updateRates(at: now) }
    }

    /// Moves the main queue on at `now`: the running step if it is due, then the blocks waiting
    /// for the idle thread.
    private mutating func settleMain(at now: SimTime) {
        while true {
            guard main != nil else {
                guard mainHead < mainQueue.count else { return }
                let block = mainQueue[mainHead]
                mainHead += 1
                switch block {
                case .handler(let tap):
                    taps[tap].handlerStart = now
                    runHandler(tap: tap, from: 0, at: now)
                case .deferred(let tap, let step):
                    main = start(tap: tap, step: step, at: now)
                    if main == nil { finishDeferred(tap: tap, step: step, at: now) }
                }
                continue
            }
            guard main!.isDue(at: now), main!.proceed(at: now, prepared, &records) else { return }
            let (tap, step) = (main!.tap, main!.step)
            if prepared.plan[step].queue == .main {  // the handler's own step, not a dispatched block
                runHandler(tap: tap, from: step + 1, at: now)
            } else {
                main = nil
                finishDeferred(tap: tap, step: step, at: now)
            }
        }
    }

    /// Runs the handler of `tap` from step `first` at `now`: dispatches the steps that are not
    /// its own; the main thread then runs the handler's next step, or is idle once the handler
    /// has returned.
    private mutating func runHandler(tap: Int, from first: Int, at now: SimTime) {
        for step in first..<prepared.stepCount {
            switch prepared.plan[step].queue {
            case .main:
                main = start(tap: tap, step: step, at: now)
                if main != nil { return }
            case .mainAsync:
                mainQueue.append(.deferred(tap: tap, step: step))
            case .background:
                backgroundQueue.append((tap, step))
            }
        }
        if records.keepsRuns { taps[tap].handlerEnd = now }
        if prepared.removesRowInHandler { commitRemoval(tap: tap, at: now) }
        main = nil
    }

    private mutating func finishDeferred(tap: Int, step: Int, at now: SimTime) {
        if step == prepared.removeRowIndex { commitRemoval(tap: tap, at: now) }
    }

    /// The removal of tap `tap`'s row commits at `now` (its main-queue block returned, so its
    /// handler has started).
    private mutating func commitRemoval(tap: Int, at now: SimTime) {
        if records.keepsRuns { taps[tap].removalCommit = now }
        guard prepared.recordsEffects else { return }
        guard let handlerStarted = taps[tap].handlerStart else {
            preconditionFailure("tap \(tap)'s row was removed before its handler started")
        }
        records.effects.record(.removalCommitted(tap: tap, at: now, handlerStarted: handlerStarted))
    }

    /// Moves the background queue on at `now`: the running step if it is due, then the steps
    /// waiting for the idle thread.
    private mutating func settleBackground(at now: SimTime) {
        if background != nil {
            guard background!.isDue(at: now), background!.proceed(at: now, prepared, &records) else { return }
            background = nil
        }
        while background == nil, backgroundHead < backgroundQueue.count {
            let (tap, step) = backgroundQueue[backgroundHead]
            backgroundHead += 1
            background = start(tap: tap, step: step, at: now)
        }
    }

    /// On a single core each computing step goes at its queue's share of the CPU
    /// (``CPUSharing``), which depends on whether the other queue computes: a step whose rate
    /// changes has its work left brought up to `now` at the old rate.
    private mutating func updateRates(at now: SimTime) {
        let rates = prepared.sharing.rates(
            cores: prepared.cores, mainComputing: main?.isComputing ?? false,
            backgroundComputing: background?.isComputing ?? false)
        main?.changeRate(to: rates.main, at: now)
        background?.changeRate(to: rates.background, at: now)
    }

    // MARK: Steps

    /// Starts step `step` of tap `tap` at `now` and moves it on at once if it needs no time:
    /// the running step, or `nil` when it has already ended.
    private mutating func start(tap: Int, step: Int, at now: SimTime) -> RunningStep? {
        if prepared.plan[step].recordsStart { records.effects.record(.stepStarted(tap: tap, step: step, at: now)) }
        let cpu = records.costs[tap * prepared.stepCount + step]
        let work = Work(left: cpu.nanoseconds * 2, since: now, rate: CPUSharing.fullRate)
        var running = RunningStep(tap: tap, step: step, start: now, phase: .computing(work))
        guard running.isDue(at: now), running.proceed(at: now, prepared, &records) else { return running }
        return nil
    }
}

extension PipelineSession.RunningStep {
    /// Ends it at `now`, its work done (its run written to `records` if they keep runs), and runs
    /// step `next` of the same tap in its place from then on, at the same rate: its thread
    /// computes on, so no rate changes (``PipelineSession/moveOn(to:)``).
    mutating func handOver(
        to next: Int, at now: SimTime, _ prepared: PipelineSession.Prepared, _ records: inout PipelineSession.Records
    ) {
        guard case .computing(let work) = phase else {
            preconditionFailure("a step that ends unseen computes until it ends")
        }
        let base = tap * prepared.stepCount
        if records.keepsRuns {
            records.runs[base + step] = StepRun(start: start, end: now, cpu: records.costs[base + step])
        }
        let cpu = records.costs[base + next]
        self = Self(
            tap: tap, step: next, start: now,
            phase: .computing(.init(left: cpu.nanoseconds * 2, since: now, rate: work.rate)))
    }

    /// Whether it is tap `tap`'s held step, awaiting its outcome.
    func isAwaiting(tap: Int) -> Bool {
        guard case .awaitingOutcome = phase else { return false }
        return self.tap == tap
    }

    /// Whether the session has to move it on at `now` (its ``due`` has come).
    func isDue(at now: SimTime) -> Bool {
        guard let due else { return false }
        return due <= now
    }

    /// Sets its CPU rate to `rate` from `now`, if it computes at another.
    mutating func changeRate(to rate: Int64, at now: SimTime) {
        guard case .computing(let work) = phase, work.rate != rate else { return }
        phase = .computing(work.changingRate(to: rate, at: now))
    }

    /// Moves it on at `now`, when it is due: a finished computation enters its wait (or awaits
    /// its outcome), a finished wait ends the step. Returns whether the step has ended (its run,
    /// if `records` keeps runs, and its end written to `records`).
    ///
    /// A method of the step, which its thread holds, so that the thread's step is moved on in
    /// place; what it writes goes to the session's `records`.
    mutating func proceed(
        at now: SimTime, _ prepared: PipelineSession.Prepared, _ records: inout PipelineSession.Records
    ) -> Bool {
        let slot = tap * prepared.stepCount + step
        if case .computing = phase {
            switch prepared.plan[step].wait {
            case .untilRelease:
                if prepared.recordsEffects {
                    records.effects.record(.awaitingOutcome(tap: tap, step: step, at: now))
                }
                phase = .awaitingOutcome
            case .fixed(let wait):
                phase = .waiting(until: now + wait)
            }
        }
        guard case .waiting(let until) = phase, until <= now else { return false }
        if records.keepsRuns { records.runs[slot] = StepRun(start: start, end: now, cpu: records.costs[slot]) }
        if prepared.plan[step].recordsEnd { records.effects.record(.stepEnded(tap: tap, step: step, at: now)) }
        return true
    }
}

extension PipelineSession: StorageAdopting {
    /// Keeps this session in `old`'s storage: its queues, taps and records
    /// (``StorageAdopting``; the prepared plan is this session's own).
    ///
    /// - Complexity: O(what this session holds).
    package mutating func adoptStorage(of old: inout PipelineSession) {
        mainQueue.adoptStorage(of: &old.mainQueue)
        backgroundQueue.adoptStorage(of: &old.backgroundQueue)
        taps.adoptStorage(of: &old.taps)
        records.adoptStorage(of: &old.records)
    }
}
