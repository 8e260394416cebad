import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// The one entry point's options (``RunOptions``): what a run keeps, and whether it stops at the
/// first failure.
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

    @Test func aRunCanStopAtItsFirstFailure() throws {
        var world = try Self.world()
        let outcome = world.run(RunOptions(stopsAtFirstFailure: true))
        #expect(outcome.expectations.map(\.passed) == [false], "the checks after the first failure are not made")
        #expect(outcome.endTime == SimTime(offset: .minutes(2)))
        #expect(!outcome.trace.contains { $0["item"] == "eggs" }, "the second tap never happened")
        #expect(!outcome.passed && !outcome.verdict.passed)
    }

    /// Keeping only the verdict: no trace, no results, no summary, the same verdict.
    @Test(arguments: [false, true])
    func keepingTheVerdictGivesTheSameVerdict(stops: Bool) throws {
        var full = try Self.world()
        let everything = full.run(RunOptions(stopsAtFirstFailure: stops))
        var thin = try Self.world()
        let verdict = thin.run(RunOptions(keeps: .verdict, stopsAtFirstFailure: stops))
        #expect(verdict.trace.isEmpty && verdict.expectations.isEmpty && verdict.summary.isEmpty)
        #expect(verdict.verdict.expectationsChecked == everything.verdict.expectationsChecked)
        #expect(verdict.verdict.expectationsFailed == everything.verdict.expectationsFailed)
        #expect(verdict.verdict.passed == everything.passed)
        #expect(verdict.endTime == everything.endTime)
    }
}
