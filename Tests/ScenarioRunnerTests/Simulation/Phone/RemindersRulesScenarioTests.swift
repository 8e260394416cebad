import ReminderScheduling
import SimulationKernel
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
        let reasons = simulation.reminders.harness.snapshots.map(\.reason)
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
        #expect(simulation.reminders.settings.mode == .windowed)
        #expect(simulation.reminders.harness.deliveries.map(\.identifier) == ["item:a", "item:b"])
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
        let harness = simulation.reminders.harness
        #expect(harness.snapshots.map(\.reason) == [.launch, .foreground, .foreground])
        #expect(harness.missed.isEmpty)
        #expect(outcome.trace.contains { $0.kind == "phone.refill" && $0.fields.contains { $0.key == "notice" } })
    }

    /// Rule R2: changing the due date of an item checked off on the watch does not re-arm it: no
    /// alert, and the badge and the overdue list count only incomplete items.
    @Test func setDueOnACheckedOffItemDoesNotRearmIt() throws {
        let (simulation, outcome) = try simulate(
            """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "a", "title": "A", "due": "+1h"}, {"id": "b", "title": "B", "due": "+2h"}],
             "script": [
               {"at": "+10m", "do": "raiseWrist"}, {"after": "3s", "do": "tap", "item": "a"},
               {"at": "+20m", "do": "setDue", "item": "a", "due": "+90m"},
               {"at": "+3h", "expect": {"remaining": 1, "badge": 1, "overdue": ["b"],
                                        "deliveries": [{"item": "b", "badge": 1}]}}
             ]}
            """)
        #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
        #expect(simulation.reminders.harness.scheduler.state(of: "a") == .completed(due: ReminderTime(seconds: 5_400)))
    }

    /// Rule R15: removing an item in the phone app cancels its pending notification and its held
    /// reminder, and no badge counts it any more.
    @Test func removingAnItemCancelsItsReminders() throws {
        let (simulation, outcome) = try simulate(
            """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "a", "title": "A", "due": "+1h"}, {"id": "b", "title": "B", "due": "+2h"},
                       {"id": "c", "title": "C", "due": "+3h"}],
             "reminders": {"window": 1},
             "script": [
               {"at": "+10m", "do": "phoneRemoveItem", "item": "a"},
               {"after": "1s", "do": "phoneRemoveItem", "item": "c"},
               {"at": "+3h1m", "expect": {"missedReminders": 0, "deliveries": [{"item": "b", "badge": 1}], "badge": 1}}
             ]}
            """)
        #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
        let harness = simulation.reminders.harness
        #expect(harness.deliveries.map(\.identifier) == ["item:b"])
        #expect(harness.scheduler.state(of: "a") == .removed)
        #expect(simulation.reminders.overdue(at: SimTime.zero + SimDuration.hours(4)).map(\.item) == ["b"])
    }

    /// Rule R15: removing an item after it came due lowers the app badge at once (the phone
    /// app runs and sets it to the items overdue then).
    @Test func aRemovalLowersTheAppBadge() throws {
        let (_, outcome) = try simulate(
            """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "a", "title": "A", "due": "+1h"}, {"id": "b", "title": "B", "due": "+2h"}],
             "script": [
               {"at": "+1h1m", "expect": {"badge": 1}},
               {"at": "+1h5m", "do": "phoneRemoveItem", "item": "a"},
               {"at": "+1h6m", "expect": {"badge": 0}},
               {"at": "+2h1m", "expect": {"badge": 1, "deliveries": [{"item": "a", "badge": 1}, {"item": "b", "badge": 1}]}}
             ]}
            """)
        #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
    }

    /// Rule S6: a background refresh whose refill needs more CPU than a background task may use is
    /// terminated with 0xc51bad01 (too much wall time: 0xc51bad02); the trace and the summary say so,
    /// and no next refresh comes until the app runs again.
    @Test(arguments: [
        (#"{"cpuPerReminder": "2s"}"#, "0xc51bad01", "too much CPU time: refilling 3 reminders needs 6s"),
        (#"{"wall": "20s"}"#, "0xc51bad02", "too much wall time: refilling 3 reminders takes 20s"),
    ])
    func anOverrunningBackgroundRefillIsTerminated(task: String, code: String, why: String) throws {
        let (simulation, outcome) = try simulate(
            """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "a", "title": "A", "due": "+1h"}, {"id": "b", "title": "B", "due": "+2h"},
                       {"id": "c", "title": "C", "due": "+3h"}],
             "reminders": {"scheduler": "backgroundRefresh", "window": 1, "refresh": {"every": "30m", "task": \(task)}},
             "script": [
               {"at": "+31m", "expect": {"backgroundTasksTerminated": 1, "pendingNotifications": 1}},
               {"at": "+5h", "expect": {"backgroundTasksTerminated": 1, "missedReminders": ["b", "c"]}}
             ]}
            """)
        #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
        let harness = simulation.reminders.harness
        #expect(harness.terminations.map(\.code) == [code])
        #expect(harness.terminations.first?.detail.hasPrefix(why) == true, "\(harness.terminations)")
        #expect(harness.scheduledRefresh == nil)
        #expect(harness.snapshots.map(\.reason) == [.launch, .backgroundRefresh])
        let refill = outcome.trace.first { $0.kind == "phone.refill" && $0.fields.contains { $0.key == "terminated" } }
        #expect(refill?.fields.first { $0.key == "terminated" }?.value == .string(code))
        let summary = simulation.phone.summary(in: simulation).flatMap(\.rows)
        #expect(summary.contains { $0.key == "backgroundTasksTerminated" && $0.value == .int(1) })
    }

    /// Rule S6: within its limits the same refill completes and every refresh refills.
    @Test func aRefillWithinItsLimitsCompletes() throws {
        let (simulation, outcome) = try simulate(
            """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "a", "title": "A", "due": "+1h"}, {"id": "b", "title": "B", "due": "+2h"},
                       {"id": "c", "title": "C", "due": "+3h"}],
             "reminders": {"scheduler": "backgroundRefresh", "window": 1,
                           "refresh": {"every": "30m", "task": {"cpuPerReminder": "1s", "wall": "14s"}}},
             "script": [{"at": "+5h", "expect": {"backgroundTasksTerminated": 0, "missedReminders": 0}}]}
            """)
        #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
        let tasks = simulation.reminders.harness.snapshots.compactMap(\.backgroundTask)
        #expect(!tasks.isEmpty && tasks.allSatisfy { $0 == .completed })
    }
}
