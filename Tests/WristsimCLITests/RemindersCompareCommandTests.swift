import Foundation
import Testing

/// `wristsim reminders --compare` and rule R6 (a file without a reminders section) against the binary.
@Suite struct RemindersCompareCommandTests {
    @Test func compareShowsTheOverflowNoticeMissingFewerThanThePlainWindow() throws {
        let result = try CLI.run(["reminders", "Scenarios/reminders-twice-a-day.json", "--compare", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "wristsim.reminders-compare/1")
        let rows = try #require(object["strategies"] as? [[String: Any]])
        #expect(
            rows.compactMap { $0["strategy"] as? String } == [
                "windowed", "naive", "overflowNotice", "backgroundRefresh",
            ])
        let missed = Dictionary(
            uniqueKeysWithValues: rows.compactMap { row in
                (row["strategy"] as? String).map { ($0, row["missed"] as? Int ?? -1) }
            })
        let windowed = try #require(missed["windowed"])
        let notice = try #require(missed["overflowNotice"])
        #expect(notice < windowed, "overflow notice \(notice), plain window \(windowed)")
    }

    @Test func compareTextHasOneRowPerStrategy() throws {
        let result = try CLI.run(["reminders", "Scenarios/reminders-twice-a-day.json", "--compare"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("strategy") && $0.contains("wrong badges") && $0.contains("sent") })
        for name in ["windowed", "naive", "overflowNotice", "backgroundRefresh"] {
            #expect(lines.contains { $0.hasPrefix(name + " ") }, "\(name)")
        }
    }

    /// Rule R6: `run` and `reminders` agree on a file without a "reminders" section — the defaults
    /// apply in both, so a notification action works and a badge expectation passes in both.
    @Test func runAndRemindersAgreeWithoutASection() throws {
        let json = """
            {"format": 1, "name": "no section", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "milk", "title": "Milk", "due": "+1h"}, {"id": "eggs", "title": "Eggs", "due": "+2h"}],
             "script": [
               {"at": "+1h1m", "do": "notificationAction", "item": "milk", "action": "complete"},
               {"at": "+2h1m", "expect": {"badge": 1, "deliveries": [{"item": "milk", "badge": 1}, {"item": "eggs", "badge": 1}]}}
             ]}
            """
        let path = try CLI.temporaryFile(Array(json.utf8))
        let run = try CLI.run(["run", path])
        let reminders = try CLI.run(["reminders", path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(reminders.status == 0, "\(reminders.stdout)\(reminders.stderr)")
    }
}
