import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// A prepared scenario works out once what each action step does at its time
/// (``PreparedScenario/stepEffects``); a run appends those instead of asking the action, and asks
/// the action at any other time. Either way a step appends what the action says.
@Suite struct PreparedStepEffectsTests {
    static let names = [
        "weekly-shop.json", "duplicating-link.json", "phone-app-killed-mid-trip.json", "basement-aisle-no-signal.json",
        "phone-edits-mid-trip.json", "complication-saturday-shop.json", "reminders-weekday.json",
    ]

    /// What `action` appends at `time`, as text.
    static func asked(_ action: any ScenarioAction, at time: SimTime) -> [String] {
        var effects = WorldEffects()
        action.effects(at: time, into: &effects)
        return effects.elements.map { String(describing: $0) }
    }

    @Test(arguments: names)
    func stepsAppendWhatTheirActionsSay(name: String) throws {
        let prepared = PreparedScenario(try ShippedScenarios.decoded(name))
        #expect(prepared.stepRuns.count == prepared.actions.count)
        var kinds = Set<String>()
        for index in prepared.actions.indices {
            let action = prepared.actions[index]
            kinds.insert(String(describing: type(of: action.action)))
            for time in [action.time, action.time + .milliseconds(1_500)] {
                var simulation = ScenarioSimulation(prepared: prepared, seed: 1, trace: .off)
                simulation.loop.advance(to: time)
                var effects = WorldEffects()
                simulation.appendStepEffects(index, into: &effects)
                let appended = effects.elements.map { String(describing: $0) }
                #expect(appended == Self.asked(action.action, at: time), "\(name) step \(index) at \(time)")
            }
        }
        #expect(!kinds.isEmpty, "\(name): no action steps")
    }

    /// A step whose effects are one send at its own time has the event handled at once
    /// (``ScenarioSimulation/performStep(_:into:)``): the world is left as appending the step's
    /// effects and performing them leaves it, trace and loop alike.
    @Test(arguments: names)
    func aStepThatOnlySendsIsHandledAsItsEffectWouldBe(name: String) throws {
        let prepared = PreparedScenario(try ShippedScenarios.decoded(name))
        let formatter = TraceFormatter(start: prepared.scenario.start)
        var lone = 0
        for index in prepared.actions.indices {
            let run = prepared.stepRuns[index]
            guard run.effects.count == 1, case .send = prepared.stepEffects[run.effects.lowerBound] else { continue }
            lone += 1
            var worlds: [ScenarioSimulation] = []
            for shortcut in [true, false] {
                var world = ScenarioSimulation(prepared: prepared, seed: 3)
                world.loop.advance(to: run.time)
                var effects = WorldEffects()
                if shortcut {
                    world.performStep(index, into: &effects)
                } else {
                    world.appendStepEffects(index, into: &effects)
                }
                world.performEffects(from: 0, in: &effects)
                worlds.append(world)
            }
            let traces = worlds.map { world in world.trace.indices.map { formatter.text(world.trace[$0]) }
            }
            #expect(traces[0] == traces[1], "\(name) step \(index)")
            #expect(worlds[0].loop.scheduledCount == worlds[1].loop.scheduledCount, "\(name) step \(index)")
            #expect(worlds[0].loop.pendingCount == worlds[1].loop.pendingCount, "\(name) step \(index)")
        }
        #expect(lone > 0, "\(name): no step only sends")
    }
}
