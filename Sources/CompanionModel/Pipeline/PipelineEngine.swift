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
struct PipelineEngine {
    /// Each step's plan, in pipeline order.
    let plan: [StepPlan]
    /// Each step's run before it starts (no start, no end, the scaled figure): what a new tap appends.
    private let unstartedRuns: [StepRun]
    let jitter: PipelineJitter
    /// Whether every draw of ``jitter`` is the scaled figure (worked out once, not per step run).
    let jitterIsExact: Bool
    private(set) var jitterSeed: UInt64
    let speed: Double
    /// What each step means to the simulation (which steps commit, send, refresh).
    let roles: PipelineStepRoles
    /// When each held step's outcome came, by `tap × stepCount + step` (at most one entry per
    /// held step that was released before its computation ended).
    private var releases: [Int: SimTime] = [:]
    let stepCount: Int
    let removeRowIndex: Int
    /// Whether `removeRow` runs inside the handler (its removal commits when the handler returns)
    /// rather than in a `main-async` block of its own.
    let removesRowInHandler: Bool
    let cores: Int
    let sharing: CPUSharing
    let recordsEffects: Bool

    private(set) var now = SimTime.zero
    /// The CPU progress rates in force since the last settle (work units per nanosecond): what
    /// ``CPUSharing/rates(cores:mainComputing:backgroundComputing:)`` gives for what the queues
    /// did then. Always a full core each with a core per queue.
    private var rates: (main: Int64, background: Int64)
    /// The next internal event as last worked out by a settle, until the engine changes.
    private var nextEvent = NextEvent.unknown
    private var main = MainWork.idle
    private var background: Job?
    private var mainQueue: [MainBlock] = []
    private var mainHead = 0
    private var backgroundQueue: [(tap: Int, step: Int)] = []
    private var backgroundHead = 0

    /// Each submitted tap's times, by tap index.
    private(set) var taps: [TapProgress] = []
    /// Each step run of each tap, by `tap × stepCount + step`: its start and end
    /// (`distantFuture` until they happen) and the CPU time it drew (``PipelineJitter``; the
    /// scaled figure until it starts). One array for all taps: a tap adds no allocation of its own.
    private(set) var stepRuns: [StepRun] = []
    /// The effects recorded and not yet taken (only when `recordsEffects`), in time order from
    /// ``effectsTaken``: ``takeEffect()`` reads them one by one, ``advance(to:recordingInto:)``
    /// hands them all over. Emptied, keeping its capacity, once all are taken.
    private var effects: [PipelineEffect] = []
    /// How many of ``effects`` have been taken.
    private var effectsTaken = 0

    /// An engine with no taps yet.
    ///
    /// - Parameters:
    ///   - expectedTaps: how many taps to reserve room for (a hint; more may come).
    ///   - recordsEffects: whether it records ``PipelineEffect``s at all (a batch run does not).
    ///   - selection: which step starts and ends it records (others are always recorded).
    init(
        pipeline: CheckOffPipeline, watch: WatchModel, sharing: CPUSharing, jitter: PipelineJitter = .exact,
        jitterSeed: UInt64 = 0, expectedTaps: Int = 0, recordsEffects: Bool = false,
        selection: PipelineEffectSelection = .everyStep, syncSendAwaitsOutcome: Bool = false
    ) {
        let speed = watch.relativeSpeed
        self.speed = speed
        self.jitter = jitter
        jitterIsExact = jitter.isExact
        self.jitterSeed = jitterSeed
        let roles = PipelineStepRoles(pipeline: pipeline, syncSendAwaitsOutcome: syncSendAwaitsOutcome)
        self.roles = roles
        let everyStep = selection == .everyStep
        let plan = pipeline.steps.indices.map { index in
            let step = pipeline.steps[index]
            let role = roles.byStep[index]
            return StepPlan(
                scaledCost: step.scaledCost(speed: speed), wait: step.wait, queue: step.queue,
                awaitsRelease: roles.synchronousSends.contains(index),
                recordsStart: recordsEffects && (everyStep || role.actsAtStart),
                recordsEnd: recordsEffects && (everyStep || role.actsAtEnd))
        }
        self.plan = plan
        unstartedRuns = plan.map { StepRun(start: .distantFuture, end: .distantFuture, cpu: $0.scaledCost) }
        stepCount = pipeline.steps.count
        removeRowIndex = pipeline.removeRowIndex
        removesRowInHandler = pipeline.steps[removeRowIndex].queue == .main
        cores = watch.cores
        self.sharing = sharing
        rates = sharing.rates(cores: watch.cores, mainComputing: false, backgroundComputing: false)
        self.recordsEffects = recordsEffects
        let taps = max(0, expectedTaps)
        self.taps.reserveCapacity(taps)
        stepRuns.reserveCapacity(taps * stepCount)
        mainQueue.reserveCapacity(taps)
        backgroundQueue.reserveCapacity(taps)
    }

    /// This engine's pipeline, watch and settings with no taps, drawing its jitter from
    /// `jitterSeed`: the plan and roles are shared, not worked out again, and the reserved room
    /// of an engine that has not run is kept.
    ///
    /// - Complexity: O(1) for an engine without taps; else O(what it holds), to empty it.
    func restarted(jitterSeed: UInt64) -> PipelineEngine {
        var engine = self
        engine.jitterSeed = jitterSeed
        engine.now = .zero
        engine.rates = sharing.rates(cores: cores, mainComputing: false, backgroundComputing: false)
        engine.nextEvent = .unknown
        engine.main = .idle
        engine.background = nil
        engine.mainHead = 0
        engine.backgroundHead = 0
        engine.effectsTaken = 0
        if !releases.isEmpty { engine.releases = [:] }
        if !mainQueue.isEmpty { engine.mainQueue.removeAll(keepingCapacity: true) }
        if !backgroundQueue.isEmpty { engine.backgroundQueue.removeAll(keepingCapacity: true) }
        if !taps.isEmpty { engine.taps.removeAll(keepingCapacity: true) }
        if !stepRuns.isEmpty { engine.stepRuns.removeAll(keepingCapacity: true) }
        if !effects.isEmpty { engine.effects.removeAll(keepingCapacity: true) }
        return engine
    }

    /// The number of taps submitted.
    var tapCount: Int { taps.count }

    /// Whether every step of tap `tap` has ended.
    func isFinished(tap: Int) -> Bool { taps[tap].stepsLeft == 0 }

    /// Submits a tap at `time` (clamped to ``now``): first runs everything due before it.
    /// Returns the tap's index.
    ///
    /// - Complexity: amortised O(*s*) for *s* steps, plus the events due before `time`.
    mutating func submitTap(at time: SimTime) -> Int {
        advance(to: time)
        let tap = taps.count
        taps.append(TapProgress(tap: max(time, now), stepsLeft: stepCount))
        stepRuns.append(contentsOf: unstartedRuns)
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
        guard tap < tapCount, plan.indices.contains(step), plan[step].awaitsRelease else { return }
        nextEvent = .unknown
        if var job = main.job, job.tap == tap, job.step == step, case .waiting = job.phase {
            job.phase = .waiting(until: now)
            main.replaceJob(job)
        } else if var job = background, job.tap == tap, job.step == step, case .waiting = job.phase {
            job.phase = .waiting(until: now)
            background = job
        } else if stepRuns[tap * stepCount + step].end == .distantFuture {
            releases[tap * stepCount + step] = now
        }
    }

    /// ``advance(to:)``, then hands `buffer` the effects not yet taken (recorded before and
    /// during it), in time order after what it holds.
    ///
    /// An empty `buffer` and an engine whose effects were not taken one by one exchange arrays
    /// instead of copying: the engine goes on recording into `buffer`'s old storage, so a driver
    /// that empties its buffer (keeping its capacity) and hands it back at every wake copies no
    /// effect and, once both arrays have grown, allocates nothing.
    ///
    /// - Complexity: O(events handled), plus O(1) for an exchange or O(*e*) for *e* effects appended.
    mutating func advance(to limit: SimTime, recordingInto buffer: inout [PipelineEffect]) {
        advance(to: limit)
        if buffer.isEmpty, effectsTaken == 0 {
            swap(&buffer, &effects)
            return
        }
        if effectsTaken < effects.count { buffer.append(contentsOf: effects[effectsTaken...]) }
        effects.shrinkKeepingCapacity()
        effectsTaken = 0
    }

    /// The number of effects recorded and not yet taken.
    var untakenEffectCount: Int { effects.count - effectsTaken }

    /// The oldest effect not yet taken, or `nil` when all are taken. Taking the last one empties
    /// the buffer (keeping its capacity), so a driver that takes every effect of each wake makes
    /// recording allocate nothing once the buffer has grown to the largest batch.
    ///
    /// - Complexity: O(1), amortised.
    mutating func takeEffect() -> PipelineEffect? {
        guard effectsTaken < effects.count else { return nil }
        let effect = effects[effectsTaken]
        effectsTaken += 1
        if effectsTaken == effects.count {
            effects.shrinkKeepingCapacity()
            effectsTaken = 0
        }
        return effect
    }

    /// Moves on, at ``now``, every step that is due and starts what can start; then, on a single
    /// core, brings the computing steps up to date if the rates changed, and keeps (and returns)
    /// the next event.
    ///
    /// - Complexity: O(steps moved on or started).
    @discardableResult
    private mutating func settle() -> SimTime? {
        settleMain()
        settleBackground()
        if cores < 2 { updateRates() }
        let next = Self.earlier(main.job?.due, background?.due)
        nextEvent = .known(next)
        return next
    }

    /// On a single core the rates follow what the queues do now (``CPUSharing``). When they
    /// change, each computing step's work left is brought up to now at the old rate and its end
    /// worked out at the new one; a step started in this settle, at the old rate, has done no
    /// work yet, so only its end moves.
    private mutating func updateRates() {
        let new = sharing.rates(
            cores: cores, mainComputing: main.job?.isComputing ?? false,
            backgroundComputing: background?.isComputing ?? false)
        guard new != rates else { return }
        let old = rates
        rates = new
        if var job = main.job, job.isComputing {
            job.changeRate(from: old.main, to: new.main, at: now)
            main.replaceJob(job)
        }
        if var job = background, job.isComputing {
            job.changeRate(from: old.background, to: new.background, at: now)
            background = job
        }
    }

    // MARK: Steps

    /// Starts step `step` of tap `tap` now at its queue's rate `rate`; `nil` when it needs no
    /// time at all (already ended).
    private mutating func start(tap: Int, step: Int, rate: Int64) -> Job? {
        let slot = tap * stepCount + step
        let plan = plan[step]
        if plan.recordsStart { effects.append(.stepStarted(tap: tap, step: step, at: now)) }
        let cpu =
            jitterIsExact
            ? plan.scaledCost : jitter.cost(plan.scaledCost, speed: speed, seed: jitterSeed, tap: tap, step: step)
        stepRuns[slot] = StepRun(start: now, end: .distantFuture, cpu: cpu)
        let job = Job(tap: tap, step: step, work: cpu.nanoseconds * 2, rate: rate, now: now)
        return job.isDue(at: now) ? proceed(job) : job
    }

    /// Moves a due job on: a finished computation enters its wait, a finished wait ends the
    /// step. Returns `nil` when the step has ended (recording its end).
    private mutating func proceed(_ job: Job) -> Job? {
        var job = job
        if case .computing(_, _, let due?) = job.phase, due <= now {
            let plan = plan[job.step]
            if plan.awaitsRelease {
                let slot = job.tap * stepCount + job.step
                if recordsEffects { effects.append(.awaitingOutcome(tap: job.tap, step: job.step, at: now)) }
                job.phase = .waiting(until: releases.removeValue(forKey: slot).map { max($0, now) } ?? .distantFuture)
            } else {
                job.phase = .waiting(until: plan.wait.nanoseconds > 0 ? now + plan.wait : now)
            }
        }
        if case .waiting(let until) = job.phase, until <= now {
            stepRuns[job.tap * stepCount + job.step].end = now
            taps[job.tap].stepsLeft -= 1
            if plan[job.step].recordsEnd { effects.append(.stepEnded(tap: job.tap, step: job.step, at: now)) }
            return nil
        }
        return job
    }

    // MARK: Main queue

    private mutating func settleMain() {
        while true {
            switch main {
            case .idle:
                guard mainHead < mainQueue.count else { return }
                let block = mainQueue[mainHead]
                mainHead += 1
                switch block {
                case .handler(let tap):
                    taps[tap].handlerStart = now
                    if recordsEffects { effects.append(.handlerStarted(tap: tap, at: now)) }
                    main = handlerJob(tap: tap, from: 0).map(MainWork.handler) ?? finishHandler(tap: tap)
                case .deferred(let tap, let step):
                    main =
                        start(tap: tap, step: step, rate: rates.main).map(MainWork.deferred)
                        ?? finishDeferred(tap: tap, step: step)
                }
            case .handler(let job):
                guard job.isDue(at: now) else { return }
                if let running = proceed(job) { main = .handler(running); return }
                main = handlerJob(tap: job.tap, from: job.step + 1).map(MainWork.handler) ?? finishHandler(tap: job.tap)
            case .deferred(let job):
                guard job.isDue(at: now) else { return }
                if let running = proceed(job) { main = .deferred(running); return }
                main = finishDeferred(tap: job.tap, step: job.step)
            }
        }
    }

    /// Runs the handler of `tap` from step `first`: dispatches off-handler steps, starts the next
    /// handler step and returns its job, or `nil` when the handler has nothing left.
    private mutating func handlerJob(tap: Int, from first: Int) -> Job? {
        var step = first
        while step < stepCount {
            switch plan[step].queue {
            case .main:
                if let job = start(tap: tap, step: step, rate: rates.main) { return job }
            case .mainAsync:
                mainQueue.append(.deferred(tap: tap, step: step))
            case .background:
                backgroundQueue.append((tap, step))
            }
            step += 1
        }
        return nil
    }

    private mutating func finishHandler(tap: Int) -> MainWork {
        taps[tap].handlerEnd = now
        if removesRowInHandler { commitRemoval(tap: tap) }
        return .idle
    }

    private mutating func finishDeferred(tap: Int, step: Int) -> MainWork {
        if step == removeRowIndex { commitRemoval(tap: tap) }
        return .idle
    }

    private mutating func commitRemoval(tap: Int) {
        taps[tap].removalCommit = now
        if recordsEffects { effects.append(.removalCommitted(tap: tap, at: now)) }
    }

    // MARK: Background queue

    private mutating func settleBackground() {
        while true {
            if let job = background {
                guard job.isDue(at: now) else { return }
                if let running = proceed(job) { background = running; return }
                background = nil
            }
            guard backgroundHead < backgroundQueue.count else { return }
            let (tap, step) = backgroundQueue[backgroundHead]
            backgroundHead += 1
            background = start(tap: tap, step: step, rate: rates.background)
        }
    }
}
