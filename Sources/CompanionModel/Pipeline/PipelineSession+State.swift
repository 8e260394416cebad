import SimulationKernel

extension PipelineSession {
    /// A step of one tap, running on a queue's thread since ``start``. (Its CPU time is the
    /// session's, in ``Records/costs``: the step does not carry a copy.)
    struct RunningStep {
        /// The tap's index.
        let tap: Int
        /// The step's index in the pipeline.
        let step: Int
        /// When the step started.
        let start: SimTime
        var phase: StepPhase

        /// When the session next has to move this step on: the end of its computation or of its
        /// wait; `nil` while it can make no progress by itself (held back, or awaiting an outcome).
        var due: SimTime? {
            switch phase {
            case .computing(let work): work.end
            case .waiting(let until): until
            case .awaitingOutcome: nil
            }
        }

        /// Whether it is doing (or held back from) its CPU work.
        var isComputing: Bool {
            if case .computing = phase { return true }
            return false
        }
    }

    /// Where a running step stands.
    enum StepPhase {
        /// Doing its CPU work (``Work``).
        case computing(Work)
        /// Blocked after its CPU work until a fixed time (its `wait`, or the outcome it awaited).
        case waiting(until: SimTime)
        /// Blocked after its CPU work until ``PipelineSession/releaseSend(tap:at:)`` says the
        /// outcome it awaits came (a synchronous send driven by a simulated link).
        case awaitingOutcome
    }

    /// The CPU work left of a computing step.
    ///
    /// Work is counted in units of half a nanosecond of scaled CPU time, so that a half share of
    /// a single core is still an integer rate (1 unit/ns; a full core is 2 units/ns) and the
    /// whole run is exact integer arithmetic.
    ///
    /// A work is made once for each rate it goes at (``changingRate(to:at:)`` makes the next),
    /// and its ``end`` is worked out then: it is read at every wake, and it takes a division.
    struct Work {
        /// The units left at ``since``.
        let left: Int64
        /// When ``left`` was last brought up to date.
        let since: SimTime
        /// The units done per nanosecond since then (``CPUSharing``); 0 while held back.
        let rate: Int64
        /// When the work is done at ``rate``: at once when nothing is left, never (`nil`) at
        /// rate 0, else after the whole nanoseconds it takes.
        let end: SimTime?

        init(left: Int64, since: SimTime, rate: Int64) {
            self.left = left
            self.since = since
            self.rate = rate
            if left <= 0 {
                end = since
            } else if rate > 0 {
                end = since + SimDuration(nanoseconds: (left + rate - 1) / rate)
            } else {
                end = nil
            }
        }

        /// The same work going on at `rate` from `now`: what was done since ``since`` at the
        /// old rate is taken off.
        func changingRate(to rate: Int64, at now: SimTime) -> Work {
            Work(left: left - self.rate * (now - since).nanoseconds, since: now, rate: rate)
        }
    }

    /// What the steps write down as they start and end, beside the threads that run them.
    struct Records {
        /// The CPU time each step of each submitted tap takes, by `tap × stepCount + step`: drawn
        /// for all of a tap's steps when it comes (``PipelineJitter``: each a pure function of
        /// the seed, the tap and the step).
        var costs: [SimDuration] = []
        /// Whether ``runs`` are kept (``PipelineSession/keepsRuns``).
        var keepsRuns = true
        /// Each step's run once it has ended (`nil` until then), by `tap × stepCount + step`;
        /// empty unless ``keepsRuns``.
        var runs: [StepRun?] = []
        /// The effects recorded and not yet taken (only when the plan records effects).
        var effects = EffectBuffer()
    }

    /// A block of work queued on the main queue.
    enum MainBlock {
        /// A tap's handler.
        case handler(tap: Int)
        /// A step the handler dispatched with `DispatchQueue.main.async`.
        case deferred(tap: Int, step: Int)
    }

    /// What a step waits for after its CPU work.
    enum StepWait {
        /// A fixed time.
        case fixed(SimDuration)
        /// Until ``PipelineSession/releaseSend(tap:at:)`` says the awaited outcome came (a
        /// synchronous send driven by a simulated link).
        case untilRelease
    }

    /// What the session needs of one step, fixed for the run.
    struct StepPlan {
        /// The step's CPU time on this chip before jitter.
        var scaledCost: SimDuration
        /// What it waits for after its CPU work.
        var wait: StepWait
        var queue: PipelineQueue
        /// Whether its start is recorded as a ``PipelineEffect/stepStarted(tap:step:at:)``.
        var recordsStart: Bool
        /// Whether its end is recorded as a ``PipelineEffect/stepEnded(tap:step:at:)``.
        var recordsEnd: Bool
        /// Whether nothing sees it end: its end is not recorded and it has no wait after its CPU
        /// work (``PipelineSession/nextDue``).
        var endsUnseen: Bool
        /// Whether its cost is drawn (a jittered session and a step that costs something);
        /// otherwise every run costs ``scaledCost``.
        var isDrawn: Bool
    }
}

/// One tap's times in a ``PipelineSession`` (`nil` until they happen; its handler's end and its
/// removal's commit stay `nil` unless the session keeps runs: ``PipelineSession/keepsRuns``).
struct TapProgress {
    /// When the tap came.
    var tap: SimTime
    var handlerStart: SimTime?
    var handlerEnd: SimTime?
    var removalCommit: SimTime?
}

extension PipelineSession.Records: StorageAdopting {
    /// Keeps these records in `old`'s storage: the costs, the runs and the effects
    /// (``StorageAdopting``).
    ///
    /// - Complexity: O(what they hold).
    mutating func adoptStorage(of old: inout PipelineSession.Records) {
        costs.adoptStorage(of: &old.costs)
        runs.adoptStorage(of: &old.runs)
        effects.adoptStorage(of: &old.effects)
    }
}
