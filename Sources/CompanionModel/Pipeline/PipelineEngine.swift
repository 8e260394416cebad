import SimulationKernel

/// The discrete-event core of ``PipelineExecutor``: one serial main queue, one serial background
/// queue, a CPU shared according to ``CPUSharing``, and taps arriving in time order.
///
/// Work is counted in units of half a nanosecond of scaled CPU time, so that a half share of a
/// single core is still an integer rate (1 unit/ns; a full core is 2 units/ns) and the whole run
/// is exact integer arithmetic.
///
/// Each running step keeps the time it next needs the engine (``Job/due``): the end of its CPU
/// work at its queue's rate, or the end of its wait. The rates change only on a single core, when
/// a queue starts or stops computing; only then is a step's work left brought up to date and its
/// end worked out again (``Job/changeRate(from:to:at:)``). So an event moves the clock, moves on
/// the steps that are due, and reads the next event off the two queues' steps.
///
/// Each queue's thread is a ``Lane``: what it does (an ``Activity``) and its step, a ``Job`` of
/// seven words and a tag moved on in place, so a step's start and end copy no optional and no
/// enum payload. What is the same for every run of the pipeline on the watch (the step plan,
/// the roles, the jitter's constants on the chip) is worked out once, in a shared ``Prepared``.
struct PipelineEngine {
    /// What every run of this pipeline on this watch shares (plan, roles, jitter constants).
    let prepared: Prepared
    private(set) var jitterSeed: UInt64

    private(set) var now = SimTime.zero
    /// The CPU progress rates in force since the last settle (work units per nanosecond): what
    /// ``CPUSharing/rates(cores:mainComputing:backgroundComputing:)`` gives for what the queues
    /// did then. Always a full core each with a core per queue.
    private var rates: Rates
    /// The next internal event as last worked out by a settle, until the engine changes.
    private var nextEvent = NextEvent.unknown
    /// The main thread: a handler, a deferred block, or idle.
    private var main = Lane()
    /// The background queue's thread.
    private var background = Lane()
    private var mainQueue: [MainBlock] = []
    private var mainHead = 0
    private var backgroundQueue: [(tap: Int, step: Int)] = []
    private var backgroundHead = 0

    /// Each submitted tap's times, by tap index.
    private(set) var taps: [TapProgress] = []
    /// What the steps wrote down as they started and ended: the ended runs, the effects not yet
    /// taken and the early releases. Apart from the lanes, so that a lane's job is moved on in
    /// place while it writes here.
    private var records = Records()

    /// An engine with no taps yet.
    ///
    /// - Parameters:
    ///   - expectedTaps: how many taps to reserve room for (a hint; more may come): their step
    ///     runs are laid out unstarted already (``Records/endedRuns``), so that submitting them
    ///     writes none.
    ///   - recordsEffects: whether it records ``PipelineEffect``s at all (a batch run does not).
    ///   - selection: which step starts and ends it records (others are always recorded).
    init(
        pipeline: CheckOffPipeline, watch: WatchModel, sharing: CPUSharing, jitter: PipelineJitter = .exact,
        jitterSeed: UInt64 = 0, expectedTaps: Int = 0, recordsEffects: Bool = false,
        selection: PipelineEffectSelection = .everyStep, syncSendAwaitsOutcome: Bool = false
    ) {
        let prepared = Prepared(
            pipeline: pipeline, watch: watch, sharing: sharing, jitter: jitter, recordsEffects: recordsEffects,
            selection: selection, syncSendAwaitsOutcome: syncSendAwaitsOutcome)
        self.prepared = prepared
        self.jitterSeed = jitterSeed
        rates = prepared.idleRates
        let taps = max(0, expectedTaps)
        self.taps.reserveCapacity(taps)
        records.endedRuns.reserveCapacity(taps * prepared.stepCount)
        for _ in 0..<taps { records.endedRuns.append(contentsOf: prepared.unstartedRuns) }
        mainQueue.reserveCapacity(taps)
        backgroundQueue.reserveCapacity(taps)
    }

    /// This engine's pipeline, watch and settings with no taps, drawing its jitter from
    /// `jitterSeed`: the prepared plan and roles are shared, not worked out again, and the
    /// reserved room of an engine that has not run is kept.
    ///
    /// - Complexity: O(1) for an engine without taps; else O(what it holds), to empty it.
    func restarted(jitterSeed: UInt64) -> PipelineEngine {
        var engine = self
        engine.restart(jitterSeed: jitterSeed)
        return engine
    }

    /// Empties the engine in place, keeping its prepared plan and its room, and draws its jitter
    /// from `jitterSeed` from now on: ``restarted(jitterSeed:)`` without a copy.
    ///
    /// - Complexity: O(1) for an engine without taps; else O(what it holds), to empty it.
    mutating func restart(jitterSeed: UInt64) {
        self.jitterSeed = jitterSeed
        now = .zero
        rates = prepared.idleRates
        nextEvent = .unknown
        main = Lane()
        background = Lane()
        mainHead = 0
        backgroundHead = 0
        records.effects.removeAll()
        if !records.releases.isEmpty { records.releases = [:] }
        if !mainQueue.isEmpty { mainQueue.removeAll(keepingCapacity: true) }
        if !backgroundQueue.isEmpty { backgroundQueue.removeAll(keepingCapacity: true) }
        if !taps.isEmpty {
            // The submitted taps' runs go back to unstarted; the room beyond them is unstarted.
            let unstarted = prepared.unstartedRuns
            for index in 0..<taps.count * prepared.stepCount {
                records.endedRuns[index] = unstarted[index % prepared.stepCount]
            }
            taps.removeAll(keepingCapacity: true)
        }
    }

    /// Each step's plan, in pipeline order.
    var plan: [StepPlan] { prepared.plan }
    /// What each step means to the simulation (which steps commit, send, refresh).
    var roles: PipelineStepRoles { prepared.roles }
    var stepCount: Int { prepared.stepCount }
    var sharing: CPUSharing { prepared.sharing }

    /// The number of taps submitted.
    var tapCount: Int { taps.count }

    /// Each ended step run of each submitted tap, by `tap × stepCount + step`
    /// (``Records/endedRuns`` without the room laid out for taps not submitted yet).
    var endedRuns: ArraySlice<StepRun> { records.endedRuns[..<(taps.count * prepared.stepCount)] }

    /// How many steps of tap `tap` have not ended yet (derived from the ended runs).
    ///
    /// - Complexity: O(*s*) for *s* steps.
    func stepsLeft(tap: Int) -> Int {
        let base = tap * prepared.stepCount
        return endedRuns[base..<base + prepared.stepCount].reduce(0) { $1.end == .distantFuture ? $0 + 1 : $0 }
    }

    /// Whether every step of tap `tap` has ended.
    ///
    /// - Complexity: O(*s*) for *s* steps.
    func isFinished(tap: Int) -> Bool { stepsLeft(tap: tap) == 0 }

    /// Every step run so far, by `tap × stepCount + step`: the ended runs, with the running
    /// steps' start and draw filled in (their end `distantFuture`); a step not started yet
    /// shows its scaled figure (the cost drawn for it waits unseen, ``Records/endedRuns``).
    ///
    /// - Complexity: O(*t* × *s*) for *t* taps of *s* steps (a copy).
    var stepRunsSoFar: [StepRun] {
        var runs = Array(endedRuns)
        for index in runs.indices where runs[index].start == .distantFuture {
            runs[index].cpu = prepared.plan[index % prepared.stepCount].scaledCost
        }
        for lane in [main, background] where lane.isBusy {
            runs[lane.job.tap * prepared.stepCount + lane.job.step] = StepRun(
                start: lane.job.start, end: .distantFuture, cpu: lane.job.cpu)
        }
        return runs
    }

    /// Submits a tap at `time` (clamped to ``now``): first runs everything due before it.
    /// Draws the CPU time of each of its steps now (``drawCosts(tap:)``). Returns the tap's index.
    ///
    /// - Complexity: amortised O(*s*) for *s* steps, plus the events due before `time`.
    mutating func submitTap(at time: SimTime) -> Int {
        advance(to: time)
        let tap = taps.count
        taps.append(TapProgress(tap: max(time, now)))
        if records.endedRuns.count < taps.count * prepared.stepCount {
            records.endedRuns.append(contentsOf: prepared.unstartedRuns)
        }
        if prepared.drawsCosts { drawCosts(tap: tap) }
        mainQueue.append(.handler(tap: tap))
        nextEvent = .unknown
        return tap
    }

    /// Runs every event due at or before `limit` and moves the clock to `limit` (if later than now).
    ///
    /// - Complexity: O(events handled).
    mutating func advance(to limit: SimTime) {
        while let next = nextEventTime(), next <= limit {
            now = next
            settle()
        }
        // Nothing is due before the next event: the steps' due times stand, only the clock moves.
        if limit > now { now = limit }
    }

    /// Runs until both queues are empty.
    mutating func drain() {
        while let next = nextEventTime() {
            now = next
            settle()
        }
    }

    /// The time of the next internal event (a step's computation or wait ending), after starting
    /// whatever can start now; `nil` when both queues are idle.
    ///
    /// - Complexity: O(1) when asked again before the engine changes (the answer is kept);
    ///   else O(steps started now).
    mutating func nextEventTime() -> SimTime? {
        if case .known(let time) = nextEvent { return time }
        return settle()
    }

    /// The outcome a held step waits for came at `time` (not before ``now``): the step's wait
    /// ends then, or as soon as its computation ends if that is later.
    ///
    /// - Complexity: O(1) plus the events due before `time`.
    mutating func release(tap: Int, step: Int, at time: SimTime) {
        advance(to: time)
        guard tap < tapCount, prepared.plan.indices.contains(step), prepared.plan[step].awaitsRelease else { return }
        nextEvent = .unknown
        if main.isBusy, main.job.isWaiting(tap: tap, step: step) {
            main.job.due = now
        } else if background.isBusy, background.job.isWaiting(tap: tap, step: step) {
            background.job.due = now
        } else if records.endedRuns[tap * prepared.stepCount + step].end == .distantFuture {
            records.releases[tap * prepared.stepCount + step] = now
        }
    }

    /// ``advance(to:)``, then appends the effects not yet taken (recorded before and during it)
    /// to `buffer`, in time order after what it holds.
    ///
    /// - Complexity: O(events handled), plus O(*e*) for *e* effects appended.
    mutating func advance(to limit: SimTime, recordingInto buffer: inout [PipelineEffect]) {
        advance(to: limit)
        records.effects.takeAll(into: &buffer)
    }

    /// The number of effects recorded and not yet taken.
    var untakenEffectCount: Int { records.effects.untaken }

    /// The oldest effect not yet taken, or `nil` when all are taken. Taking the last one empties
    /// the buffer (keeping its storage), so a driver that takes every effect of each wake makes
    /// recording allocate nothing once the buffer has grown to the largest batch.
    ///
    /// - Complexity: O(1).
    mutating func takeEffect() -> PipelineEffect? {
        records.effects.take()
    }

    /// Moves on, at ``now``, every step that is due and starts what can start; then, on a single
    /// core, brings the computing steps up to date if the rates changed, and keeps (and returns)
    /// the next event.
    ///
    /// - Complexity: O(steps moved on or started).
    @discardableResult
    private mutating func settle() -> SimTime? {
        settleMain()
        // The background queue's step is moved on here, as the main queue's in settleMain();
        // the call to start its next block is made only when one waits for its idle thread.
        if background.isBusy {
            if background.job.due <= now {
                background.job.proceed(at: now, prepared, &records)
                if background.job.phase == .ended {
                    background.activity = .idle
                    if backgroundHead < backgroundQueue.count { settleBackground() }
                }
            }
        } else if backgroundHead < backgroundQueue.count {
            settleBackground()
        }
        if prepared.cores < 2 { updateRates() }
        // A held-back background job's due time is `distantFuture`; it is held back only while
        // the main queue computes, whose end comes first.
        let next: SimTime?
        switch (main.isBusy, background.isBusy) {
        case (true, true): next = min(main.job.due, background.job.due)
        case (true, false): next = main.job.due
        case (false, true): next = background.job.due
        case (false, false): next = nil
        }
        nextEvent = .known(next)
        return next
    }

    /// On a single core the rates follow what the queues do now (``CPUSharing``). When they
    /// change, each computing step's work left is brought up to now at the old rate and its end
    /// worked out at the new one; a step started in this settle, at the old rate, has done no
    /// work yet, so only its end moves.
    private mutating func updateRates() {
        let computed = prepared.sharing.rates(
            cores: prepared.cores, mainComputing: main.isBusy && main.job.isComputing,
            backgroundComputing: background.isBusy && background.job.isComputing)
        let new = Rates(main: computed.main, background: computed.background)
        guard new != rates else { return }
        let old = rates
        rates = new
        if main.isBusy { main.job.changeRate(from: old.main, to: new.main, at: now) }
        if background.isBusy { background.job.changeRate(from: old.background, to: new.background, at: now) }
    }

    // MARK: Steps

    /// The job of step `step` of tap `tap`, starting now at its queue's rate `rate` (its start
    /// recorded; its cost, drawn when the tap came, read from its unstarted run), not moved on
    /// yet. Inlined at its call sites, which write it straight into their lane.
    @inline(__always)
    private mutating func newJob(tap: Int, step: Int, rate: Int64) -> Job {
        if prepared.plan[step].recordsStart { records.effects.record(.stepStarted(tap: tap, step: step, at: now)) }
        let cpu = records.endedRuns[tap * prepared.stepCount + step].cpu
        return Job(tap: tap, step: step, cpu: cpu, rate: rate, now: now)
    }

    /// Draws the CPU time of every drawn step of tap `tap` (``PipelineJitter``) into the step's
    /// unstarted run, where its start reads it.
    ///
    /// All of a tap's draws are made here, one after the other and independent of each other,
    /// rather than one at each step's start: a draw is a long chain of dependent arithmetic
    /// (mixing, ziggurat, `exp`, rounding), and made together the processor overlaps the
    /// chains. Each draw is a pure function of the seed, the tap and the step, so when it is
    /// made changes nothing.
    ///
    /// - Complexity: O(*s*) for *s* steps.
    private mutating func drawCosts(tap: Int) {
        let base = tap * prepared.stepCount
        let prepared = prepared
        let onChip = prepared.jitterOnChip
        let seed = jitterSeed
        // The plan is read through the shared `prepared` rather than copied out of it: a copy
        // captured by the closure was retained and released at every tap.
        records.endedRuns.withUnsafeMutableBufferPointer { runs in
            for step in 0..<prepared.stepCount where prepared.plan[step].isDrawn {
                let drawn = onChip.drawnNanoseconds(
                    prepared.plan[step].scaledNanoseconds, seed: seed, tap: tap, step: step)
                runs[base + step].cpu = SimDuration(nanoseconds: PipelineJitter.roundedToNearest(drawn))
            }
        }
    }

    /// Starts step `step` of tap `tap` now as the main thread's job, and moves it on at once if
    /// it needs no time; returns whether it runs on (`false`: it has ended). The lane's activity
    /// is the caller's to set.
    @inline(__always)
    private mutating func startOnMain(tap: Int, step: Int) -> Bool {
        main.job = newJob(tap: tap, step: step, rate: rates.main)
        guard main.job.due <= now else { return true }
        return main.job.proceedAsItStarts(at: now, prepared, &records)
    }

    // MARK: Main queue

    /// Moves the main queue on at ``now``. Inlined into ``settle()``, its one caller.
    @inline(__always)
    private mutating func settleMain() {
        while true {
            switch main.activity {
            case .idle, .background:
                guard mainHead < mainQueue.count else { return }
                let block = mainQueue[mainHead]
                mainHead += 1
                switch block {
                case .handler(let tap):
                    taps[tap].handlerStart = now
                    if prepared.recordsEffects { records.effects.record(.handlerStarted(tap: tap, at: now)) }
                    runHandler(tap: tap, from: 0)
                case .deferred(let tap, let step):
                    if startOnMain(tap: tap, step: step) {
                        main.activity = .deferred
                    } else {
                        finishDeferred(tap: tap, step: step)
                    }
                }
            case .handler, .deferred:
                guard main.job.due <= now else { return }
                main.job.proceed(at: now, prepared, &records)
                guard main.job.phase == .ended else { return }
                if case .handler = main.activity {
                    // Most handler steps are followed by one on main: it starts here, without
                    // the call to ``runHandler(tap:from:)``, which takes over from the step
                    // after it if it ends at once, and from the next step when that is not on
                    // main.
                    let tap = main.job.tap
                    var next = main.job.step + 1
                    if next < prepared.stepCount, prepared.plan[next].queue == .main {
                        if startOnMain(tap: tap, step: next) { continue }
                        next += 1
                    }
                    runHandler(tap: tap, from: next)
                } else {
                    main.activity = .idle
                    finishDeferred(tap: main.job.tap, step: main.job.step)
                }
            }
        }
    }

    /// Runs the handler of `tap` from step `first`: dispatches off-handler steps and starts the
    /// next handler step on the main thread, or finishes the handler (the main thread idle)
    /// when it has nothing left. Called from ``settleMain()`` when a handler starts, and when a
    /// handler step ends unless the next one is on main (``settleMain()`` starts that one
    /// itself: callgrind, -0.70 M for 400 weekly-shop runs); marked `@inline(__always)`, but the
    /// optimizer keeps it out of line (a release build has it as a function of its own), which
    /// measured cheaper than forcing it in by restructuring (callgrind, +0.4 M for 200 runs).
    @inline(__always)
    private mutating func runHandler(tap: Int, from first: Int) {
        var step = first
        while step < prepared.stepCount {
            switch prepared.plan[step].queue {
            case .main:
                if startOnMain(tap: tap, step: step) {
                    main.activity = .handler
                    return
                }
            case .mainAsync:
                mainQueue.append(.deferred(tap: tap, step: step))
            case .background:
                backgroundQueue.append((tap, step))
            }
            step += 1
        }
        main.activity = .idle
        taps[tap].handlerEnd = now
        if prepared.removesRowInHandler { commitRemoval(tap: tap) }
    }

    private mutating func finishDeferred(tap: Int, step: Int) {
        if step == prepared.removeRowIndex { commitRemoval(tap: tap) }
    }

    /// The removal of tap `tap`'s row commits now. Inlined: at a handler's end it follows the
    /// write of the handler's end to the same tap's times, and the two writes share one
    /// uniqueness check of the taps' storage.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    private mutating func commitRemoval(tap: Int) {
        taps[tap].removalCommit = now
        if prepared.recordsEffects { records.effects.record(.removalCommitted(tap: tap, at: now)) }
    }

    // MARK: Background queue

    /// Starts the background queue's waiting blocks at ``now`` on its idle thread, until one
    /// runs on (the ones that cost nothing end at once). Called from ``settle()``, which moves
    /// the queue's running step on itself, only when a block waits for the idle thread; marked
    /// `@inline(__always)`, but the optimizer keeps it out of line (see
    /// ``runHandler(tap:from:)``): a call only to start a step, 2 of a weekly-shop tap's 3
    /// background events (callgrind, -0.37 M for 400 weekly-shop runs).
    @inline(__always)
    private mutating func settleBackground() {
        while backgroundHead < backgroundQueue.count {
            let (tap, step) = backgroundQueue[backgroundHead]
            backgroundHead += 1
            // Started here, as ``startOnMain(tap:step:)`` starts a main step: written out rather
            // than in a function of its own, which the optimizer kept out of line (a call per
            // background step; callgrind, -0.33 M for 400 weekly-shop runs written out).
            background.job = newJob(tap: tap, step: step, rate: rates.background)
            if background.job.due > now || background.job.proceedAsItStarts(at: now, prepared, &records) {
                background.activity = .background
                return
            }
        }
    }
}

extension PipelineEngine {
    /// What the steps write down as they start and end, beside the lanes.
    struct Records {
        /// Each ended step run of each tap, by `tap × stepCount + step`: its start, its end and
        /// the CPU time it drew (``PipelineJitter``). Written once, when the step ends (a running
        /// step's start and draw are its ``Job``'s); until then the unstarted run (`distantFuture`
        /// start and end), whose `cpu` is the scaled figure until the tap is submitted and then
        /// the cost drawn for the step (``PipelineEngine/drawCosts(tap:)``), which its start
        /// reads. One array for all taps: a tap adds no allocation of its own.
        /// ``PipelineEngine/stepRunsSoFar`` adds the running steps and shows unstarted steps with
        /// their scaled figure.
        ///
        /// It may hold more than the submitted taps' runs: the room for the taps an engine
        /// expects is laid out unstarted when it is made, and a restart puts the runs back to
        /// unstarted rather than removing them; every entry past the submitted taps' is an
        /// unstarted run.
        var endedRuns: [StepRun] = []
        /// The effects recorded and not yet taken (only when `recordsEffects`), in time order:
        /// ``PipelineEngine/takeEffect()`` reads them one by one,
        /// ``PipelineEngine/advance(to:recordingInto:)`` hands them all over.
        var effects = EffectBuffer()
        /// When each held step's outcome came, by `tap × stepCount + step` (at most one entry per
        /// held step that was released before its computation ended).
        var releases: [Int: SimTime] = [:]
    }
}

extension PipelineEngine.Job {
    /// Moves a due job on at `now`: a finished computation enters its wait, a finished wait ends
    /// the step (``PipelineEngine/Phase/ended``, its run and its effects written to `records`).
    /// A held-back job is left as it is.
    ///
    /// A method of the job, which a lane holds, rather than of the engine: a lane's job is moved
    /// on in place, not copied out and back. Inlined at its call sites: it runs at every step
    /// end.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    fileprivate mutating func proceed(
        at now: SimTime, _ prepared: PipelineEngine.Prepared, _ records: inout PipelineEngine.Records
    ) {
        let plan = prepared.plan[step]
        if phase == .computing {
            if plan.awaitsRelease {
                if prepared.recordsEffects {
                    records.effects.record(.awaitingOutcome(tap: tap, step: step, at: now))
                }
                let released =
                    records.releases.isEmpty
                    ? nil : records.releases.removeValue(forKey: tap * prepared.stepCount + step)
                due = released.map { max($0, now) } ?? .distantFuture
            } else {
                due = plan.wait.nanoseconds > 0 ? now + plan.wait : now
            }
            phase = .waiting
        }
        if phase == .waiting, due <= now {
            records.endedRuns[tap * prepared.stepCount + step] = StepRun(start: start, end: now, cpu: cpu)
            if plan.recordsEnd { records.effects.record(.stepEnded(tap: tap, step: step, at: now)) }
            phase = .ended
        }
    }

    /// ``proceed(at:_:_:)`` for a job that is due as it starts (a step that costs nothing);
    /// returns whether it runs on (`false`: it has ended).
    ///
    /// Out of line, unlike ``proceed(at:_:_:)``: only a free step comes here, and a step start
    /// that may write a step run inline makes every handler run check the runs' storage for
    /// uniqueness up front (callgrind: one `swift_isUniquelyReferenced` per handler run).
    ///
    /// - Complexity: O(1).
    @inline(never)
    fileprivate mutating func proceedAsItStarts(
        at now: SimTime, _ prepared: PipelineEngine.Prepared, _ records: inout PipelineEngine.Records
    ) -> Bool {
        proceed(at: now, prepared, &records)
        return phase != .ended
    }
}

extension PipelineEngine: StorageAdopting {
    /// Keeps this engine in `old`'s storage: its queues, taps and records (``StorageAdopting``;
    /// the prepared plan is this engine's own).
    ///
    /// - Complexity: O(*t* × *s*) for *t* taps of *s* steps laid out.
    mutating func adoptStorage(of old: inout PipelineEngine) {
        mainQueue.adoptStorage(of: &old.mainQueue)
        backgroundQueue.adoptStorage(of: &old.backgroundQueue)
        taps.adoptStorage(of: &old.taps)
        records.adoptStorage(of: &old.records)
    }
}

extension PipelineEngine.Records: StorageAdopting {
    /// Keeps these records in `old`'s storage (``StorageAdopting``).
    ///
    /// - Complexity: O(*t* × *s*) for *t* taps of *s* steps laid out.
    mutating func adoptStorage(of old: inout PipelineEngine.Records) {
        endedRuns.adoptStorage(of: &old.endedRuns)
        effects.adoptStorage(of: &old.effects)
        releases.adoptStorage(of: &old.releases)
    }
}
