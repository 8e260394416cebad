import CompanionModel
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
        let (simulation, outcome) = try Self.run(text)
        #expect(outcome.passed, "\(outcome.failedExpectations.map(\.failure))")
        #expect(simulation.link.transport.watchApp.name == state)
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

    /// Item 8, the bounded cases still load: a daily count, or a minimum interval of a minute.
    @Test(arguments: [
        #"{"rules": "widgetKit"}"#, #"{"reloadPolicy": "atEnd", "minimumReloadInterval": "1m"}"#,
        #"{"dailyReloads": 100, "reloadPolicy": {"after": "1ns"}}"#, #"{"reloadPolicy": {"after": "2m"}}"#,
    ])
    func aBoundedPolicyLoads(budget: String) throws {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}], "complication": {"budget": \(budget)},
             "script": [{"at": "+1s", "do": "tap", "item": "kale"}]}
            """
        _ = try Self.decode(text)
    }
}
