import Foundation
import SimulationKernel
import Testing

@testable import CompanionModel
@testable import ScenarioRunner

/// The watch side skips telling the complication of list changes and reloads when nothing
/// listens (``WorldContext/complicationListens``). That is safe only if "listens" is exactly "has
/// a `"complication"` section" and a complication without one drops every event unchanged.
@Suite struct ComplicationListeningTests {
    /// Every shipped scenario: the complication listens exactly when the scenario has a
    /// `"complication"` section, and the context every handler gets says the same.
    @Test func listensExactlyWithAComplicationSection() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: ShippedScenarios.folder.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
        var seen = (listening: 0, inert: 0)
        for name in names {
            let scenario = try ShippedScenarios.decoded(name)
            let simulation = ScenarioSimulation(scenario: scenario, trace: .off)
            let hasSection = scenario.sections.complication != nil
            #expect(simulation.context.complicationListens == hasSection, "\(name)")
            if hasSection { seen.listening += 1 } else { seen.inert += 1 }
        }
        #expect(seen.listening > 0 && seen.inert > 0, "both kinds of scenario are covered: \(seen)")
    }

    /// What a sender skips when nothing listens is what an inert complication would drop: every
    /// kind of event leaves it unchanged and asks for nothing.
    @Test func anInertComplicationDropsEveryEvent() throws {
        let simulation = ScenarioSimulation(
            scenario: try ShippedScenarios.decoded("weekly-shop.json"), trace: .recorded)
        let context = simulation.context
        try #require(!context.complicationListens)
        var feature = simulation.complication
        let events: [ComplicationEvent] = [
            .listChanged(simulation.watch.list.remainingItems.first, at: ComplicationListPlace(rank: 0, joined: 0)),
            .reload(.app, app: .foreground),
            .reload(.app, app: .background),
            .reload(.phoneTransfer, app: .background), .face(.onActiveFace), .face(.notOnActiveFace),
            .scheduleRefresh, .timer(.refreshWake), .timer(.policyReload), .timer(.deferredReload),
        ]
        for event in events {
            var effects = WorldEffects()
            feature.handle(event, context, into: &effects)
            #expect(effects.elements.isEmpty, "\(event)")
            #expect(
                feature.model == nil && feature.driver == .stopped && feature.timers.handles.allSatisfy { $0 == nil },
                "\(event)")
        }
    }
}
