import CompanionModel
import SimulationKernel

/// One run of a scenario: the world, the event loop that drives it, and the trace.
///
/// The world is four features, each the single owner of its facts (see the README's
/// "Architecture" section):
/// - ``watch``: the watch's list, the watch app (wrist, frontmost state, pipeline), its sender;
/// - ``phone``: the phone's list, the phone app's lifecycle, its reminders, notifications and
///   badge;
/// - ``link``: WatchConnectivity between them (sessions, range, channels, budget, faults);
/// - ``complication``: what the watch face shows, and its refresh budget.
///
/// The simulation routes each due event to its owner and performs the ``WorldEffect``s the owner
/// returns, depth first. Script steps, expectations, invariants and summaries read the features;
/// only a feature's own handler changes it.
package struct ScenarioSimulation {
    /// The scenario being run, with what every run of it shares (held by ``context``).
    package var prepared: PreparedScenario { context.prepared }
    /// The scenario being run.
    package var scenario: Scenario { prepared.scenario }
    /// The event loop: `loop.now` is the current simulated time.
    package internal(set) var loop: EventLoop<SimEvent>
    /// Everything that happened, in order (empty when ``traceMode`` is ``TraceMode/off``).
    package internal(set) var trace = TraceLog()
    /// Whether this run keeps its trace (a run keeping only its verdict turns it off; held by ``context``).
    package internal(set) var traceMode: TraceMode {
        get { context.trace }
        set { context.trace = newValue }
    }
    /// The seed of this run (the scenario's, or the `--seed` override). Each feature draws from
    /// its own sub-stream of it (`SplitMix64.split(label:)`), so one feature's draws never shift
    /// another's.
    package let seed: UInt64
    /// The watch side.
    package internal(set) var watch: WatchFeature
    /// The phone side.
    package internal(set) var phone: PhoneFeature
    /// The link between them.
    package internal(set) var link: LinkFeature
    /// The complication.
    package internal(set) var complication: ComplicationFeature
    /// Running the scenario, or settling a copy.
    var mode = RunMode.running
    /// The run's end, once worked out (the settled world and the convergence checks).
    var ending = RunEnding.open
    /// Expectation outcomes so far, in the order they were checked.
    package internal(set) var expectationResults: [ExpectationResult] = []
    /// Expectations checked so far, and how many of them failed (kept even when the results are
    /// not).
    var expectationsChecked = 0
    var expectationsFailed = 0
    /// The invariants checked as the run goes and at its end besides the features' (``RunChecks``).
    var checks = RunChecks()
    /// The first of the loop's sequences set aside for the script's action steps: action *k*
    /// holds `firstStepSequence + k`, its place in the order had every step been scheduled at
    /// the start (``runScript(monitor:options:)``), while only the next step is pending.
    var firstStepSequence: UInt64 = 0
    /// What a feature's handler may consult (``WorldContext``): the prepared scenario and this
    /// world's trace mode, held here, and the facts of the moment, each brought up to date where it
    /// changes or is read (as each fact's documentation says), so that an event that needs none of
    /// them costs one store. Every handler sees what ``refreshContext()`` would show it.
    ///
    /// Stored rather than built for each event: a handler borrows it in place, where a context
    /// built per event retained (and released) the prepared scenario it holds every time.
    private(set) var context: WorldContext

    /// The current simulated time.
    package var now: SimTime { loop.now }

    /// Prepares a run: every feature reads its part of the scenario.
    ///
    /// - Parameters:
    ///   - seed: overrides the scenario's seed (`--seed`).
    ///   - trace: ``TraceMode/recorded`` (the default, what `wristsim run` prints) keeps every
    ///     trace event; ``TraceMode/off`` builds and keeps none, for runs that only want their
    ///     verdict and figures. Nothing else about the run depends on it.
    package init(scenario: Scenario, seed: UInt64? = nil, trace: TraceMode = .recorded) {
        self.init(prepared: PreparedScenario(scenario), seed: seed, trace: trace)
    }

    /// Prepares a run of a scenario prepared once for many runs (``PreparedScenario``): only
    /// what depends on the seed is built.
    ///
    /// - Parameters:
    ///   - seed: overrides the scenario's seed (`--seed`).
    ///   - trace: whether the run keeps its trace (see ``init(scenario:seed:trace:)``).
    package init(prepared: PreparedScenario, seed: UInt64? = nil, trace: TraceMode = .recorded) {
        // Room for the script's actions and the events a run has pending at once.
        let loop = EventLoop<SimEvent>(capacity: prepared.stepRuns.count + 16, limit: prepared.scenario.eventLimit)
        self.init(prepared: prepared, seed: seed, trace: trace, loop: loop)
    }

    /// Prepares a run as ``init(prepared:seed:trace:)`` does, in `loop`: started again, keeping
    /// the room its queue has grown to, when it counts against the scenario's event limit (else a
    /// loop with that limit and as much room replaces it).
    ///
    /// - Complexity: O(1) besides the features' set-up, and emptying `loop`.
    init(prepared: PreparedScenario, seed: UInt64?, trace: TraceMode, loop: consuming EventLoop<SimEvent>) {
        // The scenario is read in place (`prepared.scenario.…`), not copied out of the prepared
        // scenario (a copy retains, and then releases, everything it holds).
        let seed = seed ?? prepared.scenario.seed
        self.seed = seed
        if loop.limit == prepared.scenario.eventLimit {
            loop.restart()
        } else {
            loop = EventLoop(capacity: loop.pendingCount, limit: prepared.scenario.eventLimit)
        }
        self.loop = loop
        // Each feature is the one made once for the scenario, copied into its place and reseeded
        // there for this run (one copy).
        watch = prepared.watch
        watch.reseed(for: prepared, seed: seed)
        phone = prepared.phone
        // The phone draws only its reminders' background refresh delays (rule P10).
        phone.reminders.reseed(seed)
        link = prepared.link
        link.reseed(seed)
        complication = prepared.complication
        complication.reseed(seed)
        context = WorldContext(
            now: .zero, trace: trace, prepared: prepared, connection: link.transport.connection,
            apps: LinkApps(watch: watch.appLifecycle.runState, phone: phone.appLifecycle),
            complicationTransfersLeft: link.transport.complicationBudget.remaining(at: .zero))
    }

    /// Makes this world a new run of `prepared`: afterwards it is what
    /// `ScenarioSimulation(prepared: prepared, seed: seed, trace: trace)` is, every feature
    /// started afresh from the prepared scenario, except that it keeps the room its loop's queue,
    /// its expectation results and its features' collections (lists, replicas, logs, queues:
    /// ``StorageAdopting``) have grown to.
    /// `sweep` runs seed after seed of a cell in one world, instead of allocating, growing and
    /// freeing that storage for every run.
    ///
    /// - Complexity: that of ``init(prepared:seed:trace:)`` without its allocations, plus
    ///   O(*n*) for the *n* entries its loop and features still hold and the prepared
    ///   features' contents, copied into the kept storage.
    package mutating func restart(prepared: PreparedScenario, seed: UInt64? = nil, trace: TraceMode = .recorded) {
        // Complete by construction: this world becomes the fresh one, whole; the old one only
        // lends its loop (started again) and its storage, emptied and refilled with the fresh
        // contents (so a field no `adoptStorage` names keeps the fresh value and storage, never
        // the last run's). The old world is moved out and the fresh one made in its place.
        var old = consume self
        var loop = EventLoop<SimEvent>(capacity: 0)
        swap(&loop, &old.loop)
        self = ScenarioSimulation(prepared: prepared, seed: seed, trace: trace, loop: loop)
        // Each part keeps its fresh state in the storage its old self grew
        // (``StorageAdopting/adoptStorage(of:)``).
        expectationResults.adoptStorage(of: &old.expectationResults)
        watch.adoptStorage(of: &old.watch)
        phone.adoptStorage(of: &old.phone)
        link.adoptStorage(of: &old.link)
        complication.adoptStorage(of: &old.complication)
    }

    /// Brings every fact of ``context`` up to date: the time, the link's connection and
    /// complication budget as they are now, and how each app runs as its owner says (before the
    /// features start).
    ///
    /// - Complexity: O(1).
    mutating func refreshContext() {
        context.now = now
        context.apps = LinkApps(watch: watch.appLifecycle.runState, phone: phone.appLifecycle)
        context.connection = link.transport.connection
        context.complicationTransfersLeft = link.transport.complicationBudget.remaining(at: now)
    }

    /// Routes one event to its owner and performs what it asks for.
    ///
    /// The owner appends its effects to `effects`, the one stack every handler of the run
    /// shares (an event handled from an effect appends after its parent's effects, and they are
    /// removed once performed), so handling an event allocates nothing; it is as it was
    /// afterwards.
    mutating func handle(_ event: SimEvent, into effects: inout WorldEffects) {
        let start = effects.count
        route(event, into: &effects)
        // Many events ask for nothing: they cost one comparison here, not a call.
        if effects.count > start { performEffects(from: start, in: &effects) }
    }

    /// Routes one event to its owner, which appends what it asks for to `effects` (the caller
    /// performs it). A feature adds one `case`.
    ///
    /// - Complexity: that of the owner's handler.
    mutating func route(_ event: SimEvent, into effects: inout WorldEffects) {
        context.now = now
        switch event {
        case .step(let index):
            // The step's effects, worked out when the scenario was prepared.
            scheduleStep(index + 1)
            for effect in prepared.stepEffects[prepared.stepRuns[index].effects] { effects.append(effect) }
        case .watch(let event):
            watch.handle(event, context, into: &effects)
        case .phone(let event):
            phone.handle(event, context, into: &effects)
            if mode == .running { readPhoneRecords() }
        case .link(let event):
            link.handle(event, context, into: &effects)
            context.connection = link.transport.connection
        case .complication(let event):
            context.complicationTransfersLeft = link.transport.complicationBudget.remaining(at: now)
            complication.handle(event, context, into: &effects)
        }
    }

    /// The run's own checks look at the deliveries the phone's reminders just made (``RunChecks``),
    /// then the records past the ones the harness keeps in full are let go: the phone makes records
    /// only while it handles an event, and every reader (its trace and badge truth, these checks)
    /// has seen them then. Not while settling: the checks cover the run.
    ///
    /// - Complexity: O(1) per new delivery.
    mutating func readPhoneRecords() {
        // Read in place: a copy of the harness would retain everything it holds. The count is
        // compared first, so that an event that delivered nothing hands no log over.
        if phone.reminders.harness.deliveries.recordedCount > checks.deliveriesSeen {
            checks.caughtUp(
                with: phone.reminders.harness.deliveries, mode: phone.reminders.harness.scheduler.configuration.mode)
        }
        phone.reminders.releaseRecords()
    }

    /// Schedules action step `index` (if the script has it) in the place in the loop's order set
    /// aside for it at the start: the script is a cursor with only its next step pending, in the
    /// order scheduling every step at the start would give.
    ///
    /// - Complexity: O(log *q*) for a queue of *q* pending events.
    mutating func scheduleStep(_ index: Int) {
        guard prepared.stepRuns.indices.contains(index) else { return }
        loop.schedule(
            .step(index), at: prepared.stepRuns[index].time,
            reservedSequence: firstStepSequence + UInt64(index))
    }

    /// Performs the effects in `effects` from `start` on, in order and depth first, removing
    /// each as it is performed (the stack keeps its room for the next event).
    ///
    /// The batch is reversed in place first, so that the next effect to perform is always the
    /// last element: it is moved out with ``WorldEffects/removeLast()`` (no copy, no second
    /// destroy), and what an event sent from it appends lands after it and is performed and
    /// removed first. A batch of one effect, the common case, is not touched by the reversal.
    /// A scheduled event is moved into
    /// the loop (``EventLoop/schedule(_:at:)`` consumes it); a link timer effect is performed by
    /// the link's timer driver (``LinkTimers``), which keeps the reply timeouts' handles.
    ///
    /// - Complexity: O(*k*) for *k* effects, besides what the events sent cost.
    mutating func performEffects(from start: Int, in effects: inout WorldEffects) {
        effects.reverse(from: start)
        while effects.count > start {
            switch effects.removeLast() {
            case .send(let event):
                // Depth first, without a nested call: what the event asks for lands on top of
                // the stack, reversed, so it is performed (with everything it sets off) before
                // the effects below it, as a nested `performEffects` would.
                let batch = effects.count
                route(event, into: &effects)
                effects.reverse(from: batch)
            case .schedule(let event, let time):
                if mode == .settling, !event.isSettlingEvent { continue }
                loop.schedule(event, at: time)
            case .linkTimer(let effect):
                link.timers.perform(effect, on: &loop)
            case .complicationTimer(let effect):
                if mode != .settling { complication.timers.perform(effect, on: &loop) }
            case .appChanged(.watch, let state):
                context.apps.watch = state
            case .appChanged(.phone, let state):
                context.apps.phone = state
            case .trace(let event):
                if case .recorded = traceMode { trace.append(event) }
            }
        }
    }

    /// Records a trace event at the current time (nothing with ``TraceMode/off``: callers on a hot
    /// path ask ``traceMode`` first, so they do not build the fields).
    mutating func record(_ kind: TraceKind, fieldList: [(key: String, value: TraceValue)] = []) {
        guard case .recorded = traceMode else { return }
        trace.append(TraceEvent(time: now, kind: kind, fieldList: fieldList))
    }

    // MARK: Reading the world

    /// The complication report from the start until now (`nil` without a `"complication"` section).
    package func complicationReport(families: [ComplicationFamily]? = nil) -> ComplicationReport? {
        complication.model.map {
            ComplicationReport(
                model: $0, until: now, families: families,
                transfersLeft: link.transport.complicationBudget.remaining(at: now))
        }
    }

    /// Where the watch's and the phone's lists fail to agree right now — an item shown
    /// differently, an operation not (yet) applied on the other device, applied twice or out of
    /// its origin's order (``ConvergenceChecker``; the item's message trail is in the trace). On a
    /// ``settled()`` copy this is the end-of-run invariant.
    ///
    /// Once the run has ended (``run(_:)``), the answer worked out then.
    ///
    /// - Complexity: that of ``ConvergenceChecker/check(watch:phone:)``; O(1) once the run
    ///   has ended.
    package func syncDiscrepancies() -> [SyncDiscrepancy] {
        switch ending {
        case .ended(_, let discrepancies), .settledCopy(let discrepancies), .reachedEnd(let discrepancies):
            return discrepancies
        case .open: break
        }
        return ConvergenceChecker.check(watch: watch.sync.replica, phone: phone.sync.replica)
    }
}

/// The outcome of one expectation check.
package struct ExpectationResult: Sendable {
    package var time: SimTime
    package var location: SourceLocation
    package var path: String
    package var label: String
    /// `nil` when it held.
    package var failure: String?

    package var passed: Bool { failure == nil }
}
