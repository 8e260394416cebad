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

    /// A step whose effects are one send has that event as its lone send (``StepRun/loneSend``,
    /// handled at once); any other step has none.
    @Test(arguments: names)
    func loneSendsAreTheStepsThatOnlySend(name: String) throws {
        let prepared = PreparedScenario(try ShippedScenarios.decoded(name))
        for run in prepared.stepRuns {
            let effects = prepared.stepEffects[run.effects]
            if effects.count == 1, case .send(let event) = effects.first {
                #expect(run.loneSend.map { String(describing: $0) } == String(describing: event), "\(name)")
            } else {
                #expect(run.loneSend == nil, "\(name)")
            }
        }
    }
}
