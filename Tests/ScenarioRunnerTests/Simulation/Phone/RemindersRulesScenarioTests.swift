import CompanionModel
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
        let reasons = simulation.phone.reminders.harness.snapshots.map(\.reason)
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
        #expect(simulation.phone.reminders.settings.mode == .windowed)
        #expect(simulation.phone.reminders.harness.deliveries.map(\.identifier) == ["item:a", "item:b"])
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
        let harness = simulation.phone.reminders.harness
        // The first notice counts b and c; once opened, they fit in W = 2 and no notice is sent (S3).
        #expect(harness.snapshots.map(\.reason) == [.launch, .foreground])
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
        #expect(
            simulation.phone.reminders.harness.scheduler.state(of: "a") == .completed(due: ReminderTime(seconds: 5_400))
        )
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
        let harness = simulation.phone.reminders.harness
        #expect(harness.deliveries.map(\.identifier) == ["item:b"])
        #expect(harness.scheduler.state(of: "a") == .removed)
        #expect(simulation.phone.reminders.overdue(at: SimTime.zero + SimDuration.hours(4)).map(\.item) == ["b"])
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

    /// Rule S6: a background refresh whose refill runs longer than an iPhone refresh task may (30 s)
    /// is terminated by the watchdog with 0x8badf00d; the trace and the summary say so, and no next
    /// refresh comes until the app runs again.
    @Test(arguments: [
        (#"{"cpuPerReminder": "11s"}"#, "0x8badf00d", "watchdog: refilling 3 reminders takes 33s"),
        (#"{"wall": "31s"}"#, "0x8badf00d", "watchdog: refilling 3 reminders takes 31s"),
    ])
    func anOverrunningBackgroundRefillIsTerminated(task: String, code: String, why: String) throws {
        let (simulation, outcome) = try simulate(
            """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "a", "title": "A", "due": "+1h"}, {"id": "b", "title": "B", "due": "+2h"},
                       {"id": "c", "title": "C", "due": "+3h"}],
             "reminders": {"scheduler": "backgroundRefresh", "window": 1,
                           "refresh": {"every": "30m", "timing": "punctual", "task": \(task)}},
             "script": [
               {"at": "+31m", "expect": {"backgroundTasksTerminated": 1, "pendingNotifications": 1}},
               {"at": "+5h", "expect": {"backgroundTasksTerminated": 1, "missedReminders": ["b", "c"]}}
             ]}
            """)
        #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
        let harness = simulation.phone.reminders.harness
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
                           "refresh": {"every": "30m", "timing": "punctual", "task": {"cpuPerReminder": "1s", "wall": "14s"}}},
             "script": [{"at": "+5h", "expect": {"backgroundTasksTerminated": 0, "missedReminders": 0}}]}
            """)
        #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
        let tasks = simulation.phone.reminders.harness.snapshots.compactMap(\.backgroundTask)
        #expect(!tasks.isEmpty && tasks.allSatisfy { $0 == .completed })
    }

    // MARK: - Issue #33

    /// R16: a delivery at the instant of a Complete is counted before it: `reminders`,
    /// `--compare` and the chart agree that its badge was right.
    @Test func aDeliveryAtTheInstantOfACompleteIsCountedBeforeIt() throws {
        let json = """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "a", "title": "A", "due": "+1h"}, {"id": "b", "title": "B", "due": "+2h"}],
             "script": [{"at": "+2h", "do": "notificationAction", "item": "a", "action": "complete"}],
             "end": "+3h"}
            """
        let (simulation, outcome) = try simulate(json)
        #expect(outcome.passed)
        let phone = simulation.phone.reminders.advanced(to: simulation.now)
        #expect(phone.harness.deliveries.map(\.appBadge) == [1, 2])
        #expect(phone.harness.deliveries.map(\.overdueAtFire) == [1, 2])
        #expect(phone.wrongBadges == 0)
        let scenario = try ScenarioDecoder.decode(Array(json.utf8), file: "test.json")
        let windowed = RemindersComparison(scenario: scenario, seed: nil).rows.first { $0.strategy == .windowed }
        #expect(windowed?.wrongBadges == 0)
        #expect(!RemindersChartSVG(phone: phone, scenario: scenario).document.contains("WRONG"))
    }

    /// R2, R15: an item checked off while it had no due date stays completed when `setDue` gives
    /// it one; a removed item ignores it.
    @Test func setDueOnACheckedOffItemWithoutADueDateDoesNotCount() throws {
        let (simulation, outcome) = try simulate(
            """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}],
             "script": [
               {"at": "+1m", "do": "phoneCheckItem", "item": "a"},
               {"at": "+2m", "do": "setDue", "item": "a", "due": "+1h"},
               {"at": "+3m", "do": "phoneRemoveItem", "item": "b"},
               {"at": "+4m", "do": "setDue", "item": "b", "due": "+1h"},
               {"at": "+2h", "expect": {"badge": 0, "deliveries": 0, "overdue": [], "missedReminders": 0}}
             ]}
            """)
        #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
        #expect(
            simulation.phone.reminders.harness.scheduler.state(of: "a") == .completed(due: ReminderTime(seconds: 3_600))
        )
    }

    /// R2, R15: a check-off of an item without a date tells the scheduler nothing (the app runs),
    /// also for one removed with its date and added back; a date set on it later keeps it unarmed
    /// (completed with that date), and put back it is due at that date.
    @Test func aCheckedOffItemWithoutADateGetsADateUnarmed() throws {
        let (simulation, outcome) = try simulate(
            """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "a", "title": "A", "due": "+1h"}, {"id": "b", "title": "B"}],
             "script": [
               {"at": "+1m", "do": "phoneRemoveItem", "item": "a"},
               {"at": "+2m", "do": "phoneAddItem", "item": "a", "title": "A"},
               {"at": "+3m", "do": "phoneCheckItem", "item": "a"},
               {"at": "+4m", "do": "phoneCheckItem", "item": "b"},
               {"at": "+5m", "do": "setDue", "item": "a", "due": "+2h"},
               {"at": "+6m", "do": "setDue", "item": "b", "due": "+2h"},
               {"at": "+3h", "expect": {"badge": 0, "deliveries": 0, "overdue": [], "missedReminders": 0}},
               {"at": "+3h1m", "do": "phoneUncheckItem", "item": "b"},
               {"at": "+3h2m", "expect": {"overdue": ["b"], "badge": 1}}
             ]}
            """)
        #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
        #expect(
            simulation.phone.reminders.harness.scheduler.state(of: "a") == .completed(due: ReminderTime(seconds: 7_200))
        )
    }

    /// R2: checked off, given a new date, put back: the item is due, and overdue, at the new date.
    @Test func reopeningComesBackWithTheDateSetWhileCompleted() throws {
        let (simulation, outcome) = try simulate(
            """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "a", "title": "A", "due": "+1h"}],
             "script": [
               {"at": "+1m", "do": "phoneCheckItem", "item": "a"},
               {"at": "+2m", "do": "setDue", "item": "a", "due": "+3h"},
               {"at": "+3m", "do": "phoneUncheckItem", "item": "a"},
               {"at": "+2h", "expect": {"overdue": [], "badge": 0}},
               {"at": "+3h1m", "expect": {"overdue": ["a"], "badge": 1, "deliveries": [{"item": "a", "badge": 1}]}}
             ]}
            """)
        #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
        let overdue = simulation.phone.reminders.overdue(at: SimTime(offset: .seconds(4 * 3_600)))
        #expect(overdue.map(\.due) == [SimTime(offset: .seconds(3 * 3_600))])
    }

    /// R2: an item checked off before the app first ran is loaded completed: the launch still
    /// refills (it used to fail on the unknown item and schedule nothing).
    @Test func aCheckOffBeforeTheFirstRunStillLaunches() throws {
        let (simulation, outcome) = try simulate(
            """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "a", "title": "A", "due": "+1h"}, {"id": "b", "title": "B", "due": "+2h"}],
             "reminders": {"launchAt": "+30m"},
             "script": [
               {"at": "+1m", "do": "phoneCheckItem", "item": "a"},
               {"at": "+2m", "expect": {"pendingNotifications": 1}},
               {"at": "+3h", "expect": {"deliveries": [{"item": "b", "badge": 1}], "missedReminders": 0}}
             ]}
            """)
        #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
        #expect(
            simulation.phone.reminders.harness.scheduler.state(of: "a") == .completed(due: ReminderTime(seconds: 3_600))
        )
    }

    /// S3, R8: `--scheduler overflowNotice` on a scenario with W = 1 runs and reports W = 2.
    @Test func anOverflowNoticeWithAWindowOfOneRunsAndReportsTwo() throws {
        var settings = RemindersSettings()
        settings.window = 1
        settings.mode = .overflowNotice
        let phone = PhoneReminders(settings: settings, items: [], catalog: ItemCatalog([]))
        #expect(phone.settings.window == 2)
        #expect(phone.harness.scheduler.configuration.windowSize == 2)
    }

    /// R18: durations and times of the `reminders` section are whole seconds; a fraction is a
    /// located error instead of being dropped.
    @Test(arguments: [
        "{\"snooze\": \"30m500ms\"}", "{\"appRuns\": {\"every\": \"90500ms\"}}",
        "{\"appRuns\": {\"every\": \"1h\", \"from\": \"+1h250ms\"}}", "{\"launchAt\": \"+1500ms\"}",
        "{\"noticeOpenedAfter\": \"1500ms\"}",
    ])
    func fractionsOfASecondAreRejected(section: String) {
        let json = """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z", "items": [{"id": "a", "title": "A"}], "reminders": \(section), "script": []}
            """
        #expect {
            _ = try ScenarioDecoder.decode(Array(json.utf8), file: "test.json")
        } throws: { error in
            "\(error)".contains("test.json:1:") && "\(error)".contains("expected whole seconds")
        }
    }

    /// Issue #33 item 8: every delivery is an event the event limit counts, so many repeating
    /// reminders firing every minute stop at the limit (a located failure) instead of piling up
    /// deliveries without bound (8 a minute for two days is 23,040 deliveries but 2,880 instants).
    @Test func deliveriesCountAgainstTheEventLimit() throws {
        let repeating = (0..<8).map { "{\"id\": \"r\($0)\", \"title\": \"R\", \"start\": \"+1m\", \"every\": \"1m\"}" }
        // Loaded with room for its deliveries (a file asking for more than its limit is refused
        // when loaded, LoadTimeWorkTests), then run with a limit of 10,000: the run-time count.
        var decoded = try ScenarioDecoder.decode(
            Array(
                """
                {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z", "eventLimit": 100000,
                 "items": [{"id": "a", "title": "A"}],
                 "reminders": {"repeatingBadges": "noBadge", "repeating": [\(repeating.joined(separator: ", "))]},
                 "script": [], "end": "+2d"}
                """.utf8), file: "test.json")
        decoded.eventLimit = EventLimit(10_000)
        var simulation = ScenarioSimulation(scenario: decoded)
        let outcome = simulation.run()
        #expect(
            outcome.invariantFailures.map(\.description).contains { $0.contains("eventLimit") || $0.contains("event") })
        #expect(simulation.phone.reminders.harness.deliveries.count <= 10_000)
    }
}
