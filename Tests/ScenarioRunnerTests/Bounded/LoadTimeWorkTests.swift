import ScenarioRunner
import SimulationKernel
import Testing

/// Issue #33 item 8: periodic work that would only run to the event limit (or past it, unseen by
/// it) is refused when the file is loaded, with a located error: periods below the documented
/// minimum, repeating reminders and app runs whose occurrences before the end exceed the event
/// limit, and an `"eventLimit"` above its ceiling (docs/limits.md, "The event limit").
@Suite struct LoadTimeWorkTests {
    static func scenario(_ extra: String) -> String {
        #"{"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z", "items": [{"id": "a", "title": "A"}], "script": []\#(extra)}"#
    }

    static func loadError(_ extra: String) -> String? {
        do {
            _ = try ScenarioDecoder.decode(Array(scenario(extra).utf8), file: "s.json")
            return nil
        } catch {
            return error.description
        }
    }

    /// watchOS grants an app with a complication about four background refreshes an hour: a
    /// complication that asks more often than once a minute, or budget rules that grant more than
    /// one a minute, are refused at the value.
    @Test(arguments: [
        (#", "complication": {"backgroundRefresh": {"every": "1ms"}}"#, "s.json:1:161: error: ", "at least 1m"),
        (
            #", "complication": {"budget": {"backgroundRefreshesPerHour": 3600}}"#, "s.json:1:171: error: ",
            "expected a whole number from 1 to 60, found 3600"
        ),
        (
            #", "complication": {"budget": {"backgroundRefreshInterval": "1s"}}"#, "s.json:1:170: error: ",
            "expected a background refresh interval of at least 1m (watchOS grants about four background refreshes an hour)"
        ),
    ])
    func refreshPeriodsBelowTheMinimumAreRefusedAtTheValue(extra: String, location: String, message: String) throws {
        let error = try #require(Self.loadError(extra))
        #expect(error.hasPrefix(location), "\(error)")
        #expect(error.contains(message), "\(error)")
    }

    /// A minute's refresh period is the shortest allowed.
    @Test func aMinutePeriodIsAllowed() {
        #expect(
            Self.loadError(
                #", "complication": {"backgroundRefresh": {"every": "1m"}, "budget": {"backgroundRefreshesPerHour": 60, "backgroundRefreshInterval": "1m"}}"#
            ) == nil)
    }

    /// Repeating reminders' deliveries and app runs before the end are known when the file is
    /// loaded; more of them than the event limit is a load error naming the counts.
    @Test(arguments: [
        (
            #", "end": "+3650d", "reminders": {"repeating": [{"id": "r", "start": "+0s", "every": "1m"}, {"id": "q", "start": "+0s", "every": "1h"}]}"#,
            "asks for 5343602 events before its end (5343602 repeating reminder deliveries)"
        ),
        (#", "end": "+36525d", "reminders": {"appRuns": {"every": "1m"}}"#, "52596000 app runs"),
        (
            #", "end": "+10d", "eventLimit": 1000, "reminders": {"appRuns": {"every": "1m", "until": "+1d"}}"#,
            "1440 app runs"
        ),
    ])
    func periodicOccurrencesBeyondTheLimitAreALoadError(extra: String, count: String) throws {
        let error = try #require(Self.loadError(extra))
        #expect(error.hasPrefix("s.json:1:"), "\(error)")
        #expect(error.contains(count), "\(error)")
        #expect(error.contains("more than the event limit of"), "\(error)")
    }

    /// Within the limit the same schedules load.
    @Test func periodicOccurrencesWithinTheLimitLoad() {
        #expect(
            Self.loadError(
                #", "end": "+30d", "reminders": {"repeating": [{"id": "r", "start": "+0s", "every": "1m"}]}"#) == nil)
        #expect(
            Self.loadError(
                #", "end": "+10d", "eventLimit": 1500, "reminders": {"appRuns": {"every": "1m", "until": "+1d"}}"#)
                == nil)
    }

    /// The ceiling of `"eventLimit"`.
    @Test func anEventLimitAboveTheCeilingIsRefused() throws {
        let error = try #require(Self.loadError(#", "eventLimit": 1000000000"#))
        #expect(error.contains("expected a whole number from 1 to \(ScenarioLimits.maximumEventLimit)"), "\(error)")
        #expect(ScenarioLimits.maximumEventLimit == 10_000_000)
        #expect(Self.loadError(#", "eventLimit": 10000000"#) == nil)
    }
}
