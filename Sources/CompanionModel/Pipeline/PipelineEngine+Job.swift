import SimulationKernel

extension PipelineEngine {
    /// Where a running step stands.
    enum Phase: UInt8 {
        /// Doing its CPU work: ``Job/left`` work units remained at ``Job/since``, and it has
        /// progressed at its queue's rate since then (the rates change only when a single core's
        /// queues start or stop computing: then `left` is brought up to date). Its computation
        /// ends at ``Job/due``.
        case computing
        /// Computing, but at a rate of 0, so never done at the current rates: a background step
        /// held back by ``CPUSharing/mainPriority`` while the main queue computes. Its ``Job/due``
        /// is `distantFuture`, and it is never moved on until the rates change.
        case heldBack
        /// Blocked after its CPU work until ``Job/due`` (`distantFuture` until a held send's
        /// outcome comes).
        case waiting
        /// The step has ended (its end is recorded): the queue moves on to its next block.
        case ended
    }

    /// Whether the engine knows its next internal event without working it out again.
    enum NextEvent {
        /// The engine changed since it was last worked out.
        case unknown
        /// Worked out, and nothing changed since: the time, or `nil` when both queues are idle.
        case known(SimTime?)
    }

    /// One step of one tap on a queue: seven words and a tag, no optionals, so a settle moves it
    /// on in place. It keeps the step's start and draw, so the step's run is written once, when
    /// it ends.
    struct Job {
        /// When the job next needs the engine: the end of its computation (``Phase/computing``)
        /// or of its wait (``Phase/waiting``); `distantFuture` when it is held back.
        var due: SimTime
        /// The work units left at ``since`` while it computes.
        var left: Int64
        /// When ``left`` was last brought up to date.
        var since: SimTime
        /// The tap's index.
        var tap: Int
        /// The step's index in the pipeline.
        var step: Int
        /// When the step started.
        let start: SimTime
        /// The CPU time it drew.
        let cpu: SimDuration
        var phase: Phase

        /// A job that stands for no step (a queue's job while the queue is idle).
        static let none = Job(
            due: .distantFuture, left: 0, since: .zero, tap: 0, step: 0, start: .zero, cpu: .zero, phase: .ended)

        /// A step that starts now, needing `cpu` of CPU time (twice as many work units) at `rate`
        /// units per nanosecond.
        ///
        /// On a full core (2 units/ns: each queue's rate on a watch with a core per queue) the
        /// computation ends `cpu` after now, which is what ``computeEnd(rate:)`` works out; the
        /// end is written at once, without the general case's tests.
        ///
        /// - Complexity: O(1).
        init(tap: Int, step: Int, cpu: SimDuration, rate: Int64, now: SimTime) {
            self.tap = tap
            self.step = step
            self.cpu = cpu
            start = now
            left = cpu.nanoseconds * 2
            since = now
            phase = .computing
            if rate == 2, cpu.nanoseconds >= 0 {
                due = now + cpu
            } else {
                due = now
                computeEnd(rate: rate)
            }
        }

        private init(
            due: SimTime, left: Int64, since: SimTime, tap: Int, step: Int, start: SimTime, cpu: SimDuration,
            phase: Phase
        ) {
            self.due = due
            self.left = left
            self.since = since
            self.tap = tap
            self.step = step
            self.start = start
            self.cpu = cpu
            self.phase = phase
        }

        /// Whether it is step `step` of tap `tap`, waiting.
        func isWaiting(tap: Int, step: Int) -> Bool {
            phase == .waiting && self.tap == tap && self.step == step
        }

        /// Whether it is doing CPU work (computing, or held back from it).
        var isComputing: Bool { phase == .computing || phase == .heldBack }

        /// Its queue's rate changes from `old` to `new` at `now`: the work left is brought up to
        /// `now` at the old rate, and the computation's end worked out at the new one.
        ///
        /// - Complexity: O(1).
        mutating func changeRate(from old: Int64, to new: Int64, at now: SimTime) {
            guard isComputing else { return }
            left -= old * (now - since).nanoseconds
            since = now
            computeEnd(rate: new)
        }

        /// Works out when ``left`` units of work are done at `rate` units per nanosecond from
        /// ``since``: at once when nothing is left, never (held back) at rate 0, else after the
        /// whole nanoseconds it takes.
        @inline(__always)
        private mutating func computeEnd(rate: Int64) {
            if left <= 0 {
                due = since
                phase = .computing
            } else if rate <= 0 {
                due = .distantFuture
                phase = .heldBack
            } else {
                // The rates are a full core (2 units/ns) or a half (1): no division for those.
                let nanoseconds: Int64
                switch rate {
                case 2: nanoseconds = (left + 1) >> 1
                case 1: nanoseconds = left
                default: nanoseconds = (left + rate - 1) / rate
                }
                due = since + SimDuration(nanoseconds: nanoseconds)
                phase = .computing
            }
        }
    }

    /// What a queue's thread is doing. Its ``Lane/job`` means something only while it is not idle.
    enum Activity: UInt8 {
        case idle
        /// Running a tap's handler on the main queue: the job's step is the handler's cursor.
        case handler
        /// Running a step the handler dispatched with `DispatchQueue.main.async`.
        case deferred
        /// Running a step on the background queue.
        case background
    }

    /// One queue's thread: what it does and the step it runs.
    struct Lane {
        var activity = Activity.idle
        /// The running step (``Job/none`` while idle).
        var job = Job.none

        /// Whether it runs a step.
        var isBusy: Bool { activity != .idle }
    }

    /// A block of work queued on the main queue.
    enum MainBlock {
        /// A tap's handler.
        case handler(tap: Int)
        /// A step the handler dispatched with `DispatchQueue.main.async`.
        case deferred(tap: Int, step: Int)
    }

    /// CPU progress rates in work units per nanosecond (``CPUSharing``).
    struct Rates: Equatable {
        var main: Int64
        var background: Int64
    }

    /// What the engine needs of one step, fixed for the run: one array read per step started or
    /// ended, instead of one per fact.
    struct StepPlan {
        /// The step's CPU time on this chip before jitter.
        var scaledCost: SimDuration
        /// ``scaledCost`` as a `Double`, what a jitter draw multiplies.
        var scaledNanoseconds: Double
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
        /// Whether its cost is drawn (a jittered engine and a step that costs something);
        /// otherwise every run costs ``scaledCost``.
        var isDrawn: Bool
    }
}

/// One tap's times in a ``PipelineEngine`` (`distantFuture` until they happen).
struct TapProgress {
    /// When the tap came (not before the engine's clock at submission).
    var tap: SimTime
    var handlerStart = SimTime.distantFuture
    var handlerEnd = SimTime.distantFuture
    var removalCommit = SimTime.distantFuture
}
