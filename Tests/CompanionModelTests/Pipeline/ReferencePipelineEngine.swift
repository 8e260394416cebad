import SimulationKernel

@testable import CompanionModel

// The pipeline engine as it was at 7c713c2, before the due-time bookkeeping (every queue's next
// event kept, CPU work folded only when the shares change) and the jitter's rounding without a
// libm call: the oracle `PipelineEngineAgreementTests` compares the engine with, event by event.
// Only the names changed (and the jitter's rounding is the one of that commit, `referenceCost`).

extension PipelineJitter {
    /// The jitter draw as rounded at 7c713c2 (`Double.rounded()`, a libm call) instead of
    /// ``PipelineJitter/roundedToNearest(_:)``.
    func referenceCost(_ scaled: SimDuration, speed: Double, seed: UInt64, tap: Int, step: Int) -> SimDuration {
        guard !isExact, scaled.nanoseconds > 0 else { return scaled }
        let drawn = drawnNanoseconds(scaled, speed: speed, seed: seed, tap: tap, step: step)
        return SimDuration(nanoseconds: Int64(drawn.rounded()))
    }
}

struct ReferencePipelineEngine {
    enum Phase {
        case computing(left: Int64)
        case waiting(until: SimTime)
    }

    /// Whether the engine knows its next internal event without working it out again.
    enum NextEvent {
        /// The engine changed since it was last worked out.
        case unknown
        /// Worked out, and nothing changed since: the time, or `nil` when both queues are idle.
        case known(SimTime?)
    }

    struct Job {
        var tap: Int
        var step: Int
        var phase: Phase

        var isComputing: Bool {
            if case .computing = phase { return true }
            return false
        }

        /// Whether the engine must move the job on at `now`: its computation is done, or its
        /// wait is over. A job that is not due is left as it is (``proceed(_:)`` would return it
        /// unchanged), so a settle looks at it without a call.
        func isDue(at now: SimTime) -> Bool {
            switch phase {
            case .computing(let left): return left <= 0
            case .waiting(let until): return until <= now
            }
        }
    }

    /// A block of work queued on the main queue.
    enum MainBlock {
        /// A tap's handler.
        case handler(tap: Int)
        /// A step the handler dispatched with `DispatchQueue.main.async`.
        case deferred(tap: Int, step: Int)
    }

    /// What the main thread is doing. In a handler, the job's step is the handler's cursor.
    enum MainWork {
        case idle
        case handler(Job)
        case deferred(Job)

        var job: Job? {
            switch self {
            case .idle: return nil
            case .handler(let job), .deferred(let job): return job
            }
        }

        mutating func replaceJob(_ job: Job) {
            switch self {
            case .idle: break
            case .handler: self = .handler(job)
            case .deferred: self = .deferred(job)
            }
        }
    }

    /// What the engine needs of one step, fixed for the run: one array read per step started or
    /// ended, instead of one per fact.
    struct StepPlan {
        /// The step's CPU time on this chip before jitter.
        var scaledCost: SimDuration
        /// Its fixed wait after its CPU work (unless it awaits a release).
        var wait: SimDuration
        var queue: PipelineQueue
        /// Whether its wait lasts until ``release(tap:step:at:)`` says the awaited outcome came,
        /// instead of its fixed `wait` (a synchronous send driven by a simulated link).
        var awaitsRelease: Bool
        /// Whether its start is recorded as a ``PipelineEffect/stepStarted(tap:step:at:)``.
        var recordsStart: Bool
        /// Whether its end is recorded as a ``PipelineEffect/stepEnded(tap:step:at:)``.
        var recordsEnd: Bool
    }

    /// Each step's plan, in pipeline order.
    let plan: [StepPlan]
    let jitter: PipelineJitter
    /// Whether every draw of ``jitter`` is the scaled figure (worked out once, not per step run).
    let jitterIsExact: Bool
    let jitterSeed: UInt64
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
    /// The next internal event as last worked out by ``nextEventTime()``, until the engine changes.
    private var nextEvent = NextEvent.unknown
    private var main = MainWork.idle
    private var background: Job?
    private var mainQueue: [MainBlock] = []
    private var mainHead = 0
    private var backgroundQueue: [(tap: Int, step: Int)] = []
    private var backgroundHead = 0

    /// Each submitted tap's times, by tap index.
    private(set) var taps: [ReferenceTapProgress] = []
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
        plan = pipeline.steps.indices.map { index in
            let step = pipeline.steps[index]
            let role = roles.byStep[index]
            return StepPlan(
                scaledCost: step.scaledCost(speed: speed), wait: step.wait, queue: step.queue,
                awaitsRelease: roles.synchronousSends.contains(index),
                recordsStart: recordsEffects && (everyStep || role.actsAtStart),
                recordsEnd: recordsEffects
                    && (everyStep
                        || role.actsAtEnd
                            && (selection != .actedOnWithoutComplication || role != .updatesComplication))
            )
        }
        stepCount = pipeline.steps.count
        removeRowIndex = pipeline.removeRowIndex
        removesRowInHandler = pipeline.steps[removeRowIndex].queue == .main
        cores = watch.cores
        self.sharing = sharing
        self.recordsEffects = recordsEffects
        let taps = max(0, expectedTaps)
        self.taps.reserveCapacity(taps)
        stepRuns.reserveCapacity(taps * stepCount)
        mainQueue.reserveCapacity(taps)
        backgroundQueue.reserveCapacity(taps)
    }

    /// The number of taps submitted.
    var tapCount: Int { taps.count }

    /// Whether every step of tap `tap` has ended.
    func isFinished(tap: Int) -> Bool { taps[tap].stepsLeft == 0 }

    /// Submits a tap at `time` (clamped to ``now``): first runs everything due before it.
    /// Returns the tap's index.
    mutating func submitTap(at time: SimTime) -> Int {
        advance(to: time)
        let tap = taps.count
        taps.append(ReferenceTapProgress(tap: max(time, now), stepsLeft: stepCount))
        for step in plan {
            stepRuns.append(StepRun(start: .distantFuture, end: .distantFuture, cpu: step.scaledCost))
        }
        mainQueue.append(.handler(tap: tap))
        nextEvent = .unknown
        return tap
    }

    /// Runs every event due at or before `limit` and moves the clock to `limit` (if later than now).
    ///
    /// - Complexity: O(events handled).
    mutating func advance(to limit: SimTime) {
        while let next = nextEventTime(), next <= limit {
            progress(to: next)
        }
        if limit > now { progress(to: limit) }
    }

    /// Runs until both queues are empty.
    mutating func drain() {
        while let next = nextEventTime() { progress(to: next) }
    }

    /// The time of the next internal event (a step's computation or wait ending), after starting
    /// whatever can start now; `nil` when both queues are idle.
    ///
    /// - Complexity: O(1) when asked again before the engine changes (the answer is kept);
    ///   else O(steps started now).
    mutating func nextEventTime() -> SimTime? {
        if case .known(let time) = nextEvent { return time }
        settleMain()
        settleBackground()
        return workOutNextEvent()
    }

    /// Works out and keeps the next internal event's time from settled queues.
    private mutating func workOutNextEvent() -> SimTime? {
        let rates = currentRates()
        let time: SimTime?
        switch (
            Self.dueTime(main.job, rate: rates.main, now: now),
            Self.dueTime(background, rate: rates.background, now: now)
        ) {
        case (let a?, let b?): time = min(a, b)
        case (let a?, nil): time = a
        case (nil, let b?): time = b
        case (nil, nil): time = nil
        }
        nextEvent = .known(time)
        return time
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

    /// ``advance(to:)``, appending to `buffer` the effects not yet taken (recorded before and
    /// during it), in time order.
    ///
    /// - Complexity: O(events handled), plus O(*e*) for the *e* effects handed over.
    mutating func advance(to limit: SimTime, recordingInto buffer: inout [PipelineEffect]) {
        advance(to: limit)
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

    private func currentRates() -> (main: Int64, background: Int64) {
        // With a core per queue, what the queues do does not matter (``CPUSharing``): not looked at.
        guard cores < 2 else { return sharing.rates(cores: cores, mainComputing: false, backgroundComputing: false) }
        return sharing.rates(
            cores: cores, mainComputing: main.job?.isComputing ?? false,
            backgroundComputing: background?.isComputing ?? false)
    }

    /// Moves the clock to `time` (no event in between), consuming CPU work at the current rates,
    /// and works out the next event.
    private mutating func progress(to time: SimTime) {
        let rates = currentRates()
        let elapsed = (time - now).nanoseconds
        if var job = main.job, case .computing(let left) = job.phase {
            job.phase = .computing(left: left - rates.main * elapsed)
            main.replaceJob(job)
        }
        if var job = background, case .computing(let left) = job.phase {
            job.phase = .computing(left: left - rates.background * elapsed)
            background = job
        }
        now = time
        settleMain()
        settleBackground()
        // Settling twice changes nothing: what nextEventTime() would work out next is known now.
        _ = workOutNextEvent()
    }

    /// When `job` next needs the engine at progress rate `rate`, from `now`.
    ///
    /// Static, not a method: a method's borrowed `self` made the optimiser copy the whole engine
    /// (328 bytes) before each call.
    private static func dueTime(_ job: Job?, rate: Int64, now: SimTime) -> SimTime? {
        switch job?.phase {
        case .computing(let left)?:
            guard rate > 0 else { return nil }
            return now + SimDuration(nanoseconds: (max(0, left) + rate - 1) / rate)
        case .waiting(let until)?:
            return until
        case nil:
            return nil
        }
    }

    // MARK: Steps

    /// Starts step `step` of tap `tap` now; `nil` when it needs no time at all (already ended).
    private mutating func start(tap: Int, step: Int) -> Job? {
        let slot = tap * stepCount + step
        let plan = plan[step]
        if plan.recordsStart { effects.append(.stepStarted(tap: tap, step: step, at: now)) }
        let cpu =
            jitterIsExact
            ? plan.scaledCost
            : jitter.referenceCost(plan.scaledCost, speed: speed, seed: jitterSeed, tap: tap, step: step)
        stepRuns[slot] = StepRun(start: now, end: .distantFuture, cpu: cpu)
        let job = Job(tap: tap, step: step, phase: .computing(left: cpu.nanoseconds * 2))
        return job.isDue(at: now) ? proceed(job) : job
    }

    /// Moves a job on as far as `now` allows: a finished computation enters its wait, a finished
    /// wait ends the step. Returns `nil` when the step has ended (recording its end).
    private mutating func proceed(_ job: Job) -> Job? {
        var job = job
        if case .computing(let left) = job.phase, left <= 0 {
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
                    main = start(tap: tap, step: step).map(MainWork.deferred) ?? finishDeferred(tap: tap, step: step)
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
                if let job = start(tap: tap, step: step) { return job }
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
            background = start(tap: tap, step: step)
        }
    }
}

/// One tap's times in the reference engine (`distantFuture` until they happen), and how many of
/// its steps have not ended yet: the engine's `TapProgress` as it was when the reference was
/// frozen (the engine now derives the steps left from its ended runs).
struct ReferenceTapProgress {
    var tap: SimTime
    var handlerStart = SimTime.distantFuture
    var handlerEnd = SimTime.distantFuture
    var removalCommit = SimTime.distantFuture
    /// Steps not yet ended; the tap is finished at 0.
    var stepsLeft: Int
}
