import CompanionModel
import Foundation
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// Wrong answers and unbounded work from scenario files (issue #33, items 1, 2 and 8), each
/// with the file that showed it.
@Suite struct ScenarioFileAnswersTests {
    static func decode(_ text: String) throws -> Scenario {
        try ScenarioDecoder.decode(Array(text.utf8), file: "s.json")
    }

    static func run(_ text: String) throws -> (ScenarioSimulation, ScenarioOutcome) {
        var simulation = ScenarioSimulation(scenario: try decode(text))
        let outcome = simulation.run()
        return (simulation, outcome)
    }

    /// Item 1: an item a step adds can be named in the top-level `"expect"` (it was
    /// `unknown item "batteries"`, while a `tap` on it was accepted).
    @Test func anItemAddedByAStepCanBeNamedInTheTopLevelExpect() throws {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}], "link": {"latency": "200ms"},
             "script": [{"at": "+1m", "do": "phoneAddItem", "item": "batteries", "title": "Batteries"},
                        {"at": "+2m", "do": "tap", "item": "batteries"}],
             "expect": {"checked": ["batteries"], "remaining": 1}}
            """
        let (_, outcome) = try Self.run(text)
        #expect(outcome.passed, "\(outcome.failedExpectations.map(\.failure)) \(outcome.invariantFailures)")
    }

    /// Item 1, the other side: an item nobody adds is still unknown in the top-level `"expect"`.
    @Test func anItemNobodyAddsIsStillUnknownAtTheEnd() throws {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}],
             "script": [{"at": "+1m", "do": "tap", "item": "kale"}],
             "expect": {"checked": ["batteries"]}}
            """
        #expect {
            try Self.decode(text)
        } throws: { error in
            "\(error)".contains("unknown item \"batteries\"")
        }
    }

    /// Item 2: the watch app's starting state has one setting, `"wrist"`; `link.watchApp` is an
    /// error that names it.
    @Test func theLinkNoLongerSetsTheWatchApp() throws {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}], "link": {"watchApp": "notRunning"},
             "script": [{"at": "+1m", "do": "tap", "item": "kale"}]}
            """
        #expect {
            try Self.decode(text)
        } throws: { error in
            "\(error)".contains("s.json:2:67: error: \"watchApp\" is not a link setting")
                && "\(error)".contains("\"wrist\"")
        }
    }

    /// Item 2: with `"wrist": "lowered"` the watch app leaves the foreground once the
    /// return-to-clock timeout (120 s) has passed, so the phone's edits then travel as queued
    /// transfers, not interactive messages (it stayed frontmost for the whole run).
    @Test func aLoweredWristLetsTheAppLeaveTheForegroundAfterTheTimeout() throws {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z", "wrist": "lowered",
             "items": [{"id": "kale", "title": "Kale"}], "link": {"latency": "200ms"},
             "script": [{"at": "+1m", "expect": {"watchApp": "foreground"}},
                        {"at": "+2m1s", "expect": {"watchApp": "background"}},
                        {"at": "+10m", "expect": {"watchApp": "suspended", "reachableFromPhone": false}},
                        {"at": "+10h", "do": "phoneAddItem", "item": "bread", "title": "Bread"}],
             "end": "+10h1m"}
            """
        let (_, outcome) = try Self.run(text)
        #expect(outcome.passed, "\(outcome.failedExpectations.map(\.failure))")
        let bread = outcome.trace.filter { $0["item"] == "bread" }.map(\.kind)
        #expect(bread.contains("link.queued"), "a suspended watch app: a queued transfer, \(bread)")
    }

    /// Item 2: `"raisedOnClock"` starts with the app not running (what `link.watchApp:
    /// "notRunning"` said), and `"raised"`, the default, in the foreground.
    @Test(arguments: [("raisedOnClock", "notRunning"), ("raised", "foreground")])
    func theWristDecidesHowTheAppStarts(wrist: String, state: String) throws {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z", "wrist": "\(wrist)",
             "items": [{"id": "kale", "title": "Kale"}],
             "script": [{"at": "+1s", "expect": {"watchApp": "\(state)"}}]}
            """
        // The `watchApp` expectation reads the app's state from its one owner, the watch.
        let (_, outcome) = try Self.run(text)
        #expect(outcome.passed, "\(outcome.failedExpectations.map(\.failure))")
    }

    /// Item 8: a reload policy that may ask again at once without a daily reload count (`atEnd`,
    /// or `after` a nanosecond with no minimum interval) ran to the event limit and past 2 GiB;
    /// it is refused when the file is loaded, with the policy's location.
    @Test(arguments: [
        (#"{"rules": "widgetKit", "dailyReloads": null, "minimumReloadInterval": "0s"}"#, "\"atEnd\""),
        (#"{"dailyReloads": null, "reloadPolicy": {"after": "1ns"}}"#, "\"after(1ns)\""),
        (#"{"reloadPolicy": "atEnd"}"#, "\"atEnd\""),
    ])
    func aPolicyThatAsksAgainAtOnceIsRefusedAtLoad(budget: String, policy: String) throws {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z", "end": "+30d",
             "items": [{"id": "kale", "title": "Kale"}], "complication": {"budget": \(budget)},
             "script": [{"at": "+1s", "do": "tap", "item": "kale"}]}
            """
        #expect {
            try Self.decode(text)
        } throws: { error in
            "\(error)".contains("s.json:2:") && "\(error)".contains("reload policy \(policy) without \"dailyReloads\"")
        }
    }

    /// Item 8, the bounded cases still load: a daily count, or a spacing of WidgetKit's 5 minutes
    /// (a minute's spacing for a year was 525,601 reloads: over the work-bound check's budget).
    @Test(arguments: [
        #"{"rules": "widgetKit"}"#, #"{"reloadPolicy": "atEnd", "minimumReloadInterval": "5m"}"#,
        #"{"dailyReloads": 100, "reloadPolicy": {"after": "1ns"}}"#, #"{"reloadPolicy": {"after": "5m"}}"#,
    ])
    func aBoundedPolicyLoads(budget: String) throws {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}], "complication": {"budget": \(budget)},
             "script": [{"at": "+1s", "do": "tap", "item": "kale"}]}
            """
        _ = try Self.decode(text)
    }

    /// Item 7: the run summary shows a reminders section only for a scenario with reminders (a
    /// `"reminders"` section or an item with a due date); it showed one for every scenario.
    @Test(arguments: [
        ("", #"{"id": "kale", "title": "Kale"}"#, false),
        ("", #"{"id": "kale", "title": "Kale", "due": "+1h"}"#, true),
        (#""reminders": {},"#, #"{"id": "kale", "title": "Kale"}"#, true),
    ])
    func theSummaryShowsRemindersOnlyWithReminders(section: String, item: String, shown: Bool) throws {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z", \(section)
             "items": [\(item)], "script": [{"at": "+1m", "do": "tap", "item": "kale"}]}
            """
        let (_, outcome) = try Self.run(text)
        #expect(outcome.summary.contains { $0.title == "reminders" } == shown)
        #expect(outcome.summary.contains { $0.title == "list" })
    }

    /// Item 7: `check DIR` runs only the files that are scenarios (a top-level `"format"` key);
    /// other JSON files are skipped with a note (every `.json` was run as a scenario). A file
    /// that is not valid JSON is kept, so that checking it says why.
    @Test func aFolderSearchSkipsJSONThatIsNotAScenario() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("world-search-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        try write("a-scenario.json", #"{"format": 1, "name": "t"}"#)
        try write("b-settings.json", #"{"editor.tabSize": 4}"#)
        try write("c-list.json", "[1, 2]")
        try write("d-broken.json", "{\"format\": 1,")
        let search = try ScenarioLoader.search([folder.path])
        #expect(
            search.scenarios.map { URL(fileURLWithPath: $0).lastPathComponent } == ["a-scenario.json", "d-broken.json"])
        #expect(
            search.skipped.map { URL(fileURLWithPath: $0).lastPathComponent } == ["b-settings.json", "c-list.json"])
    }
}
