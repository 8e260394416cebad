import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// The `"checked"` expectation compares as a multiset: any order passes, and a missing, extra or
/// repeated name fails with the full description (its set-based quick path must agree).
@Suite struct CheckedExpectationTests {
    /// Weekly shop at its end: every item is checked off on the watch.
    static func ended() throws -> ScenarioSimulation {
        var simulation = ScenarioSimulation(scenario: try ShippedScenarios.decoded("weekly-shop.json"), trace: .off)
        _ = simulation.run()
        return simulation
    }

    @Test func holdsInAnyOrderAndFailsOnEveryDifference() throws {
        let simulation = try Self.ended()
        let checked = simulation.watchList.checkedItems
        try #require(checked.count > 3)
        let holds = CoreExpectations.Checked(items: checked.reversed())
        #expect(holds.failure(in: simulation) == nil)
        // In the order found (compared without hashing).
        #expect(CoreExpectations.Checked(items: checked).failure(in: simulation) == nil)

        let missing = CoreExpectations.Checked(items: Array(checked.dropLast()))
        #expect(missing.failure(in: simulation)?.contains("extra (1): \(checked.last!)") == true)

        let extra = CoreExpectations.Checked(items: checked + ["unicorn"])
        #expect(extra.failure(in: simulation)?.contains("missing (1): unicorn") == true)

        // Same count, one name repeated in place of another: a set of the expected names alone
        // would not see it.
        let repeated = CoreExpectations.Checked(items: Array(checked.dropLast()) + [checked[0]])
        let failure = try #require(repeated.failure(in: simulation))
        #expect(failure.contains("missing (1): \(checked[0])"), "\(failure)")
        #expect(failure.contains("extra (1): \(checked.last!)"), "\(failure)")
    }
}
