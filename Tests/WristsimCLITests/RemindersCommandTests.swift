import Foundation
import Testing

/// `wristsim reminders` against the built binary.
@Suite struct RemindersCommandTests {
    @Test func textReportListsWindowsDeliveriesAndMisses() throws {
        let result = try CLI.run(["reminders", "Scenarios/reminders-two-weeks.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("pending window after each app run (33 runs)"))
        #expect(result.stdout.contains("deliveries (163 alerts, 0 badge-only)"))
        #expect(result.stdout.contains("missed (37)"))
        #expect(result.stdout.contains("2026-11-29 13:40  item:r109"))
        #expect(result.stdout.contains("outside the window: the app last ran at 2026-11-29 07:00"))
        #expect(result.stdout.contains("pendingMax  60 (system limit 64)"))
    }

    @Test func jsonHasDeliveriesMissedAndPendingMax() throws {
        let result = try CLI.run(["reminders", "Scenarios/reminders-weekday.json", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "wristsim.reminders/2")
        #expect(object["pendingMax"] as? Int == 10)
        let deliveries = try #require(object["deliveries"] as? [[String: Any]])
        #expect(deliveries.count == 10)
        #expect(deliveries.first?["at"] as? String == "2026-11-23T08:00:00.000Z")
        #expect(deliveries.first?["item"] as? String == "milk")
        #expect(deliveries.first?["badge"] as? Int == 1)
        #expect((object["missed"] as? [Any])?.isEmpty == true)
    }

    /// A background refresh the system terminates is in the JSON as in the text: the window of
    /// that run says how its task ended, with the crash report's exception code.
    @Test func jsonSaysHowEachBackgroundTaskEnded() throws {
        let result = try CLI.run(["reminders", "Scenarios/reminders-refresh-overrun.json", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let windows = try #require(object["windows"] as? [[String: Any]])
        let tasks = windows.map { ($0["trigger"] as? String, $0["backgroundTask"] as? [String: Any]) }
        #expect(tasks.filter { $0.0 != "backgroundRefresh" }.allSatisfy { $0.1 == nil })
        let refreshes = tasks.filter { $0.0 == "backgroundRefresh" }.map { $0.1?["code"] as? String }
        #expect(refreshes == ["terminated"] + Array(repeating: "completed", count: 7))
        let terminated = try #require(tasks.first { $0.1?["code"] as? String == "terminated" }?.1)
        #expect(terminated["exceptionCode"] as? String == "0x8badf00d", "an iPhone refresh task: the watchdog")
        #expect((terminated["message"] as? String)?.contains("watchdog") == true)
        let text = try CLI.run(["reminders", "Scenarios/reminders-refresh-overrun.json"])
        #expect(text.stdout.contains("    " + (terminated["message"] as? String ?? "-")), "the text says the same")
    }

    @Test func naiveOverrideShowsTheSilentDrops() throws {
        let result = try CLI.run(["reminders", "Scenarios/reminders-two-weeks.json", "--scheduler", "naive", "--json"])
        #expect(result.status == 1, "the scenario's expectations are written for the windowed scheduler")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["scheduler"] as? String == "naive")
        #expect(object["pendingMax"] as? Int == 64)
        let missed = try #require(object["missed"] as? [[String: Any]])
        #expect(missed.count == 136)
        #expect(missed.first?["item"] as? String == "r001")
        #expect(missed.first?["due"] as? String == "2026-11-23T07:30:00.000Z")
        let reason = try #require(missed.first?["reason"] as? [String: Any])
        #expect(reason["code"] as? String == "droppedOverLimit")
        #expect((reason["message"] as? String)?.hasPrefix("dropped silently by the system") == true)
        let failures = try #require(object["failures"] as? [[String: Any]])
        #expect(!failures.isEmpty && failures.allSatisfy { $0["code"] as? String == "expectationFailed" })
    }

    @Test func sameRunGivesByteIdenticalOutput() throws {
        let first = try CLI.run(["reminders", "Scenarios/reminders-repeating.json", "--json"])
        let second = try CLI.run(["reminders", "Scenarios/reminders-repeating.json", "--json"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
    }

    @Test func atListsTheItemsOverdueThen() throws {
        let result = try CLI.run(["reminders", "Scenarios/reminders-weekday.json", "--at", "+4h", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let overdue = try #require(object["overdue"] as? [String: Any])
        #expect(overdue["at"] as? String == "2026-11-23T11:00:00.000Z")
        let items = try #require(overdue["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["item"] as? String } == ["milk", "coffee"])
    }

    @Test func atAcceptsAnISODate() throws {
        let result = try CLI.run(["reminders", "Scenarios/reminders-weekday.json", "--at", "2026-11-23T09:05:00Z"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("overdue at 2026-11-23 09:05:00 (2)"))
        #expect(result.stdout.contains("  bread                   due 2026-11-23 09:00"))
    }

    @Test(arguments: [
        (["reminders"], "missing scenario file"),
        (
            ["reminders", "Scenarios/reminders-weekday.json", "--scheduler", "lazy"],
            "--scheduler expects naive, windowed, overflowNotice or backgroundRefresh, found 'lazy'"
        ),
        (["reminders", "Scenarios/reminders-weekday.json", "--at", "tomorrow"], "--at expects an offset such as +3h"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func invalidRemindersSectionIsAnInvalidScenario() throws {
        let json = """
            {"format": 1, "name": "bad", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "milk", "title": "Milk", "due": "+1h"}],
             "reminders": {"window": 65}, "script": []}
            """
        let path = try CLI.temporaryFile(Array(json.utf8))
        let result = try CLI.run(["reminders", path])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(":3:26: error: expected a whole number from 1 to 64, found 65"), "\(result.stderr)")
    }
}
