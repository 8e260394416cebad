import CompanionModel
import SimulationKernel

extension ScenarioSimulation {
    /// Runs the scenario to its end and returns the outcome: the one entry point, with no
    /// monitor (``run(_:monitor:)``).
    ///
    /// - Complexity: that of ``run(_:monitor:)``.
    package mutating func run(_ options: RunOptions = RunOptions()) -> ScenarioOutcome {
        var monitor = NoRunMonitor()
        return run(options, monitor: &monitor)
    }

    /// Runs the scenario to its end and returns the outcome; `monitor` sees the world after
    /// every event and once at the scenario's end, before the link is left to finish.
    ///
    /// Action steps are scheduled on the event loop at their times, one at a time (each schedules
    /// the next). Expectation steps are checked at their time after every event due at or before it has been handled, and
    /// the final expectations and invariants once the loop reaches the scenario's end (or the
    /// first failed expectation, with ``RunOptions/stopsAtFirstFailure``). Then the run ends
    /// the one way a run ends: the link is left to finish (``settleInPlace()``), in a copy kept
    /// for the reports, or, for ``RunOptions/Keeping/verdict``, in this world itself, and the
    /// verdict is read off the settled world.
    ///
    /// - Complexity: O((*s* + *e*) log *q*) for *s* steps, *e* events and a peak queue of *q*.
    mutating func run<Monitor: RunMonitor>(_ options: RunOptions, monitor: inout Monitor) -> ScenarioOutcome {
        switch options.keeps {
        case .everything: watch.app.session.keepRuns(true)
        case .verdict:
            traceMode = .off
            watch.app.session.keepRuns(false)
        }
        runScript(monitor: &monitor, options: options)
        // Worked out once, for the monitor, the settled world and the invariants (``RunEnding/reachedEnd(discrepancies:)``).
        ending = .reachedEnd(discrepancies: syncDiscrepancies())
        monitor.reachedEnd(self)
        let (loopStatus, events, end) = (loop.status, loop.scheduledCount, now)
        let pendingMax = phone.reminders.harness.pendingMax
        let settledDiscrepancies: [SyncDiscrepancy]
        let linkDeliveries: [LinkDeliveryRecord]
        switch options.keeps {
        case .everything:
            let settled = settled()
            (settledDiscrepancies, linkDeliveries) = (settled.syncDiscrepancies(), settled.link.transport.deliveries)
            ending = .ended(settled: settled, discrepancies: syncDiscrepancies())
        case .verdict:
            settleInPlace()
            (settledDiscrepancies, linkDeliveries) = (syncDiscrepancies(), link.transport.deliveries)
        }
        let verdict = ScenarioVerdict(
            seed: seed, expectationsChecked: expectationsChecked, expectationsFailed: expectationsFailed,
            loopStatus: loopStatus, discrepanciesSettled: settledDiscrepancies,
            checkFailures: checks.failures(
                pendingMax: pendingMax, linkDeliveries: linkDeliveries, start: scenario.start),
            events: events)
        var outcome = ScenarioOutcome(
            scenario: scenario, trace: TraceLog(), expectations: [], invariantFailures: [], summary: [], endTime: end,
            verdict: verdict)
        guard case .everything = options.keeps else { return outcome }
        // Properties every scenario must satisfy, whatever it expects: the event limit, the
        // features' end-of-run checks (a feature adds one term), then the run's own
        // (``RunChecks``) — the one list that `run` reports and `explore` looks for.
        outcome.invariantFailures =
            eventLimitFailures() + watch.invariantFailures(in: self) + phone.invariantFailures(in: self)
            + link.invariantFailures(in: self) + complication.invariantFailures(in: self) + verdict.checkFailures
        record(.scenarioEnd, fieldList: [("remaining", .int(Int64(watch.list.remainingCount)))])
        (outcome.trace, outcome.expectations) = (trace, expectationResults)
        // The summary sections in print order (a feature adds one term).
        outcome.summary =
            watch.summary(in: self) + complication.summary(in: self) + phone.summary(in: self) + link.summary(in: self)
        return outcome
    }

    /// Starts the features, schedules the script's actions, and handles every event until the
    /// scenario's end, checking each expectation step at its time and the final expectations.
    ///
    /// Keeping only the verdict, expectations are only counted: no ``ExpectationResult``
    /// (label, location) is built. With ``RunOptions/stopsAtFirstFailure`` the run stops at the
    /// first checkpoint where an expectation failed (the final expectations are then not checked).
    mutating func runScript<Monitor: RunMonitor>(monitor: inout Monitor, options: RunOptions) {
        ending = .open
        if case .recorded = traceMode {
            record(
                .scenarioStart,
                fieldList: [
                    ("name", .string(scenario.name)),
                    ("seed", .unsigned(seed)),
                    ("watch", .string(scenario.watch)), ("items", .int(Int64(scenario.items.count))),
                    ("wrist", .string(scenario.wrist.rawValue)),
                ])
        }
        // One stack for every handler of the run (``WorldEffects``).
        var effects = WorldEffects()
        startFeatures(into: &effects)
        // The script's steps take their places in the order now; only the first is pending.
        if let first = loop.reserve(prepared.stepRuns.count) {
            firstStepSequence = first
            scheduleStep(0)
        }
        for checkpoint in prepared.checkpoints {
            runEvents(notAfter: checkpoint.time, monitor: &monitor, effects: &effects)
            check(checkpoint.expectations, keeping: options.keeps)
            if options.stopsAtFirstFailure, expectationsFailed > 0 { return }
        }
        runEvents(notAfter: scenario.end, monitor: &monitor, effects: &effects)
        check(scenario.finalExpectations, keeping: options.keeps)
    }

    /// Handles every event due at or before `limit`, then moves the clock to `limit`; `monitor`
    /// sees the world after each event.
    ///
    /// - Complexity: O(log *q*) per event for a peak queue of *q*.
    mutating func runEvents<Monitor: RunMonitor>(
        notAfter limit: SimTime, monitor: inout Monitor, effects: inout WorldEffects
    ) {
        while let event = loop.next(notAfter: limit) {
            handle(event, into: &effects)
            monitor.handled(self)
        }
    }

    /// Checks `expectations` now, in order: counts them (``expectationsChecked``,
    /// ``expectationsFailed``) and, keeping ``RunOptions/Keeping/everything``, keeps each as an
    /// ``ExpectationResult`` (and traces it).
    /// Each check only reads the world, lent in place (``ScenarioExpectation/failure(in:)``).
    ///
    /// - Complexity: that of the expectations' checks.
    mutating func check(_ expectations: [LocatedExpectation], keeping: RunOptions.Keeping) {
        for index in expectations.indices {
            let failure = expectations[index].expectation.failure(in: &self)
            expectationsChecked += 1
            if failure != nil { expectationsFailed += 1 }
            guard case .everything = keeping else { continue }
            let located = expectations[index]
            expectationResults.append(
                ExpectationResult(
                    time: now, location: located.location, path: located.path, label: located.expectation.label,
                    failure: failure))
            guard case .recorded = traceMode else { continue }
            record(
                failure == nil ? .expectPassed : .expectFailed,
                fieldList: [("what", .string(located.expectation.label))]
                    + (failure.map { [("found", .string($0))] } ?? []))
        }
    }

    /// Starts the features' own processes (periodic refreshes, first app launch, faults), in a
    /// fixed order. A feature adds one line.
    mutating func startFeatures(into effects: inout WorldEffects) {
        // Each start's effects are performed (and removed) before the next feature starts.
        let start = effects.count
        refreshContext()
        complication.start(context, into: &effects)
        performEffects(from: start, in: &effects)
        refreshContext()
        phone.start(context, into: &effects)
        performEffects(from: start, in: &effects)
        refreshContext()
        link.start(context, into: &effects)
        refreshContext()
        performEffects(from: start, in: &effects)
        refreshContext()
        watch.start(context, into: &effects)
        performEffects(from: start, in: &effects)
    }

    /// The run's failure when its loop stopped at the scenario's event limit: located by file
    /// and simulated time, naming the limit and how to raise it. Empty when the run finished.
    ///
    /// - Complexity: O(1).
    func eventLimitFailures() -> [InvariantFailure] {
        guard let exceeded = loop.status.exceeded else { return [] }
        let error = ScenarioError(
            file: scenario.file,
            message: "\(exceeded.description) (\(scenario.start.adding(exceeded.time.offset).iso8601)); "
                + "expected fewer events before the end (\(scenario.end)) — "
                + "raise \"eventLimit\" (at most \(ScenarioLimits.maximumEventLimit)) if the run is meant to be this long"
        )
        return [InvariantFailure(.eventLimit, error.description)]
    }
}

/// Sees a run after each event it handles, and at the scenario's end
/// (``ScenarioSimulation/run(_:monitor:)``).
protocol RunMonitor {
    /// Called after each event, with the world as the event left it.
    mutating func handled(_ simulation: ScenarioSimulation)
    /// Called once the run reached the scenario's end (or stopped at its first failure), before
    /// its link is left to finish. Nothing by default.
    mutating func reachedEnd(_ simulation: ScenarioSimulation)
}

extension RunMonitor {
    mutating func reachedEnd(_ simulation: ScenarioSimulation) {}
}

/// How ``ScenarioSimulation/run(_:)`` runs a scenario.
package struct RunOptions: Sendable {
    /// What a run keeps.
    package enum Keeping: Sendable {
        /// Every expectation's result, the trace (unless the world was made with its trace off),
        /// the invariants' messages, the summary, and the world with its link left to finish
        /// (``ScenarioSimulation/settled()``), and each tap's pipeline run
        /// (``PipelineSession/keepsRuns``, for the latency profile): what `run`, `check` and the
        /// reports read.
        case everything
        /// The verdict and figures only (``ScenarioOutcome/verdict``): no trace, expectations only
        /// counted, and this world itself left to finish its link at the end (read it at the end
        /// through ``RunMonitor/reachedEnd(_:)``): what `sweep` and `explore` take.
        case verdict
    }

    /// What the run keeps (everything by default).
    package var keeps = Keeping.everything
    /// Whether the run stops at the first checkpoint where an expectation failed (not by default).
    package var stopsAtFirstFailure = false
}

/// The monitor of a plain run: it looks at nothing (and costs nothing once specialised).
struct NoRunMonitor: RunMonitor {
    mutating func handled(_ simulation: ScenarioSimulation) {}
}
