import CompanionModel
import ReminderScheduling
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// The seams where features meet (issue #9): each test fails on the behaviour before the world
/// was one system.
@Suite struct WorldSeamTests {
    private func run(_ body: String) throws -> (ScenarioSimulation, ScenarioOutcome) {
        let json = """
            {"format": 1, "name": "t", "seed": 4, "start": "2026-11-23T17:00:00Z",
             "pipeline": {"preset": "optimized", "jitter": 0}, \(body)}
            """
        var simulation = ScenarioSimulation(scenario: try ScenarioDecoder.decode(Array(json.utf8), file: "t.json"))
        let outcome = simulation.run()
        return (simulation, outcome)
    }

    /// Seam 1: a notification's Complete is handled by the phone app (a background launch, an app
    /// run) and reaches the watch only over the link, when the watch app runs.
    @Test func aNotificationCompleteReachesTheWatchOnlyOverTheLink() throws {
        let (simulation, outcome) = try run(
            """
            "items": [{"id": "milk", "title": "Milk", "due": "+1h"}, {"id": "eggs", "title": "Eggs"}],
            "reminders": {"launchAt": "+0s"},
            "link": {"phoneApp": "notRunning", "unreachable": [{"from": "+50m", "to": "+2h"}]},
            "script": [
                {"at": "+1m", "do": "lowerWrist"},
                {"at": "+1h5m", "do": "notificationAction", "item": "milk", "action": "complete"},
                {"after": "1m", "expect": {"remaining": 2, "phoneChecked": ["milk"], "badge": 0}},
                {"at": "+2h30m", "do": "raiseWrist"}, {"after": "1s", "do": "openApp"},
                {"after": "5s", "expect": {"remaining": 1, "checked": ["milk"]}}
            ]
            """)
        #expect(outcome.passed, "\(outcome.failedExpectations.map(\.failure)) \(outcome.invariantFailures)")
        let trace = outcome.trace
        let action = try #require(trace.firstIndex { $0.is(.phoneNotificationAction) })
        let woke = try #require(trace.firstIndex { $0.is(.phoneApp) && $0["cause"] == "wakePhoneApp" })
        #expect(woke < action, "the phone app is launched into the background to handle the action")
        let applied = try #require(
            trace.firstIndex { $0.is(.syncApplied) && $0["device"] == "watch" && $0["item"] == "milk" })
        let delivered = try #require(
            trace.firstIndex { $0.is(.linkDelivered) && $0["route"] == .string("phone→watch") })
        #expect(delivered < applied && trace[applied].time >= SimTime(offset: .hours(2) + .minutes(30)))
        #expect(simulation.phone.reminders.harness.snapshots.map(\.reason).contains(.notificationAction) == true)
    }

    /// Seam 2: after the return to the clock the watch app is in the background, then suspended;
    /// the phone's `isReachable` follows it.
    @Test func theWatchAppSuspendsAfterTheReturnToTheClockAndThePhoneCannotReachIt() throws {
        let (simulation, outcome) = try run(
            """
            "items": [{"id": "kale", "title": "Kale"}],
            "script": [{"at": "+1m", "do": "lowerWrist"}], "end": "+13m"
            """)
        #expect(outcome.passed)
        #expect(simulation.watch.appLifecycle == .suspended(since: SimTime(offset: .minutes(3) + .seconds(10))))
        #expect(simulation.context.reachability(from: .phone) == .unreachable(.counterpartNotRunning))
        #expect(simulation.watch.appLifecycle.runState == .notRunning)
        let states = outcome.trace.filter { $0.is(.watchApp) }.map { $0["state"] }
        #expect(states == ["background", "suspended"])
    }

    /// Seam 2: a transfer for a suspended watch app waits until the app runs.
    @Test func aTransferForASuspendedWatchAppWaitsUntilItRuns() throws {
        let (_, outcome) = try run(
            """
            "items": [{"id": "milk", "title": "Milk", "due": "+10m"}],
            "reminders": {"launchAt": "+0s"},
            "script": [
                {"at": "+1m", "do": "lowerWrist"},
                {"at": "+12m", "do": "notificationAction", "item": "milk", "action": "complete"},
                {"at": "+20m", "expect": {"remaining": 1, "watchApp": "suspended"}},
                {"at": "+30m", "do": "raiseWrist"}, {"after": "1s", "do": "openApp"},
                {"after": "1s", "expect": {"remaining": 0}}
            ]
            """)
        #expect(outcome.passed, "\(outcome.failedExpectations.map(\.failure))")
    }

    /// Seam 4: an item completed from a notification is not part of the trip's lesson.
    @Test func theStoreOrderLearnsOnlyFromCheckOffsOnTheWatch() throws {
        let (simulation, outcome) = try run(
            """
            "items": [{"id": "milk", "title": "Milk", "due": "+10m"}, {"id": "eggs", "title": "Eggs"},
                      {"id": "kale", "title": "Kale"}],
            "reminders": {"launchAt": "+0s"},
            "script": [
                {"at": "+15m", "do": "notificationAction", "item": "milk", "action": "complete"},
                {"at": "+1h", "do": "tap", "item": "kale"}, {"after": "1m", "do": "tap", "item": "eggs"}
            ],
            "expect": {"remaining": 0}
            """)
        #expect(outcome.passed, "\(outcome.failedExpectations.map(\.failure))")
        #expect(simulation.watch.tripLesson == ["kale", "eggs"])
        #expect(simulation.watch.nextTripOrder.first == "kale", "milk, completed at home, does not lead the route")
    }

    /// Seam 3: the naive synchronous send blocks the main queue until the link's real outcome.
    @Test(arguments: [
        // (link settings, the outcome's trace, latency bounds in ms)
        (#"{"latency": "3s"}"#, "replied", 6_000, 7_000),
        (#"{"latency": "3s", "replyTimeout": "2s"}"#, "7012", 2_000, 3_000),
        (#"{"latency": "3s", "unreachable": [{"from": "+1s", "to": "+1h"}]}"#, "7007", 0, 1_000),
    ])
    func theNaiveSendWaitsForTheRealOutcome(link: String, outcome: String, atLeastMs: Int64, belowMs: Int64) throws {
        let json = """
            {"format": 1, "name": "t", "seed": 4, "start": "2026-11-23T17:00:00Z", "watch": "ultra3-49mm",
             "pipeline": {"preset": "naive", "jitter": 0}, "link": \(link),
             "items": [{"id": "kale", "title": "Kale"}], "script": [{"at": "+1m", "do": "tap", "item": "kale"}]}
            """
        var simulation = ScenarioSimulation(scenario: try ScenarioDecoder.decode(Array(json.utf8), file: "t.json"))
        let run = simulation.run()
        #expect(run.passed, "\(run.invariantFailures)")
        let latency = try #require(simulation.watch.app.latencies.first)
        #expect(latency >= .milliseconds(atLeastMs) && latency < .milliseconds(belowMs), "\(latency)")
        let ended = run.trace.contains { event in
            outcome == "replied"
                ? event.is(.linkReplied) : event.is(.linkFailed) && event["code"] == .int(Int64(outcome) ?? 0)
        }
        #expect(ended, "the send ended with \(outcome)")
    }

    /// Seam 5: one complication-transfer budget (the link's), with one reset rule (the
    /// complication budget's reset, local midnight by default): the complication reports the
    /// link's figure, and both reset together.
    @Test func oneComplicationTransferBudgetWithOneReset() throws {
        let json = """
            {"format": 1, "name": "t", "start": "2026-11-21T20:00:00+01:00", "end": "2026-11-22T00:05:00+01:00",
             "items": [{"id": "kale", "title": "Kale"}], "complication": {},
             "script": [{"at": "+10m", "do": "phoneComplicationUpdate", "count": 52, "every": "1m"},
                        {"at": "+1h10m", "expect": {"complicationBudget": {"transfersLeft": 0}}}]}
            """
        var simulation = ScenarioSimulation(scenario: try ScenarioDecoder.decode(Array(json.utf8), file: "t.json"))
        let outcome = simulation.run()
        #expect(outcome.passed, "\(outcome.failedExpectations.map(\.failure))")
        #expect(simulation.link.transport.complicationBudget.remaining(at: simulation.now) == 50, "reset at midnight")
        let section = try #require(outcome.summary.first { $0.title == "complication" })
        #expect(section.rows.first { $0.key == "transfersLeft" }?.value == .int(50))
        #expect(simulation.link.transport.statistics(.complication).fellBack == 2)
    }
}
