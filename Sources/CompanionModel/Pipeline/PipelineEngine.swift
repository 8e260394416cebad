import SimulationKernel

/// The discrete-event core of ``PipelineExecutor``: one serial main queue, one serial background
/// queue, a CPU shared according to ``CPUSharing``, and taps arriving in time order.
///
/// Work is counted in units of half a nanosecond of scaled CPU time, so that a half share of a
/// single core is still an integer rate (1 unit/ns; a full core is 2 units/ns) and the whole run
/// is exact integer arithmetic.
struct PipelineEngine {
    enum Phase {
        case computing(left: Int64)
        case waiting(until: SimTime)
    }

    struct Job {
        var tap: Int
        var step: Int
        var phase: Phase

        var isComputing: Bool {
            if case .computing = phase { return true }
            return false
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

    let costs: [Int64]
    let waits: [SimDuration]
    let queues: [PipelineQueue]
    let stepCount: Int
    let removeRowIndex: Int
    let cores: Int
    let sharing: CPUSharing

    private(set) var now = SimTime.zero
    private var main = MainWork.idle
    private var background: Job?
    private var mainQueue: [MainBlock] = []
    private var mainHead = 0
    private var backgroundQueue: [(tap: Int, step: Int)] = []
    private var backgroundHead = 0

    private(set) var stepStart: [SimTime]
    private(set) var stepEnd: [SimTime]
    private(set) var handlerStart: [SimTime]
    private(set) var handlerEnd: [SimTime]
    private(set) var removalCommit: [SimTime]

    init(pipeline: CheckOffPipeline, watch: WatchModel, sharing: CPUSharing, tapCount: Int) {
        let speed = watch.relativeSpeed
        costs = pipeline.steps.map { $0.scaledCost(speed: speed).nanoseconds * 2 }
        waits = pipeline.steps.map(\.wait)
        queues = pipeline.steps.map(\.queue)
        stepCount = pipeline.steps.count
        removeRowIndex = pipeline.removeRowIndex
        cores = watch.cores
        self.sharing = sharing
        stepStart = Array(repeating: .zero, count: tapCount * stepCount)
        stepEnd = stepStart
        handlerStart = Array(repeating: .zero, count: tapCount)
        handlerEnd = handlerStart
        removalCommit = handlerStart
        mainQueue.reserveCapacity(tapCount)
        backgroundQueue.reserveCapacity(min(tapCount * stepCount, 1 << 20))
    }

    /// Runs taps at `times` (non-decreasing) until every queue is empty.
    ///
    /// - Complexity: O(*t* × *s*) for *t* taps of *s* steps.
    mutating func run(times: [SimTime]) {
        var nextTap = 0
        now = times.first ?? .zero
        while true {
            while nextTap < times.count, times[nextTap] <= now {
                mainQueue.append(.handler(tap: nextTap))
                nextTap += 1
            }
            settleMain()
            settleBackground()
            let mainJob = main.job
            let rates = sharing.rates(
                cores: cores, mainComputing: mainJob?.isComputing ?? false,
                backgroundComputing: background?.isComputing ?? false)
            var next: SimTime? = nextTap < times.count ? times[nextTap] : nil
            if let due = dueTime(mainJob, rate: rates.main) { next = min(next ?? due, due) }
            if let due = dueTime(background, rate: rates.background) { next = min(next ?? due, due) }
            guard let next else { return }
            let elapsed = (next - now).nanoseconds
            if var job = mainJob, case .computing(let left) = job.phase {
                job.phase = .computing(left: left - rates.main * elapsed)
                main.replaceJob(job)
            }
            if var job = background, case .computing(let left) = job.phase {
                job.phase = .computing(left: left - rates.background * elapsed)
                background = job
            }
            now = next
        }
    }

    private func dueTime(_ job: Job?, rate: Int64) -> SimTime? {
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
        stepStart[slot] = now
        let job = Job(tap: tap, step: step, phase: .computing(left: costs[step]))
        return advance(job)
    }

    /// Moves a job on as far as `now` allows: a finished computation enters its wait, a finished
    /// wait ends the step. Returns `nil` when the step has ended (recording its end).
    private mutating func advance(_ job: Job) -> Job? {
        var job = job
        if case .computing(let left) = job.phase, left <= 0 {
            let wait = waits[job.step]
            if wait > .zero { job.phase = .waiting(until: now + wait) } else { job.phase = .waiting(until: now) }
        }
        if case .waiting(let until) = job.phase, until <= now {
            stepEnd[job.tap * stepCount + job.step] = now
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
                    handlerStart[tap] = now
                    main = handlerJob(tap: tap, from: 0).map(MainWork.handler) ?? finishHandler(tap: tap)
                case .deferred(let tap, let step):
                    main = start(tap: tap, step: step).map(MainWork.deferred) ?? finishDeferred(tap: tap, step: step)
                }
            case .handler(let job):
                if let running = advance(job) { main = .handler(running); return }
                main = handlerJob(tap: job.tap, from: job.step + 1).map(MainWork.handler) ?? finishHandler(tap: job.tap)
            case .deferred(let job):
                if let running = advance(job) { main = .deferred(running); return }
                main = finishDeferred(tap: job.tap, step: job.step)
            }
        }
    }

    /// Runs the handler of `tap` from step `first`: dispatches off-handler steps, starts the next
    /// handler step and returns its job, or `nil` when the handler has nothing left.
    private mutating func handlerJob(tap: Int, from first: Int) -> Job? {
        var step = first
        while step < stepCount {
            switch queues[step] {
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
        handlerEnd[tap] = now
        if queues[removeRowIndex] == .main { removalCommit[tap] = now }
        return .idle
    }

    private mutating func finishDeferred(tap: Int, step: Int) -> MainWork {
        if step == removeRowIndex { removalCommit[tap] = now }
        return .idle
    }

    // MARK: Background queue

    private mutating func settleBackground() {
        while true {
            if let job = background {
                if let running = advance(job) { background = running; return }
                background = nil
            }
            guard backgroundHead < backgroundQueue.count else { return }
            let (tap, step) = backgroundQueue[backgroundHead]
            backgroundHead += 1
            background = start(tap: tap, step: step)
        }
    }
}
