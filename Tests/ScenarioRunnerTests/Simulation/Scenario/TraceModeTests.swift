import CompanionModel
import Foundation
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// A run with the trace off (`TraceMode.off`, what `sweep` and `explore` use) keeps no trace and
/// ends in the same world as a recorded run: same expectations, invariants, lists and figures.
@Suite struct TraceModeTests {
    static func scenario(_ name: String) throws -> Scenario { try ShippedScenarios.decoded(name) }

    @Test func offKeepsNoTraceAndChangesNothingElse() throws {
        for name in [
            "weekly-shop.json", "duplicating-link.json", "reminders-weekday.json", "complication-saturday-shop.json",
            "phone-edits-mid-trip.json",
        ] {
            let scenario = try Self.scenario(name)
            for seed in UInt64(1)...3 {
                var recorded = ScenarioSimulation(scenario: scenario, seed: seed)
                let outcome = recorded.run()
                var off = ScenarioSimulation(scenario: scenario, seed: seed, trace: .off)
                let quiet = off.run()
                let label = "\(name) seed \(seed)"
                #expect(!outcome.trace.isEmpty, "\(label)")
                #expect(quiet.trace.isEmpty, "\(label): the trace is off")
                #expect(quiet.expectations.map(\.failure) == outcome.expectations.map(\.failure), "\(label)")
                #expect(quiet.invariantFailures.count == outcome.invariantFailures.count, "\(label)")
                #expect(off.watch.list == recorded.watch.list, "\(label)")
                #expect(off.watch.app.latencies == recorded.watch.app.latencies, "\(label)")
                #expect(off.phone.sync.replica == recorded.phone.sync.replica, "\(label)")
                #expect(off.link.transport.deliveries == recorded.link.transport.deliveries, "\(label)")
                #expect(off.now == recorded.now, "\(label)")
            }
        }
    }

    /// A run keeping only its verdict turns the trace off for the rest of the run, whatever the simulation was
    /// made with.
    @Test func verdictRunKeepsNoTrace() throws {
        var simulation = ScenarioSimulation(scenario: try Self.scenario("weekly-shop.json"))
        #expect(simulation.traceMode == .recorded)
        let verdict = simulation.run(RunOptions(keeps: .verdict)).verdict
        #expect(verdict.passed)
        #expect(simulation.traceMode == .off)
        #expect(simulation.trace.isEmpty)
    }
}
