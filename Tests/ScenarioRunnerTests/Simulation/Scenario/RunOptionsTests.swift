import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// The one entry point's options (``RunOptions``): what a run keeps.
@Suite struct RunOptionsTests {
    static let text = """
        {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z",
         "items": [{"id": "kale", "title": "Kale"}, {"id": "eggs", "title": "Eggs"}],
         "script": [{"at": "+1m", "do": "tap", "item": "kale"},
                    {"at": "+2m", "expect": {"remaining": 2}},
                    {"at": "+3m", "do": "tap", "item": "eggs"},
                    {"at": "+4m", "expect": {"remaining": 0}}],
         "expect": {"checked": ["kale"]}}
        """

    static func world(trace: TraceMode = .recorded) throws -> ScenarioSimulation {
        ScenarioSimulation(scenario: try ScenarioDecoder.decode(Array(text.utf8), file: "s.json"), trace: trace)
    }

    @Test func aRunGoesOnPastAFailureByDefault() throws {
        var world = try Self.world()
        let outcome = world.run()
        #expect(outcome.expectations.map(\.passed) == [false, true, false])
        #expect(outcome.verdict.expectationsFailed == 2)
        #expect(outcome.trace.contains { $0.kind == "scenario.end" })
    }

    /// Keeping only the verdict: no trace, no results, no summary, the same verdict.
    @Test func keepingTheVerdictGivesTheSameVerdict() throws {
        var full = try Self.world()
        let everything = full.run()
        var thin = try Self.world()
        let verdict = thin.run(RunOptions(keeps: .verdict))
        #expect(verdict.trace.isEmpty && verdict.expectations.isEmpty && verdict.summary.isEmpty)
        #expect(verdict.verdict.expectationsChecked == everything.verdict.expectationsChecked)
        #expect(verdict.verdict.expectationsFailed == everything.verdict.expectationsFailed)
        #expect(verdict.verdict.passed == everything.passed)
        #expect(verdict.endTime == everything.endTime)
    }
}
