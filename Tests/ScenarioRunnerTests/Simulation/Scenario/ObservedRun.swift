import CompanionModel
import SimulationKernel

@testable import ScenarioRunner

/// One run of a prepared scenario and what leaving its link to finish gives, in comparable form:
/// what the tests that run the same world two ways (a quick path against the plain one) compare.
struct ObservedRun: Equatable {
    var trace: [String]
    var expectations: [String]
    var invariantFailures: [String]
    var summary: [String]
    var endTime: SimTime
    var scheduled: Int
    var stopped: Bool
    var settledNow: SimTime
    var settledScheduled: Int
    var settledTrace: [String]

    /// Runs `prepared` with `seed` (its trace kept), the world set up by `configure` first.
    init(_ prepared: PreparedScenario, seed: UInt64, configure: (inout ScenarioSimulation) -> Void) {
        var simulation = ScenarioSimulation(prepared: prepared, seed: seed)
        configure(&simulation)
        let outcome = simulation.run()
        let formatter = TraceFormatter(start: prepared.scenario.start)
        trace = outcome.trace.indices.map { formatter.text(outcome.trace[$0]) }
        expectations = outcome.expectations.map { "\($0.time) \($0.label) \($0.failure ?? "held")" }
        invariantFailures = outcome.invariantFailures.map(\.message)
        summary = outcome.summary.flatMap { section in
            section.rows.map { "\(section.title).\($0.key) \($0.text ?? $0.value.text)" }
        }
        endTime = outcome.endTime
        scheduled = simulation.loop.scheduledCount
        stopped = simulation.loop.status.exceeded != nil
        let settled = simulation.settled()
        settledNow = settled.now
        settledScheduled = settled.loop.scheduledCount
        settledTrace = settled.trace.indices.map { formatter.text(settled.trace[$0]) }
    }

    /// `scenario` ended at an instant drawn from `seed` within it: the run stops with whatever is
    /// in flight (messages, reply timeouts, taps in the pipeline).
    static func cutShort(_ scenario: Scenario, seed: UInt64) -> Scenario {
        var cut = scenario
        cut.end = SimTime(
            nanoseconds: Int64(seed &* 0x9E37_79B9_7F4A_7C15 % UInt64(max(1, scenario.end.nanoseconds))))
        return cut
    }
}
