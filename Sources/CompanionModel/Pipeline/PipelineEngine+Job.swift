import SimulationKernel

extension PipelineEngine {
    /// Where a running step stands.
    enum Phase {
        /// Doing its CPU work: `left` work units remained at `since`, and it has progressed at its
        /// queue's rate since then (the rates change only when a single core's queues start or
        /// stop computing: then `left` is brought up to date). Its computation ends at `due`, or
        /// never at the current rate (`nil`: a background step held back by ``CPUSharing/mainPriority``).
        case computing(left: Int64, since: SimTime, due: SimTime?)
        /// Blocked after its CPU work until `until` (`distantFuture` until a held send's outcome comes).
        case waiting(until: SimTime)
    }

    /// Whether the engine knows its next internal event without working it out again.
    enum NextEvent {
        /// The engine changed since it was last worked out.
        case unknown
        /// Worked out, and nothing changed since: the time, or `nil` when both queues are idle.
        case known(SimTime?)
    }

    /// One step of one tap running on a queue.
    struct Job {
        var tap: Int
        var step: Int
        var phase: Phase

        /// A step that starts computing `work` units now, at `rate` units per nanosecond.
        init(tap: Int, step: Int, work: Int64, rate: Int64, now: SimTime) {
            self.tap = tap
            self.step = step
            phase = .computing(left: work, since: now, due: Job.computationEnd(left: work, rate: rate, from: now))
        }

        var isComputing: Bool {
            if case .computing = phase { return true }
            return false
        }

        /// When the job next needs the engine: the end of its computation or of its wait; `nil`
        /// while it makes no progress.
        var due: SimTime? {
            switch phase {
            case .computing(_, _, let due): return due
            case .waiting(let until): return until
            }
        }

        /// Whether the engine must move the job on at `now`: its computation is done, or its
        /// wait is over. A job that is not due is left as it is, so a settle looks at it without a call.
        func isDue(at now: SimTime) -> Bool {
            guard let due else { return false }
            return due <= now
        }

        /// Its queue's rate changes from `old` to `new` at `now`: the work left is brought up to
        /// `now` at the old rate, and the computation's end worked out at the new one.
        ///
        /// - Complexity: O(1).
        mutating func changeRate(from old: Int64, to new: Int64, at now: SimTime) {
            guard case .computing(let left, let since, _) = phase else { return }
            let remaining = left - old * (now - since).nanoseconds
            phase = .computing(
                left: remaining, since: now, due: Job.computationEnd(left: remaining, rate: new, from: now))
        }

        /// When `left` units of work are done at `rate` units per nanosecond from `start`: at once
        /// when nothing is left, never (`nil`) at rate 0, else after the whole nanoseconds it takes.
        static func computationEnd(left: Int64, rate: Int64, from start: SimTime) -> SimTime? {
            guard left > 0 else { return start }
            guard rate > 0 else { return nil }
            return start + SimDuration(nanoseconds: (left + rate - 1) / rate)
        }
    }

    /// The earlier of two optional times (`nil` is "never").
    static func earlier(_ a: SimTime?, _ b: SimTime?) -> SimTime? {
        switch (a, b) {
        case (let a?, let b?): return min(a, b)
        case (let a?, nil): return a
        case (nil, let b?): return b
        case (nil, nil): return nil
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
        /// Whether its wait lasts until ``PipelineEngine/release(tap:step:at:)`` says the awaited
        /// outcome came, instead of its fixed `wait` (a synchronous send driven by a simulated link).
        var awaitsRelease: Bool
        /// Whether its start is recorded as a ``PipelineEffect/stepStarted(tap:step:at:)``.
        var recordsStart: Bool
        /// Whether its end is recorded as a ``PipelineEffect/stepEnded(tap:step:at:)``.
        var recordsEnd: Bool
    }
}

/// One tap's times in a ``PipelineEngine`` (`distantFuture` until they happen), and how many of
/// its steps have not ended yet.
struct TapProgress {
    /// When the tap came (not before the engine's clock at submission).
    var tap: SimTime
    var handlerStart = SimTime.distantFuture
    var handlerEnd = SimTime.distantFuture
    var removalCommit = SimTime.distantFuture
    /// Steps not yet ended; the tap is finished at 0.
    var stepsLeft: Int
}
