import ReminderScheduling
import Testing

@testable import ScenarioRunner

/// Rules of `docs/reminders.md` held at the scenario level (the phone feature).
@Suite struct RemindersRulesScenarioTests {
    private func simulate(_ json: String) throws -> (ScenarioSimulation, ScenarioOutcome) {
        let decoded = try ScenarioDecoder.decode(Array(json.utf8), file: "test.json")
        var simulation = ScenarioSimulation(scenario: decoded)
        let outcome = simulation.run()
        return (simulation, outcome)
    }

    /// Rule R3: a snooze tapped on an item already completed on the watch still runs the phone app,
    /// which refills its window, so the next reminder is not missed.
    @Test func snoozeOnACompletedItemRunsThePhoneApp() throws {
        let (simulation, outcome) = try simulate(
            """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "a", "title": "A", "due": "+1h"}, {"id": "b", "title": "B", "due": "+3h"}],
             "reminders": {"window": 1},
             "script": [
               {"at": "+1h5m", "do": "raiseWrist"}, {"after": "3s", "do": "tap", "item": "a"},
               {"at": "+2h", "do": "notificationAction", "item": "a", "action": "snooze"},
               {"at": "+3h1m", "expect": {"missedReminders": 0, "deliveries": [{"item": "a", "badge": 1}, {"item": "b", "badge": 1}]}}
             ]}
            """)
        #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
        let reasons = simulation.reminders?.harness.snapshots.map(\.reason) ?? []
        #expect(reasons.last == .notificationAction)
        #expect(
            outcome.trace.contains {
                $0.kind == "phone.notificationAction" && $0.fields.contains { $0.value == .string("ignoredCompleted") }
            })
    }

    /// Rule R6: without a "reminders" section the phone schedules with the defaults, so a
    /// notification action is handled and the badge is checked.
    @Test func runAndRemindersAgreeWithoutASection() throws {
        let (simulation, outcome) = try simulate(
            """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "a", "title": "A", "due": "+1h"}, {"id": "b", "title": "B", "due": "+2h"}],
             "script": [
               {"at": "+1h1m", "do": "notificationAction", "item": "a", "action": "complete"},
               {"at": "+2h1m", "expect": {"badge": 1}}
             ]}
            """)
        #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
        #expect(simulation.reminders?.settings.mode == .windowed)
        #expect(simulation.reminders?.harness.deliveries.map(\.identifier) == ["item:a", "item:b"])
    }

    /// Rule S3 in a scenario: opening the overflow notice is an app run that refills.
    @Test func theOverflowNoticeIsOpenedAndRefills() throws {
        let (simulation, outcome) = try simulate(
            """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "a", "title": "A", "due": "+1h"}, {"id": "b", "title": "B", "due": "+2h"},
                       {"id": "c", "title": "C", "due": "+3h"}],
             "reminders": {"scheduler": "overflowNotice", "window": 2, "noticeOpenedAfter": "5m"},
             "script": [], "end": "+4h"}
            """)
        #expect(outcome.passed)
        let harness = try #require(simulation.reminders?.harness)
        #expect(harness.snapshots.map(\.reason) == [.launch, .foreground, .foreground])
        #expect(harness.missed.isEmpty)
        #expect(outcome.trace.contains { $0.kind == "phone.refill" && $0.fields.contains { $0.key == "notice" } })
    }
}
