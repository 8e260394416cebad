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
        var simulation = try Self.ended()
        let checked = simulation.watch.list.checkedItems
        try #require(checked.count > 3)
        let holds = CoreExpectations.Checked(items: checked.reversed()).failure(in: &simulation)
        #expect(holds == nil)
        // In the order found (compared without hashing).
        let inOrder = CoreExpectations.Checked(items: checked).failure(in: &simulation)
        #expect(inOrder == nil)

        let missing = CoreExpectations.Checked(items: Array(checked.dropLast())).failure(in: &simulation)
        #expect(missing?.contains("extra (1): \(checked.last!)") == true)

        let extra = CoreExpectations.Checked(items: checked + ["unicorn"]).failure(in: &simulation)
        #expect(extra?.contains("missing (1): unicorn") == true)

        // Same count, one name repeated in place of another: a set of the expected names alone
        // would not see it.
        let repeated = CoreExpectations.Checked(items: Array(checked.dropLast()) + [checked[0]])
        let found = repeated.failure(in: &simulation)
        let failure = try #require(found)
        #expect(failure.contains("missing (1): \(checked[0])"), "\(failure)")
        #expect(failure.contains("extra (1): \(checked.last!)"), "\(failure)")
    }
}
