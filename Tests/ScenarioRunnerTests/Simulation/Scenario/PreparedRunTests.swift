import CompanionModel
import Foundation
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// Runs from a scenario prepared once (`PreparedScenario`, what `sweep` does) are the runs made
/// from the scenario itself, seed for seed; and the end of a run (the settled world, the
/// convergence checks) is worked out once and then answered from the cache, with the same answers.
@Suite struct PreparedRunTests {
    static func scenario(_ name: String) throws -> Scenario { try ShippedScenarios.decoded(name) }

    static let names = [
        "weekly-shop.json", "duplicating-link.json", "phone-app-killed-mid-trip.json", "reminders-weekday.json",
        "complication-saturday-shop.json", "phone-edits-mid-trip.json",
    ]

    @Test func preparedRunsAreTheSameRunsSeedForSeed() throws {
        for name in Self.names {
            let scenario = try Self.scenario(name)
            let prepared = PreparedScenario(scenario)
            for seed in UInt64(1)...4 {
                var fresh = ScenarioSimulation(scenario: scenario, seed: seed)
                let outcome = fresh.run()
                var reused = ScenarioSimulation(prepared: prepared, seed: seed)
                let again = reused.run()
                let label = "\(name) seed \(seed)"
                #expect(again.trace.elementsEqual(outcome.trace), "\(label)")
                #expect(again.expectations.map(\.failure) == outcome.expectations.map(\.failure), "\(label)")
                #expect(again.invariantFailures == outcome.invariantFailures, "\(label)")
                #expect(reused.watch.app.latencies == fresh.watch.app.latencies, "\(label)")
            }
        }
    }

    /// After `run()` the settled world and both convergence answers come from the run's end, and
    /// they are what settling and checking again give.
    @Test func theEndOfARunIsWorkedOutOnceWithTheSameAnswers() throws {
        for name in Self.names {
            var simulation = ScenarioSimulation(scenario: try Self.scenario(name), seed: 3)
            _ = simulation.run()
            guard case .ended(let cached, let atEnd) = simulation.ending else {
                Issue.record("\(name): the run's end is not cached")
                continue
            }
            var open = simulation
            open.ending = .open
            let settled = open.settled()
            #expect(cached.now == settled.now, "\(name)")
            #expect(cached.link.transport.deliveries == settled.link.transport.deliveries, "\(name)")
            #expect(atEnd.map(\.description) == open.syncDiscrepancies().map(\.description), "\(name)")
            #expect(
                simulation.settled().syncDiscrepancies().map(\.description)
                    == settled.syncDiscrepancies().map(\.description), "\(name)")
        }
    }
}
