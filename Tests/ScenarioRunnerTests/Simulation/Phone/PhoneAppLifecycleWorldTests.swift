import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// The phone app's lifecycle has one owner, the phone side: scenario steps, faults and the link's
/// wake for a watch message go through it, and the link's view of the app follows it.
@Suite struct PhoneAppLifecycleWorldTests {
    private func run(link: String, script: String) throws -> (ScenarioSimulation, ScenarioOutcome) {
        let json = """
            {"format": 1, "name": "t", "seed": 4, "start": "2026-11-23T17:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}, {"id": "eggs", "title": "Eggs"}],
             "link": \(link), "script": \(script)}
            """
        var simulation = ScenarioSimulation(scenario: try ScenarioDecoder.decode(Array(json.utf8), file: "t.json"))
        let outcome = simulation.run()
        return (simulation, outcome)
    }

    /// A check-off sent interactively to a phone app that does not run wakes it: the phone side
    /// moves its app to the background (cause `watchMessage`) before the message is applied, and
    /// the link's view follows.
    @Test func aWatchMessageWakesThePhoneAppThroughItsOwner() throws {
        let (simulation, outcome) = try run(
            link: #"{"latency": "100ms", "phoneApp": "notRunning"}"#,
            script: #"[{"at": "+1s", "do": "raiseWrist"}, {"at": "+10s", "do": "tap", "item": "kale"}]"#)
        #expect(outcome.passed, "\(outcome.invariantFailures)")
        let trace = outcome.trace
        let woke = try #require(trace.firstIndex { $0.is(.phoneApp) && $0["cause"] == "watchMessage" })
        #expect(trace[woke]["state"] == "background")
        let applied = try #require(trace.firstIndex { $0.is(.syncApplied) && $0["device"] == "phone" })
        #expect(woke < applied)
        #expect(simulation.phone.appLifecycle == .background)
    }

    /// A kill and a launch from the script change the phone side's lifecycle; while the app is
    /// killed a watch transfer waits, and the launch delivers it.
    @Test func killAndLaunchStepsGoToThePhoneSide() throws {
        let (simulation, outcome) = try run(
            link: #"{"latency": "100ms", "phoneApp": "foreground", "unreachable": [{"from": "+5s", "to": "+20s"}]}"#,
            script: """
                [{"at": "+1s", "do": "raiseWrist"}, {"at": "+2s", "do": "killPhoneApp"},
                 {"at": "+10s", "do": "tap", "item": "kale"},
                 {"at": "+30s", "expect": {"outstandingTransfers": 1, "listsAgree": false}},
                 {"at": "+40s", "do": "launchPhoneApp"},
                 {"at": "+41s", "expect": {"outstandingTransfers": 0, "phoneChecked": ["kale"]}}]
                """)
        #expect(outcome.passed, "\(outcome.failedExpectations.map(\.failure)) \(outcome.invariantFailures)")
        let changes = outcome.trace.filter { $0.is(.phoneApp) }.map { [$0["state"], $0["cause"]] }
        #expect(Array(changes.prefix(2)) == [["notRunning", "killPhoneApp"], ["foreground", "launchPhoneApp"]])
        #expect(simulation.phone.appLifecycle == .foreground)
    }
}
