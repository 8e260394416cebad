import Foundation
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// A prepared scenario reads its script once into its action steps and its checkpoints
/// (`PreparedScenario.stepRuns`, `.checkpoints`); together they are the script, step for step,
/// in the script's order.
@Suite struct PreparedScriptTests {
    /// Every shipped scenario's file name.
    static func shippedNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: ShippedScenarios.folder.path)
            .filter { $0.hasSuffix(".json") && $0 != "scenario.schema.json" }.sorted()
    }

    @Test func actionsAndCheckpointsAreTheScriptInOrder() throws {
        let names = try Self.shippedNames()
        try #require(names.count > 20)
        for name in names {
            let scenario = try ShippedScenarios.decoded(name)
            let prepared = PreparedScenario(scenario)
            var actions = prepared.stepRuns[...]
            var checkpoints = prepared.checkpoints[...]
            for (index, step) in scenario.script.enumerated() {
                switch step.content {
                case .action:
                    let next = actions.popFirst()
                    let prepared = try #require(next, "\(name) step \(index): no prepared action")
                    #expect(prepared.time == step.time, "\(name) step \(index)")
                case .expectations(let expectations):
                    let next = checkpoints.popFirst()
                    let prepared = try #require(next, "\(name) step \(index): no checkpoint")
                    #expect(prepared.time == step.time, "\(name) step \(index)")
                    #expect(
                        prepared.expectations.map(\.expectation.label) == expectations.map(\.expectation.label),
                        "\(name) step \(index)")
                }
            }
            #expect(actions.isEmpty && checkpoints.isEmpty, "\(name): prepared steps left over")
        }
    }
}
