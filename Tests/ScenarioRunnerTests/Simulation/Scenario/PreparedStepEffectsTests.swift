import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// A prepared scenario works out once what each action step does at its time
/// (``PreparedScenario/stepEffects``), its steps in time order (``PreparedScenario/stepRuns``); a
/// run appends those when the step runs, at its time.
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

    /// What the script's action steps append at their times, in time order (the script's order
    /// among steps at the same time), each with its time, as text.
    static func asked(_ script: [ScriptStep]) -> [String] {
        let actions = script.compactMap { step -> (time: SimTime, action: any ScenarioAction)? in
            guard case .action(let action) = step.content else { return nil }
            return (step.time, action)
        }
        return actions.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map { "\($0.element.time): \(asked($0.element.action, at: $0.element.time))" }
    }

    /// The prepared steps, each with its time, as text, in the order a run schedules them.
    static func prepared(_ prepared: PreparedScenario) -> [String] {
        prepared.stepRuns.map { run in
            "\(run.time): \(prepared.stepEffects[run.effects].map { String(describing: $0) })"
        }
    }

    @Test(arguments: names)
    func stepsAppendWhatTheirActionsSay(name: String) throws {
        let scenario = try ShippedScenarios.decoded(name)
        let steps = Self.prepared(PreparedScenario(scenario))
        #expect(!steps.isEmpty, "\(name): no action steps")
        #expect(steps == Self.asked(scenario.script), "\(name)")
    }

    /// A script built out of time order (only the decoder insists on order) still runs its steps
    /// in time order, each with the effects of its own action.
    @Test func stepsOutOfOrderArePreparedInTimeOrder() throws {
        var scenario = try ShippedScenarios.decoded("phone-edits-mid-trip.json")
        scenario.script.reverse()
        let prepared = PreparedScenario(scenario)
        let times = prepared.stepRuns.map(\.time)
        #expect(times.count > 2)
        #expect(times == times.sorted())
        #expect(Self.prepared(prepared) == Self.asked(scenario.script))
    }
}
