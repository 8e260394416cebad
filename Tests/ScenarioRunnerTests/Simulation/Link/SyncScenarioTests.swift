import CompanionModel
import Foundation
import ScenarioRunner
import SimulationKernel
import Testing

/// Seam 6 of issue #9: the phone can change the list, and both lists converge.
@Suite struct SyncScenarioTests {
    static func scenario(wrist: String = "raised", link: String = #"{"latency": "200ms"}"#, script: String) -> String {
        """
        {
          "format": 1, "name": "t", "start": "2026-11-21T09:00:00Z", "wrist": "\(wrist)",
          "items": [{"id": "kale", "title": "Kale"}, {"id": "eggs", "title": "Eggs"}],
          "link": \(link),
          "script": \(script)
        }
        """
    }

    static func run(_ text: String) throws -> (ScenarioSimulation, ScenarioOutcome) {
        var simulation = ScenarioSimulation(scenario: try ScenarioDecoder.decode(Array(text.utf8), file: "s.json"))
        let outcome = simulation.run()
        return (simulation, outcome)
    }

    /// Fails on the old behaviour: the phone steps did not exist and nothing the phone did
    /// reached the watch.
    @Test func theShippedScenarioShowsPhoneEditsOnTheWatch() throws {
        let bytes = try ShippedScenarios.bytes("phone-edits-mid-trip.json")
        var simulation = ScenarioSimulation(
            scenario: try ScenarioDecoder.decode(bytes, file: "phone-edits-mid-trip.json"))
        let outcome = simulation.run()
        #expect(outcome.passed, "\(outcome.invariantFailures) \(outcome.failedExpectations.map(\.failure))")
        let watch = simulation.watch.list
        #expect(watch.items.map(\.title) == ["Kale", "Milk", "Cherry tomatoes", "Bread", "Coffee"])
        #expect(watch.checkedItems == ["kale", "milk"])
        #expect(simulation.watch.sync.replica.list == simulation.phone.sync.replica.list)
        // The eggs: checked on the watch while apart (a newer version) but removed on the phone.
        #expect(outcome.trace.contains { $0.is(.syncApplied) && $0["item"] == "eggs" && $0["device"] == "phone" })
        #expect(simulation.phone.sync.replica.knownItem("eggs")?.shown == nil)
        // Milk was checked on the phone: not part of the store-order lesson.
        #expect(simulation.watch.tripLesson == ["kale"])
    }

    @Test func aPhoneAddReachesAWatchAppThatIsNotRunningWhenItRuns() throws {
        let text = Self.scenario(
            wrist: "raisedOnClock",
            script: """
                [{"at": "+1m", "do": "phoneAddItem", "item": "bread", "title": "Bread"},
                 {"at": "+2m", "expect": {"watchItems": ["kale", "eggs"], "phoneItems": ["kale", "eggs", "bread"],
                                          "listsAgree": false}},
                 {"at": "+3m", "do": "relaunchWatchApp"},
                 {"at": "+4m", "expect": {"watchItems": ["kale", "eggs", "bread"], "listsAgree": true}}]
                """)
        let (_, outcome) = try Self.run(text)
        #expect(outcome.passed, "\(outcome.invariantFailures) \(outcome.failedExpectations.map(\.failure))")
        let bread = outcome.trace.filter { $0["item"] == "bread" }.map(\.kind)
        #expect(bread.contains("link.queued"), "unreachable watch app: a queued userInfo transfer")
    }

    @Test func editsOnBothDevicesWhileApartConverge() throws {
        // While apart the phone renames kale and checks eggs, and the watch checks eggs too:
        // once back in range both show the new title and the eggs checked.
        let text = Self.scenario(
            link: #"{"latency": "200ms", "unreachable": [{"from": "+1m", "to": "+10m"}]}"#,
            script: """
                [{"at": "+2m", "do": "phoneRenameItem", "item": "kale", "title": "Baby kale"},
                 {"at": "+3m", "do": "phoneCheckItem", "item": "eggs"},
                 {"at": "+4m", "do": "raiseWrist"},
                 {"at": "+5m", "do": "tap", "item": "eggs"},
                 {"at": "+6m", "expect": {"listsAgree": false}},
                 {"at": "+11m", "expect": {"listsAgree": true, "titles": {"kale": "Baby kale"}, "checked": ["eggs"]}}]
                """)
        let (_, outcome) = try Self.run(text)
        #expect(outcome.passed, "\(outcome.invariantFailures) \(outcome.failedExpectations.map(\.failure))")
    }

    @Test func anEditThePhoneCannotMakeWhenItHappensIsRefusedAndTraced() throws {
        // Both name items that can exist (so the file loads), but not in that state at that time.
        let text = Self.scenario(
            script: """
                [{"at": "+1m", "do": "phoneRemoveItem", "item": "eggs"},
                 {"at": "+2m", "do": "phoneRemoveItem", "item": "eggs"},
                 {"at": "+3m", "do": "phoneAddItem", "item": "kale", "title": "Kale"}]
                """)
        let (simulation, outcome) = try Self.run(text)
        #expect(outcome.passed)
        let refused = outcome.trace.filter { $0.is(.syncRefused) }.map { $0["reason"] }
        #expect(refused == [.string("notListed"), .string("alreadyListed")])
        #expect(simulation.phone.sync.replica.lastSequence == 1)
    }

    @Test func aPhoneEditTheLinkCannotCarryFailsTheRunWithItsTrail() throws {
        let text = Self.scenario(
            link: #"{"latency": "200ms", "messagePayloadCap": 90, "userInfoPayloadCap": 90}"#,
            script: """
                [{"at": "+1m", "do": "phoneAddItem", "item": "bread", "title": "Sourdough bread from the bakery on the corner"}]
                """)
        let (_, outcome) = try Self.run(text)
        #expect(!outcome.passed)
        let broken = try #require(outcome.invariantFailures.first)
        #expect(broken.invariant == .listsConverge)
        let failure = broken.message
        #expect(failure.hasPrefix("sync: lost bread: phone#1 add was not applied on the watch: never arrived"))
        #expect(failure.contains("code=7009") && failure.contains("sync.undeliverable"))
    }
}
