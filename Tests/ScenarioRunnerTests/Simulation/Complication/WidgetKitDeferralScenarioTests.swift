import CompanionModel
import ScenarioRunner
import SimulationKernel
import Testing

/// WidgetKit's minimum reload interval defers a reload asked for too soon to the earliest allowed
/// time instead of dropping it (issue #38 item 2b); ClockKit (and a preset's own rule) refuses.
@Suite struct WidgetKitDeferralScenarioTests {
    /// Check-offs at 09:10 and 09:12 under WidgetKit rules (reloads ≥ 5 min apart), optionally a
    /// third at 09:13, and a `reloadComplication` at 09:30 to show the policy is untouched.
    static func scenario(budget: String = #"{"rules": "widgetKit"}"#, thirdTap: Bool = false) -> String {
        let third = thirdTap ? #", {"at": "+13m", "do": "tap", "item": "jam"}"# : ""
        return """
            {"format": 1, "name": "deferral", "seed": 1, "start": "2026-11-21T09:00:00Z", "end": "2026-11-21T10:00:00Z",
             "items": [{"id": "milk", "title": "Milk"}, {"id": "eggs", "title": "Eggs"}, {"id": "jam", "title": "Jam"},
                       {"id": "tea", "title": "Tea"}],
             "complication": {"families": ["circular"], "budget": \(budget)},
             "script": [{"at": "+10m", "do": "tap", "item": "milk"}, {"at": "+12m", "do": "tap", "item": "eggs"}\(third)]}
            """
    }

    static func run(_ text: String) throws -> ScenarioSimulation {
        var simulation = ScenarioSimulation(
            scenario: try ScenarioDecoder.decode(Array(text.utf8), file: "deferral.json"))
        _ = simulation.run()
        return simulation
    }

    static func time(_ minutes: Int64) -> SimTime { SimTime(offset: .minutes(minutes)) }

    @Test func aReloadInsideTheMinimumSpacingComesAtTheEarliestAllowedTime() throws {
        let simulation = try Self.run(Self.scenario())
        let model = try #require(simulation.complication.model)
        let appReloads = model.records.filter { $0.source == .app }
        #expect(appReloads.allSatisfy { $0.outcome.refusal == nil }, "nothing is dropped: \(appReloads)")
        let ran = try #require(appReloads.first { $0.deferredFrom != nil }, "the deferred reload ran")
        let first = try #require(appReloads.first)
        #expect(ran.at == first.at + .minutes(5), "5 min after the 09:10 reload")
        let from = try #require(ran.deferredFrom)
        #expect(from >= Self.time(12) && from < Self.time(12) + .seconds(1), "the 09:12 check-off's")
        #expect(ran.outcome == .granted(.free), "asked in the foreground: free under WidgetKit rules")
        let report = try #require(simulation.complicationReport())
        #expect(model.shownText(.circular, at: ran.at) == "2", "the face shows the 09:12 check-off at 09:15")
        #expect(report.staleness(of: .circular)?.maxStale ?? .zero <= .minutes(3) + .seconds(1))
    }

    @Test func requestsUntilThenAreFoldedIntoOneReload() throws {
        let simulation = try Self.run(Self.scenario(thirdTap: true))
        let model = try #require(simulation.complication.model)
        let deferred = model.records.filter { $0.outcome.deferredUntil != nil }
        #expect(deferred.count == 2)
        #expect(Set(deferred.map(\.outcome)).count == 1, "both to the same time: \(deferred)")
        let ran = model.records.filter { $0.deferredFrom != nil }
        #expect(ran.count == 1, "one reload for both requests")
        #expect(ran.first.map { model.shownText(.circular, at: $0.at) } == "1")
    }

    @Test func refusedIsASettingAndClockKitsRule() throws {
        for budget in [
            #"{"rules": "widgetKit", "tooSoonReloads": "refused"}"#,
            #"{"rules": "clockKit", "minimumReloadInterval": "5m"}"#,
        ] {
            let simulation = try Self.run(Self.scenario(budget: budget))
            let model = try #require(simulation.complication.model)
            #expect(model.records.contains { $0.outcome == .refused(.tooSoon) }, "\(budget)")
            #expect(!model.records.contains { $0.deferredFrom != nil }, "\(budget)")
        }
    }

    @Test func takingTheComplicationOffTheFaceCancelsTheDeferredReload() throws {
        let text = Self.scenario().replacingOccurrences(
            of: #"{"at": "+12m", "do": "tap", "item": "eggs"}"#,
            with: #"{"at": "+12m", "do": "tap", "item": "eggs"}, {"at": "+13m", "do": "complicationOffFace"}"#)
        let model = try #require(try Self.run(text).complication.model)
        #expect(!model.records.contains { $0.deferredFrom != nil })
    }

    @Test func theTimelineSaysSo() throws {
        let simulation = try Self.run(Self.scenario())
        let text = try #require(simulation.complicationReport()).text
        #expect(text.contains("reload   app: DEFERRED tooSoon to 09:15:00 (the minimum reload interval)"), "\(text)")
        #expect(text.contains("reload   app: asked 09:12:00 (+3m0."), "\(text)")
        #expect(text.contains(" deferred) → granted (free)"), "\(text)")
        #expect(text.contains("1 refused") == false)
        #expect(text.contains("0 refused, 1 deferred"), "\(text)")
    }
}
