import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// The world keeps its handlers' context up to date where it changes (``ScenarioSimulation/refreshTime()``):
/// the link's reachability right after the link handles something, so that after every event,
/// whatever it was, the context says what the link says, as a refresh before every event would.
@Suite struct WorldContextFreshnessTests {
    /// Checks the context against the link after every event.
    struct ReachabilityMonitor: RunMonitor {
        var checked = 0
        var stale: [String] = []

        mutating func handled(_ simulation: ScenarioSimulation) {
            checked += 1
            for side in [LinkSide.watch, .phone]
            where simulation.context.reachability(from: side) != simulation.link.transport.reachability(from: side) {
                stale.append("\(side) at \(simulation.now)")
            }
        }
    }

    @Test(arguments: RestartedWorldTests.names)
    func contextFollowsTheLinkAfterEveryEvent(name: String) throws {
        let base = try ShippedScenarios.decoded(name)
        let transform = ExploreTransform(scenario: base)
        var variants = [base]
        for seed in UInt64(1)...6 {
            let faults = ExploreDraw.faults(
                seed: seed, span: base.end.offset, hasReminders: base.sections.reminders != nil)
            if let scenario = transform.scenario(seed: seed, faults: faults) { variants.append(scenario) }
        }
        for (index, scenario) in variants.enumerated() {
            var simulation = ScenarioSimulation(scenario: scenario, seed: UInt64(index) + 1, trace: .off)
            var monitor = ReachabilityMonitor()
            _ = simulation.runForVerdict(monitor: &monitor)
            #expect(monitor.checked > 0, "\(name) variant \(index): no event")
            #expect(monitor.stale.isEmpty, "\(name) variant \(index): stale reachability \(monitor.stale.prefix(3))")
        }
    }
}
