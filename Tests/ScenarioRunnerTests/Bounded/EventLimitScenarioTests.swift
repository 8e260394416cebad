import ScenarioRunner
import SimulationKernel
import Testing

/// Issue #15, "endless loops or unbounded memory from one number": a few hundred bytes that ask
/// for endless work end with a clear error at the event limit.
@Suite struct EventLimitScenarioTests {
    static func scenario(_ extra: String, script: String = "[]", items: String = #"[{"id": "a", "title": "A"}]"#)
        -> String
    {
        #"{"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z", "items": \#(items), "script": \#(script)\#(extra)}"#
    }

    static func run(_ text: String) throws -> ScenarioOutcome {
        let scenario = try ScenarioDecoder.decode(Array(text.utf8), file: "s.json")
        var simulation = ScenarioSimulation(scenario: scenario)
        return simulation.run()
    }

    /// Periodic work to the end of the range whose count is not known at load time (a century of
    /// background refreshes, each waiting on the system's grant) stops at the limit. App runs and
    /// repeating reminders, counted when the file is loaded, are refused then (LoadTimeWorkTests).
    @Test(arguments: [
        #", "end": "+36525d", "eventLimit": 2000, "complication": {"backgroundRefresh": {"every": "1m"}}"#
    ])
    func periodicWorkToTheEndOfTheRangeStopsAtTheLimit(extra: String) throws {
        let outcome = try Self.run(Self.scenario(extra))
        #expect(!outcome.passed)
        let broken = try #require(outcome.invariantFailures.first)
        #expect(broken.invariant == .eventLimit)
        let failure = broken.message
        #expect(failure.hasPrefix("s.json: error: the run was stopped at +"), "\(failure)")
        #expect(failure.contains("after scheduling 2000 events, its event limit"), "\(failure)")
    }

    /// Pushes of pushes: every series lazily schedules its next push, all bounded by the limit.
    @Test func manyLongPushSeriesStopAtTheLimit() throws {
        let steps = [String](
            repeating: #"{"at": "+1m", "do": "phoneComplicationUpdate", "count": 10000, "every": "1s"}"#, count: 100
        ).joined(separator: ",")
        let outcome = try Self.run(Self.scenario(#", "eventLimit": 5000"#, script: "[\(steps)]"))
        #expect(outcome.invariantFailures.first?.message.contains("its event limit") == true)
        #expect(outcome.invariantFailures.map(\.invariant) == [.eventLimit])
    }

    /// Where the count is known at load time (one event per action step), it is a load error.
    @Test func aScriptLongerThanTheLimitIsALoadError() {
        let steps = [String](repeating: #"{"at": "+1m", "do": "raiseWrist"}"#, count: 3).joined(separator: ",")
        #expect {
            try ScenarioDecoder.decode(
                Array(Self.scenario(#", "eventLimit": 2"#, script: "[\(steps)]").utf8), file: "s.json")
        } throws: { error in
            (error as? ScenarioError)?.description.contains("the script has 3 action steps, more than the event limit")
                == true
        }
    }

    @Test func aScenarioWithinTheLimitIsUnaffected() throws {
        let outcome = try Self.run(
            Self.scenario(#", "eventLimit": 10"#, script: #"[{"at": "+1m", "do": "raiseWrist"}]"#))
        #expect(outcome.passed, "\(outcome.invariantFailures)")
    }
}
