import CompanionModel
import Foundation
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// `explore` applies each run's faults to the decoded scenario (``ExploreTransform``) instead of
/// writing and decoding a file per run; a reproduction is the written file. Both must be the same
/// scenario, or a reproduction would not be exact.
@Suite struct ExploreTransformTests {
    static func explorer(_ name: String, seed: UInt64 = 5) throws -> ExploreRunner {
        let path = ShippedScenarios.path(name)
        return try ExploreRunner(
            file: path, root: try JSONParser.parse(try ShippedScenarios.bytes(name), file: path), seed: seed)
    }

    /// Everything of a scenario a run depends on, as text (step locations and the description
    /// left out: no run reads them).
    static func fingerprint(_ scenario: Scenario) -> [String] {
        var lines = [
            "seed \(scenario.seed) start \(scenario.start) end \(scenario.end) watch \(scenario.watch)",
            "wrist \(scenario.wrist) eventLimit \(scenario.eventLimit.maximum)",
            "items \(scenario.items)", "history \(scenario.history)",
            "final expectations \(scenario.finalExpectations.count)",
            "link \(String(describing: scenario.sections.link?.configuration)) "
                + "\(String(describing: scenario.sections.link?.complicationBudgetResetsAt))",
            "pipeline \(String(describing: scenario.sections.pipeline))",
            "complication \(String(describing: scenario.sections.complication))",
            "reminders \(String(describing: scenario.sections.reminders))",
        ]
        for step in scenario.script {
            lines.append("\(step.time) \(step.content)")
        }
        return lines
    }

    /// For many runs of shipped scenarios with and without a `"link"` section and reminders, the
    /// typed transform gives the scenario the written reproduction file decodes to; for some of
    /// them the full runs' traces are identical too.
    @Test(arguments: [
        "weekly-shop.json", "reminders-weekday.json", "phone-app-killed-mid-trip.json", "duplicating-link.json",
    ])
    func typedTransformEqualsTheWrittenFile(name: String) throws {
        let explorer = try ExploreTransformTests.explorer(name)
        var compared = 0
        for run in UInt64(0)..<250 {
            let seed = explorer.runSeed(run)
            let faults = explorer.faults(run)
            let typed = explorer.transform.scenario(seed: seed, faults: faults)
            let tree = explorer.variant.tree(seed: seed, faults: faults)
            let text = try #require(tree.jsonValue?.pretty(), "run \(run) seed \(seed): the file cannot be written")
            let written = try? ScenarioDecoder.decode(Array(text.utf8), file: "repro.json")
            #expect((typed == nil) == (written == nil), "run \(run) seed \(seed): only one of them is a scenario")
            guard let typed, let written else { continue }
            compared += 1
            let (left, right) = (ExploreTransformTests.fingerprint(typed), ExploreTransformTests.fingerprint(written))
            if left != right {
                let difference = zip(left, right).first { $0 != $1 }.map { "transform: \($0.0)\nfile:      \($0.1)" }
                Issue.record("run \(run) seed \(seed) of \(name) differs: \(difference ?? "in the number of steps")")
            }
            if run < 6 {
                var fromTransform = ScenarioSimulation(scenario: typed)
                var fromFile = ScenarioSimulation(scenario: written)
                #expect(
                    fromTransform.run().trace == fromFile.run().trace,
                    "run \(run) seed \(seed) of \(name): traces differ")
            }
        }
        #expect(compared > 200, "most draws are scenarios (\(compared) of 250)")
    }

    /// A draw the file cannot express is no scenario either way: here fault steps would take the
    /// script past its event limit, which decoding rejects; a fault that adds no step is fine.
    @Test func aDrawTheFileRejectsIsNoScenarioEitherWay() throws {
        let text = ExploreTests.scenarioText.replacingOccurrences(
            of: #""pipeline": "instant","#, with: #""pipeline": "instant", "eventLimit": 4,"#)
        let explorer = try ExploreRunner(
            file: "e.json", root: try JSONParser.parse(Array(text.utf8), file: "e.json"), seed: 1)
        let overLimit: [ExploreFault] = [.wristDown(at: .zero + .seconds(5), length: .seconds(3))]
        #expect(explorer.transform.scenario(seed: 7, faults: overLimit) == nil)
        let file = try #require(explorer.variant.tree(seed: 7, faults: overLimit).jsonValue?.pretty())
        #expect(throws: ScenarioError.self) { try ScenarioDecoder.decode(Array(file.utf8), file: "repro.json") }
        let linkOnly: [ExploreFault] = [.duplicates(perMille: 100)]
        let scenario = try #require(explorer.transform.scenario(seed: 7, faults: linkOnly))
        #expect(scenario.sections.link?.configuration.faults.duplicateProbability == 0.1)
        #expect(scenario.script.count == 4)
    }

    /// Fault steps go after the base steps of the same time, in the order the faults added them.
    @Test func addedStepsMergeAfterBaseStepsOfTheSameTime() throws {
        func step(_ seconds: Int64, _ path: String) -> ScriptStep {
            ScriptStep(
                time: .zero + .seconds(seconds), location: SourceLocation(line: 1, column: 1), path: path,
                content: .expectations([]))
        }
        let merged = ExploreTransform.merged(
            [step(1, "a"), step(5, "b"), step(5, "c")], [step(5, "x"), step(0, "y"), step(9, "z"), step(5, "w")])
        #expect(merged.map(\.path) == ["y", "a", "b", "c", "x", "w", "z"])
    }
}
