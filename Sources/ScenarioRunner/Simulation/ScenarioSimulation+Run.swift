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
        record(
            .scenarioStart,
            fieldList: [
                ("name", .string(scenario.name)),
                ("seed", .unsigned(seed)),
                ("watch", .string(scenario.watch)), ("items", .int(Int64(scenario.items.count))),
                ("wrist", .string(scenario.wrist.rawValue)),
            ])
        startFeatures()
        for (index, step) in scenario.script.enumerated() {
            if case .action = step.content { loop.schedule(.step(index), at: step.time) }
        }
        for step in scenario.script {
            guard case .expectations(let expectations) = step.content else { continue }
            runEvents(notAfter: step.time)
            check(expectations)
        }
        runEvents(notAfter: scenario.end)
        check(scenario.finalExpectations)
        let invariantFailures = eventLimitFailures() + invariantFailures()
        record(.scenarioEnd, fieldList: [("remaining", .int(Int64(watch.list.remainingCount)))])
        return ScenarioOutcome(
            scenario: scenario, seed: seed, trace: trace.events,
            expectations: expectationResults, invariantFailures: invariantFailures, summary: summarySections(),
            endTime: now)
    }

    /// Handles every event due at or before `limit`, then moves the clock to `limit`.
    mutating func runEvents(notAfter limit: SimTime) {
        while let event = loop.next(notAfter: limit) {
            handle(event)
        }
    }

    mutating func check(_ expectations: [LocatedExpectation]) {
        for located in expectations {
            let failure = located.expectation.failure(in: self)
            expectationResults.append(
                ExpectationResult(
                    time: now, location: located.location, path: located.path, label: located.expectation.label,
                    failure: failure))
            record(
                failure == nil ? .expectPassed : .expectFailed,
                fieldList: [("what", .string(located.expectation.label))]
                    + (failure.map { [("found", .string($0))] } ?? []))
        }
    }

    /// Starts the features' own processes (periodic refreshes, first app launch, faults), in a
    /// fixed order. A feature adds one line.
    mutating func startFeatures() {
        perform(complication.start(context))
        perform(phone.start(context))
        perform(link.start(context))
        perform(watch.start(context))
    }

    /// Properties every scenario must satisfy at its end, whatever it expects. A feature adds
    /// one term.
    func invariantFailures() -> [String] {
        watch.invariantFailures(in: self) + phone.invariantFailures(in: self) + link.invariantFailures(in: self)
            + complication.invariantFailures(in: self)
    }

    /// The summary sections of the run, in print order. A feature adds one term.
    func summarySections() -> [ReportSection] {
        watch.summary(in: self) + complication.summary(in: self) + phone.summary(in: self) + link.summary(in: self)
    }
}
