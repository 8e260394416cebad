import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// The watch→phone path of a check-off through the whole world, under one fault at a time
/// (ported from the one-way `LinkSystem` driver's tests when it was deleted): the channel the
/// watch picks, the fallback, duplicates and a relaunch re-send, each applied once on the phone.
@Suite struct LinkWorldTests {
    private func run(link: String, script: String, items: [String] = ["kale", "milk"]) throws
        -> (ScenarioSimulation, ScenarioOutcome)
    {
        let listed = items.map { #"{"id": "\#($0)", "title": "\#($0)"}"# }.joined(separator: ", ")
        let json = """
            {"format": 1, "name": "t", "seed": 11, "start": "2026-11-23T17:00:00Z",
             "pipeline": {"preset": "optimized", "jitter": 0},
             "items": [\(listed)], "link": \(link), "script": \(script)}
            """
        var simulation = ScenarioSimulation(scenario: try ScenarioDecoder.decode(Array(json.utf8), file: "t.json"))
        let outcome = simulation.run()
        #expect(outcome.passed, "\(outcome.failedExpectations.map(\.failure)) \(outcome.invariantFailures)")
        return (simulation, outcome)
    }

    /// The link and sync steps of `item`'s message trail, in order.
    private func trail(_ outcome: ScenarioOutcome, _ item: ItemID) -> [String] {
        outcome.trace.filter { $0["item"] == .string(item) }.map { event in
            guard event.kind.hasPrefix("sync."), case .string(let device)? = event["device"] else { return event.kind }
            return "\(event.kind) \(device)"
        }.filter { $0.hasPrefix("link.") || $0.hasPrefix("sync.") }
    }

    @Test func aReachableCheckOffGoesInteractiveAndIsAppliedOnce() throws {
        let (simulation, outcome) = try run(
            link: #"{"latency": "200ms", "phoneApp": "foreground"}"#,
            script: #"[{"at": "+1s", "do": "raiseWrist"}, {"at": "+2s", "do": "tap", "item": "kale"}]"#)
        #expect(
            trail(outcome, "kale") == [
                "sync.made watch", "sync.applied watch", "sync.sent watch", "link.send", "link.delivered",
                "sync.delivered phone", "sync.applied phone", "link.replied", "sync.acknowledged watch",
            ])
        #expect(simulation.phone.sync.replica.knownItem("kale")?.shown?.status == .checkedOff)
        #expect(simulation.phone.sync.replica.passedThrough(from: .watch) == 1)
    }

    @Test func aCheckOffInFlightWhenTheSignalDropsFallsBackToATransfer() throws {
        let (simulation, outcome) = try run(
            link: #"{"latency": "2s", "phoneApp": "foreground", "unreachable": [{"from": "+11s", "to": "+20s"}]}"#,
            script: #"[{"at": "+1s", "do": "raiseWrist"}, {"at": "+10s", "do": "tap", "item": "kale"}]"#)
        let steps = trail(outcome, "kale")
        let dropped = try #require(steps.firstIndex(of: "sync.dropped watch"))
        #expect(steps[dropped + 1] == "sync.sent watch" && steps.contains("link.queued"))
        #expect(simulation.link.transport.statistics(.interactive).failed == 1)
        #expect(simulation.phone.sync.replica.knownItem("kale")?.shown?.status == .checkedOff)
    }

    @Test func duplicatedDeliveriesAreIgnoredByThePhone() throws {
        let (simulation, outcome) = try run(
            link: #"{"latency": "200ms", "phoneApp": "foreground", "duplicateProbability": 1}"#,
            script: """
                [{"at": "+1s", "do": "raiseWrist"}, {"at": "+2s", "do": "tap", "item": "kale"},
                 {"at": "+3s", "do": "tap", "item": "milk"}, {"at": "+7s", "do": "tap", "item": "kale"}]
                """)
        let duplicates = outcome.trace.filter { $0.is(.syncDuplicate) && $0["device"] == "phone" }
        #expect(duplicates.count == 3)
        #expect(simulation.phone.sync.replica.passedThrough(from: .watch) == 3)
        #expect(simulation.phone.sync.replica.appliedLog.count == 3, "each operation merged once")
        #expect(simulation.phone.sync.replica.knownItem("kale")?.shown?.status == .open)
    }

    @Test func aWatchAppTerminatedBeforeTheReplyResendsOnRelaunch() throws {
        let (simulation, outcome) = try run(
            link: """
                {"latency": "1s", "phoneApp": "foreground",
                 "terminations": [{"app": "watch", "at": "+10s500ms", "relaunchAfter": "1m"}]}
                """,
            script: #"[{"at": "+1s", "do": "raiseWrist"}, {"at": "+10s", "do": "tap", "item": "kale"}]"#)
        let sent = trail(outcome, "kale").filter { $0 == "sync.sent watch" }
        #expect(sent.count == 2, "sent, then re-sent when the app runs again")
        #expect(simulation.phone.sync.replica.appliedLog.count == 1)
        #expect(simulation.watch.sync.courier.isIdle)
    }
}
