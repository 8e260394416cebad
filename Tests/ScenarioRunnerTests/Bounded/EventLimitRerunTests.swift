import ScenarioRunner
import Testing

/// Issue #33 item 8: memory is bounded by the event limit. A run for untraced output that fails is
/// run again with its trace for its messages' trails, except a run stopped at its event limit:
/// recording every one of its events (a million by default) cost 1.4 GB, and a run that never
/// reached its end has no trail worth showing.
@Suite struct EventLimitRerunTests {
    static let text = #"""
        {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z", "items": [{"id": "a", "title": "A"}],
         "script": [], "end": "+36525d", "eventLimit": 500,
         "complication": {"backgroundRefresh": {"every": "15m"}}}
        """#

    @Test func aRunStoppedAtItsEventLimitIsNotRunAgainWithItsTrace() throws {
        let scenario = try ScenarioDecoder.decode(Array(Self.text.utf8), file: "s.json")
        let run = UntracedRun(scenario)
        #expect(!run.outcome.passed)
        #expect(run.outcome.invariantFailures.map(\.invariant).contains(.eventLimit))
        #expect(run.outcome.trace.count == 0, "kept trace events")
    }

    /// A failing run that reached its end is still run again for its trails.
    @Test func aFailingRunThatEndedIsRunAgainWithItsTrace() throws {
        let scenario = try ScenarioDecoder.decode(
            Array(
                #"""
                {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z", "items": [{"id": "a", "title": "A"}],
                 "script": [{"at": "+1s", "do": "tap", "item": "a"}], "expect": {"remaining": 5}}
                """#.utf8), file: "s.json")
        let run = UntracedRun(scenario)
        #expect(!run.outcome.passed)
        #expect(!run.outcome.trace.isEmpty)
    }
}
