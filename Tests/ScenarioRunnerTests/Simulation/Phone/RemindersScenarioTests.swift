import ReminderScheduling
import Testing

@testable import ScenarioRunner

/// The reminders section, steps and expectations, and the phone using the scheduler.
@Suite struct RemindersScenarioTests {
    private func scenario(
        reminders: String, items: String, script: String, expect: String = "",
        end: String = ""
    ) throws -> Scenario {
        let json = """
            {"format": 1, "name": "t", "start": "2026-11-23T00:00:00Z",
             "items": [\(items)], "reminders": \(reminders), "script": [\(script)]\(expect.isEmpty ? "" : ", \"expect\": " + expect)\(end.isEmpty ? "" : ", \"end\": \"" + end + "\"")}
            """
        return try ScenarioDecoder.decode(Array(json.utf8), file: "test.json")
    }

    @Test func watchCheckOffLowersTheNextBadgesOnceItReachesThePhone() throws {
        let decoded = try scenario(
            reminders: "{}",
            items: """
                {"id": "a", "title": "A", "due": "+1h"}, {"id": "b", "title": "B", "due": "+2h"},
                {"id": "c", "title": "C", "due": "+3h"}
                """,
            script: """
                {"at": "+10m", "do": "tap", "item": "a"},
                {"at": "+3h", "expect": {"deliveries": [{"item": "b", "badge": 1}, {"item": "c", "badge": 2}], "badge": 2}}
                """)
        var simulation = ScenarioSimulation(scenario: decoded)
        let outcome = simulation.run()
        #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
        #expect(simulation.phone.reminders.harness.snapshots.map(\.reason) == [.launch, .watchMessage])
    }

    @Test func puttingAnItemBackOnTheWatchReopensItsReminder() throws {
        let decoded = try scenario(
            reminders: "{}",
            items:
                "{\"id\": \"a\", \"title\": \"A\", \"due\": \"+1h\"}, {\"id\": \"b\", \"title\": \"B\", \"due\": \"+2h\"}",
            script: """
                {"at": "+10m", "do": "tap", "item": "a"},
                {"at": "+11m", "expect": {"pendingNotifications": 1}},
                {"at": "+20m", "do": "tap", "item": "a"},
                {"at": "+2h", "expect": {"deliveries": [{"item": "a", "badge": 1}, {"item": "b", "badge": 2}]}}
                """)
        var simulation = ScenarioSimulation(scenario: decoded)
        let outcome = simulation.run()
        #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
    }

    @Test func setDueMovesTheReminderAndBackgroundRefreshRefills() throws {
        let decoded = try scenario(
            reminders: "{\"window\": 1, \"launchAt\": \"+5m\"}",
            items:
                "{\"id\": \"a\", \"title\": \"A\", \"due\": \"+1h\"}, {\"id\": \"b\", \"title\": \"B\", \"due\": \"+2h\"}",
            script: """
                {"at": "+10m", "do": "setDue", "item": "a", "due": "+3h"},
                {"after": "1m", "expect": {"pendingNotifications": 1, "overdue": []}},
                {"at": "+2h30m", "do": "backgroundRefresh"},
                {"at": "+3h", "expect": {"deliveries": [{"item": "b", "badge": 1}, {"item": "a", "badge": 2}], "missedReminders": 0}}
                """)
        var simulation = ScenarioSimulation(scenario: decoded)
        let outcome = simulation.run()
        #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
        #expect(
            simulation.phone.reminders.harness.snapshots.map(\.reason) == [.launch, .foreground, .backgroundRefresh])
    }

    @Test func failedExpectationSaysWhatWasFound() throws {
        let decoded = try scenario(
            reminders: "{\"window\": 1}",
            items:
                "{\"id\": \"a\", \"title\": \"A\", \"due\": \"+1h\"}, {\"id\": \"b\", \"title\": \"B\", \"due\": \"+2h\"}",
            script: "{\"at\": \"+3h\", \"expect\": {\"missedReminders\": [\"a\"]}}")
        var simulation = ScenarioSimulation(scenario: decoded)
        let outcome = simulation.run()
        #expect(outcome.failedExpectations.map(\.failure) == ["expected missed [a], found [b]"])
    }

    @Test func periodicAppRunsRefill() throws {
        let decoded = try scenario(
            reminders: "{\"window\": 2, \"appRuns\": {\"every\": \"1h\", \"from\": \"+90m\"}}",
            items: (1...5).map { "{\"id\": \"i\($0)\", \"title\": \"I\", \"due\": \"+\($0)h\"}" }.joined(
                separator: ","),
            script: "",
            expect: "{\"missedReminders\": 0, \"deliveries\": 5}", end: "+6h")
        var simulation = ScenarioSimulation(scenario: decoded)
        let outcome = simulation.run()
        #expect(outcome.failedExpectations.isEmpty, "\(outcome.failedExpectations.map(\.failure))")
    }

    @Test(arguments: [
        (
            "{\"scheduler\": \"lazy\"}",
            #"unknown scheduler "lazy"; expected one of: "windowed", "naive", "overflowNotice", "backgroundRefresh" (at"#
        ),
        ("{\"window\": 0}", "expected a whole number from 1 to 64"),
        ("{\"windw\": 3}", "unknown key"),
        ("{\"repeating\": [{\"id\": \"r\", \"start\": \"+1h\", \"every\": \"30s\"}]}", "at least 60s"),
        // Rule R5: a second repeating reminder with the same id is an error at its id, naming the first.
        (
            "{\"repeating\": [{\"id\": \"r\", \"start\": \"+1h\", \"every\": \"1h\"}, {\"id\": \"r\", \"start\": \"+2h\", \"every\": \"1d\"}]}",
            "test.json:2:119: error: duplicate repeating reminder id \"r\" (first at line 2, column 75)"
        ),
        (
            "{\"api\": \"legacy\", \"repeating\": [{\"id\": \"r\", \"start\": \"+1h\", \"every\": \"90m\"}]}",
            "the legacy API repeats only by calendar unit"
        ),
        ("{\"scheduler\": \"overflowNotice\", \"window\": 1}", "expected a whole number from 2 to 64"),
        ("{\"authorization\": \"maybe\"}", #"unknown authorization "maybe"; expected one of: "notDetermined","#),
        ("{\"refresh\": {\"every\": \"10s\"}}", "expected a refresh interval of at least 1m"),
        ("{\"refresh\": {\"task\": {\"wallLimit\": \"0s\"}}}", "expected wallLimit of more than 0s"),
        ("{\"refresh\": {\"task\": {\"cpuPerReminder\": \"2h\"}}}", "and at most 1h"),
        ("{\"refresh\": {\"task\": {\"cpus\": \"1s\"}}}", "unknown key"),
    ])
    func badSectionsAreRejectedWithPreciseMessages(section: String, message: String) throws {
        #expect {
            _ = try scenario(reminders: section, items: "{\"id\": \"a\", \"title\": \"A\"}", script: "")
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func notificationActionWithoutADeliveryIsIgnoredAndTraced() throws {
        let decoded = try scenario(
            reminders: "{}", items: "{\"id\": \"a\", \"title\": \"A\", \"due\": \"+1h\"}",
            script: "{\"at\": \"+10m\", \"do\": \"notificationAction\", \"item\": \"a\", \"action\": \"complete\"}")
        var simulation = ScenarioSimulation(scenario: decoded)
        let outcome = simulation.run()
        #expect(outcome.trace.contains { $0.kind == "phone.actionIgnored" })
        #expect(simulation.phone.reminders.harness.scheduler.state(of: "a") == .open(due: ReminderTime(seconds: 3_600)))
    }
}
