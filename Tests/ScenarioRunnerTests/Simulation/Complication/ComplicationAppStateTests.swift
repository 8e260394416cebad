import CompanionModel
import ScenarioRunner
import SimulationKernel
import Testing

/// WidgetKit exempts only reloads the app asks for while it is in the foreground ("the containing
/// app is in the foreground"); the app's state travels with each reload request, so a reload
/// asked for in the background is charged.
@Suite struct ComplicationAppStateTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The scenario's `"wrist"`: how the watch app starts.
        var wrist: String
        var step: String
        var charged: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            // The wrist lowered at the start: the app leaves the foreground after the 120 s
            // return-to-clock timeout and runs in the background for 10 s.
            name: "data reaching the app in the background is charged", wrist: "lowered",
            step: #"{"at": "+2m1s", "do": "phoneComplicationTransfer"}"#, charged: 1),
        Case(
            name: "data reaching the app in the foreground is free", wrist: "raised",
            step: #"{"at": "+1s", "do": "phoneComplicationTransfer"}"#, charged: 0),
        Case(
            name: "a background reloadComplication step is charged", wrist: "raised",
            step: #"{"at": "+1s", "do": "reloadComplication", "app": "background"}"#, charged: 1),
        Case(
            name: "a reloadComplication step is foreground by default", wrist: "raised",
            step: #"{"at": "+1s", "do": "reloadComplication"}"#, charged: 0),
    ]

    /// Without complication transfers (0 a day) the phone's update reaches the watch as ordinary
    /// userInfo and the watch app reloads the complication itself, in whatever state it is in.
    @Test(arguments: cases)
    func onlyForegroundReloadsAreFreeUnderWidgetKit(_ test: Case) throws {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00+01:00",
             "items": [{"id": "kale", "title": "Kale"}],
             "wrist": "\(test.wrist)", "link": {"complicationTransfersPerDay": 0, "latency": "100ms"},
             "complication": {"budget": {"rules": "widgetKit", "minimumReloadInterval": "0s"}},
             "script": [\(test.step), {"after": "2s", "expect": {"complicationBudget": {"charged": \(test.charged)}}}],
             "expect": {"remaining": 1}}
            """
        var simulation = ScenarioSimulation(scenario: try ScenarioDecoder.decode(Array(text.utf8), file: "a.json"))
        let outcome = simulation.run()
        #expect(outcome.passed, "\(outcome.failedExpectations.map(\.failure))")
        let appReloads = simulation.complication.model?.records.filter { $0.source == .app } ?? []
        #expect(appReloads.count == 1)
        #expect(appReloads.first?.outcome == .granted(test.charged == 1 ? .charged : .free))
    }

    @Test func anUnknownAppStateIsALocatedError() throws {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00+01:00",
             "items": [{"id": "kale", "title": "Kale"}], "complication": {},
             "script": [{"at": "+1s", "do": "reloadComplication", "app": "asleep"}]}
            """
        #expect {
            try ScenarioDecoder.decode(Array(text.utf8), file: "a.json")
        } throws: { error in
            "\(error)".contains("a.json:3:62: error: unknown app state \"asleep\"")
        }
    }

    /// A reload carries the watch app's run state: only a frontmost app is in the foreground.
    @Test func theAppStateFollowsTheWatchLifecycle() {
        #expect(WatchAppLifecycle.foreground(since: .zero).runState.isForeground)
        #expect(!WatchAppLifecycle.background(since: .zero, suspendsAt: .zero).runState.isForeground)
        #expect(!WatchAppLifecycle.launching(readyAt: .zero).runState.isForeground)
        #expect(!WatchAppLifecycle.suspended(since: .zero).runState.isForeground)
        #expect(!WatchAppLifecycle.notRunning.runState.isForeground)
    }
}
