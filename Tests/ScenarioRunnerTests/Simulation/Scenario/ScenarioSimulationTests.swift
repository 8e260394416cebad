import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// The world performs a batch of effects in order and depth first
/// (``ScenarioSimulation/performEffects(from:in:)``): each effect, with everything an event it
/// sends sets off, is performed before the next one, so a batch performed at once leaves the
/// world as performing its effects one by one, in order, leaves it.
@Suite struct ScenarioSimulationTests {
    static let names = ["weekly-shop.json", "phone-edits-mid-trip.json", "reminders-weekday.json"]

    /// A trace effect marking place `n` in a batch.
    static func marker(_ n: Int, at time: SimTime) -> WorldEffect {
        .trace(.phoneApp, at: time, ["marker": .int(Int64(n))])
    }

    @Test(arguments: names)
    func aBatchIsPerformedAsItsEffectsOneByOne(name: String) throws {
        let prepared = PreparedScenario(try ShippedScenarios.decoded(name))
        let formatter = TraceFormatter(start: prepared.scenario.start)
        let time = try #require(prepared.stepRuns.first).time
        // Every step's effects at its time (taps, wrist moves, link changes: sends that set off
        // further sends, schedules and traces), with a marker before each step's and at the end.
        var batch: [WorldEffect] = []
        for (index, run) in prepared.stepRuns.enumerated() {
            batch.append(Self.marker(index, at: time))
            batch.append(contentsOf: prepared.stepEffects[run.effects])
        }
        batch.append(Self.marker(prepared.stepRuns.count, at: time))
        var worlds: [ScenarioSimulation] = []
        for atOnce in [true, false] {
            var world = ScenarioSimulation(prepared: prepared, seed: 5)
            world.loop.advance(to: time)
            var effects = WorldEffects()
            if atOnce {
                effects.append(contentsOf: batch)
                world.performEffects(from: 0, in: &effects)
            } else {
                for effect in batch {
                    effects.append(effect)
                    world.performEffects(from: 0, in: &effects)
                }
            }
            let left = effects.count
            #expect(left == 0, "\(name): the performed effects are removed")
            worlds.append(world)
        }
        let traces = worlds.map { world in world.trace.indices.map { formatter.text(world.trace[$0]) } }
        #expect(traces[0] == traces[1], "\(name)")
        // The markers come out in order, each step's traces between its marker and the next.
        let markers = traces[0].filter { $0.contains("marker=") }
        #expect(markers.count == prepared.stepRuns.count + 1, "\(name)")
        #expect(traces[0].count > markers.count, "\(name): the steps traced nothing")
        #expect(worlds[0].loop.scheduledCount == worlds[1].loop.scheduledCount, "\(name)")
        #expect(worlds[0].loop.pendingCount == worlds[1].loop.pendingCount, "\(name)")
        #expect(worlds[0].loop.nextTime == worlds[1].loop.nextTime, "\(name)")
    }
}
