import CompanionModel
import SimulationKernel

extension ScenarioSimulation {
    /// Runs the scenario to its end and returns the outcome.
    ///
    /// Action steps are scheduled on the event loop at their times. Expectation steps are
    /// checked at their time after every event due at or before it has been handled, and
    /// the final expectations and invariants once the loop reaches the scenario's end.
    ///
    /// - Complexity: O((*s* + *e*) log *q*) for *s* steps, *e* events and a peak queue of *q*.
    public mutating func run() -> ScenarioOutcome {
        var monitor = NoRunMonitor()
        runScript(monitor: &monitor)
        endRun()
        let invariantFailures = eventLimitFailures() + invariantFailures()
        record(.scenarioEnd, fieldList: [("remaining", .int(Int64(watch.list.remainingCount)))])
        return ScenarioOutcome(
            scenario: scenario, seed: seed, trace: trace.events,
            expectations: expectationResults, invariantFailures: invariantFailures, summary: summarySections(),
            endTime: now)
    }

    /// Runs the scenario to its end, like ``run()``, for its verdict and figures only: the
    /// world is read once at the end (the link left to finish once, for the convergence
    /// invariant), and no summary sections or failure messages are built. `sweep` and `explore`
    /// take this path; a failing run is rerun with ``run()`` to show why.
    ///
    /// It keeps no trace: from its start the run's ``traceMode`` is ``TraceMode/off`` (nothing
    /// the verdict reads comes from the trace), so a simulation made with the default
    /// ``TraceMode/recorded`` gives the same verdict, only slower to build.
    ///
    /// The verdict agrees with ``run()``'s outcome: `passed`, the number of failed expectations,
    /// and one broken invariant per convergence problem (``ConvergenceChecker``) plus the event
    /// limit (a test checks this over many seeds).
    ///
    /// - Complexity: that of ``run()`` without its summary.
    public mutating func runForVerdict() -> ScenarioVerdict {
        var monitor = NoRunMonitor()
        return runForVerdict(monitor: &monitor)
    }

    /// ``runForVerdict()`` with `monitor` told of every event (`explore`'s invariants that are
    /// checked while the run goes, not only at its end).
    mutating func runForVerdict<Monitor: RunMonitor>(monitor: inout Monitor) -> ScenarioVerdict {
        traceMode = .off
        runScript(monitor: &monitor, keeping: .counts)
        // The settled world is read here once and not kept (``RunEnding/endedForVerdict(discrepancies:)``).
        let atEnd = syncDiscrepancies()
        let settled = settledCopy()
        ending = .endedForVerdict(discrepancies: atEnd)
        return verdict(loopStatus: loop.status, settled: settled)
    }

    /// ``runForVerdict(monitor:)`` for a caller that reads the world at the scenario's end only
    /// once: `observe` reads it (before the link is left to finish), and then this world itself
    /// is settled (``settleInPlace()``) instead of a copy of it. The verdict is the one
    /// ``runForVerdict(monitor:)`` gives (a test checks this over many seeds); afterwards this
    /// world is the settled world. `sweep` and `explore` take this path.
    ///
    /// - Complexity: that of ``runForVerdict(monitor:)`` without the copy of the world.
    mutating func runForVerdict<Monitor: RunMonitor, Observation>(
        monitor: inout Monitor, observingEnd observe: (ScenarioSimulation) -> Observation
    ) -> (verdict: ScenarioVerdict, observation: Observation) {
        traceMode = .off
        runScript(monitor: &monitor, keeping: .counts)
        let atEnd = Self.discrepancies(watch: watch.sync, phone: phone.sync)
        ending = .endedForVerdict(discrepancies: atEnd)
        let observation = observe(self)
        let loopStatus = loop.status
        let progress = (watch.sync.replica.progress, phone.sync.replica.progress)
        settleInPlace()
        // Settling that merged, held or released nothing leaves what the check reads as it was
        // (``ListReplica/progress``; no trail with the trace off): the check is not made again.
        let settled =
            (watch.sync.replica.progress, phone.sync.replica.progress) == progress
            ? atEnd : Self.discrepancies(watch: watch.sync, phone: phone.sync)
        ending = .settledCopy(discrepancies: settled)
        let verdict = ScenarioVerdict(
            seed: seed, expectationsChecked: expectationTally.checked, expectationsFailed: expectationTally.failed,
            loopStatus: loopStatus, discrepanciesSettled: settled, linkDeliveries: link.transport.deliveries)
        return (verdict, observation)
    }

    /// The verdict of this run, with the loop's status at the scenario's end and the world once
    /// its link was left to finish.
    private func verdict(loopStatus: EventLoopStatus, settled: ScenarioSimulation) -> ScenarioVerdict {
        ScenarioVerdict(
            seed: seed, expectationsChecked: expectationTally.checked, expectationsFailed: expectationTally.failed,
            loopStatus: loopStatus, discrepanciesSettled: settled.syncDiscrepancies(),
            linkDeliveries: settled.link.transport.deliveries)
    }

    /// Starts the features, schedules the script's actions, and handles every event until the
    /// scenario's end, checking each expectation step at its time and the final expectations.
    ///
    /// With `keeping: .counts` (the verdict's path) expectations are only counted: no
    /// ``ExpectationResult`` (label, location) is built.
    mutating func runScript<Monitor: RunMonitor>(monitor: inout Monitor, keeping: ExpectationKeeping = .results) {
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
        let prepared = self.prepared
        for index in prepared.actions.indices {
            loop.schedule(.step(index), at: prepared.actions[index].time)
        }
        for checkpoint in prepared.checkpoints {
            runEvents(notAfter: checkpoint.time, monitor: &monitor, effects: &effects)
            check(checkpoint.expectations, keeping: keeping)
        }
        runEvents(notAfter: scenario.end, monitor: &monitor, effects: &effects)
        check(scenario.finalExpectations, keeping: keeping)
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

    /// Checks `expectations` now, in order: counts them in ``expectationTally`` and, with
    /// `keeping: .results`, keeps each as an ``ExpectationResult`` (and traces it).
    ///
    /// - Complexity: that of the expectations' checks.
    mutating func check(_ expectations: [LocatedExpectation], keeping: ExpectationKeeping = .results) {
        guard !expectations.isEmpty else { return }
        guard case .results = keeping else {
            expectationTally.checked += expectations.count
            expectationTally.failed += failureCount(of: expectations)
            return
        }
        let failures = self.failures(of: expectations)
        for (index, failure) in failures.enumerated() {
            expectationTally.checked += 1
            if failure != nil { expectationTally.failed += 1 }
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

    /// Each expectation's failure in the world as it is now (`nil` when it holds), in order.
    ///
    /// - Complexity: that of the expectations' checks.
    func failures(of expectations: [LocatedExpectation]) -> [String?] {
        expectations.indices.map { expectations[$0].expectation.failure(in: self) }
    }

    /// How many of `expectations` fail in the world as it is now (``failures(of:)`` counted,
    /// with no array of them: the verdict's path).
    ///
    /// - Complexity: that of the expectations' checks.
    func failureCount(of expectations: [LocatedExpectation]) -> Int {
        var failed = 0
        for index in expectations.indices where expectations[index].expectation.failure(in: self) != nil {
            failed += 1
        }
        return failed
    }

    /// Starts the features' own processes (periodic refreshes, first app launch, faults), in a
    /// fixed order. A feature adds one line.
    mutating func startFeatures(into effects: inout WorldEffects) {
        var start = effects.count
        refreshContext()
        complication.start(context, into: &effects)
        performEffects(from: start, in: &effects)
        start = effects.count
        refreshContext()
        phone.start(context, into: &effects)
        performEffects(from: start, in: &effects)
        start = effects.count
        refreshContext()
        link.start(context, into: &effects)
        performEffects(from: start, in: &effects)
        start = effects.count
        refreshContext()
        watch.start(context, into: &effects)
        performEffects(from: start, in: &effects)
    }

    /// Properties every scenario must satisfy at its end, whatever it expects. A feature adds
    /// one term.
    func invariantFailures() -> [InvariantFailure] {
        watch.invariantFailures(in: self) + phone.invariantFailures(in: self) + link.invariantFailures(in: self)
            + complication.invariantFailures(in: self)
    }

    /// The summary sections of the run, in print order. A feature adds one term.
    func summarySections() -> [ReportSection] {
        watch.summary(in: self) + complication.summary(in: self) + phone.summary(in: self) + link.summary(in: self)
    }
}

/// What a run keeps of its expectation checks.
enum ExpectationKeeping {
    /// Every check as an ``ExpectationResult`` (with its label and location), and the counts.
    case results
    /// Only the counts (``ExpectationTally``): the verdict's path.
    case counts
}

/// How many expectations a run checked, and how many of them failed.
struct ExpectationTally: Sendable {
    var checked = 0
    var failed = 0
}

/// Sees a run after each event it handles (``ScenarioSimulation/runForVerdict(monitor:)``).
protocol RunMonitor {
    /// Called after each event, with the world as the event left it.
    mutating func handled(_ simulation: ScenarioSimulation)
}

/// The monitor of a plain run: it looks at nothing (and costs nothing once specialised).
struct NoRunMonitor: RunMonitor {
    mutating func handled(_ simulation: ScenarioSimulation) {}
}
