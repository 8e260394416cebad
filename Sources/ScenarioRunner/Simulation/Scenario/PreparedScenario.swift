import CompanionModel
import SimulationKernel

/// A scenario made ready for many runs: the decoded ``Scenario`` and everything about a run's
/// start that does not depend on its seed (the watch's list in store order, both sync replicas,
/// the script's taps, the phone side, the link but its fault streams, the complication but its
/// random stream, the script split into its actions' effects and its checkpoints), built once
/// and shared by every run.
///
/// It is a reference, so a run holds it (and every event's ``WorldContext`` carries it) for one
/// retain instead of a copy of the whole scenario. `sweep` prepares each cell once and runs it
/// seed after seed, in one world started again for each seed
/// (``ScenarioSimulation/restart(prepared:seed:trace:)``).
package final class PreparedScenario: Sendable {
    /// The scenario.
    package let scenario: Scenario
    /// The watch side at the start (made with seed 0: a run replaces its pipeline's jitter stream).
    let watch: WatchFeature
    /// The phone side at the start (it draws nothing from the seed).
    let phone: PhoneFeature
    /// The link at the start (made with seed 0: a run draws its fault streams again).
    let link: LinkFeature
    /// The complication at the start (each run draws its random stream again from its seed).
    let complication: ComplicationFeature
    /// The script's expectation steps, in script (and so time) order.
    let checkpoints: [Checkpoint]
    /// What each action step does when it runs, worked out once (``ScenarioAction/effects(at:into:)``:
    /// a step's effects depend on the step and its time only, and a step always runs at its own
    /// time): action *k*'s are `stepEffects[stepRuns[k].effects]`. A run appends them instead of
    /// asking the action (a copy of its existential, a witness call and a destroy per step).
    let stepEffects: [WorldEffect]
    /// The script's action steps in time order (a script's order among steps at the same time),
    /// each with its time and where its effects are in ``stepEffects``: a run schedules action *k*
    /// as ``SimEvent/step(_:)`` with payload *k*.
    let stepRuns: [StepRun]

    /// Prepares `scenario` for runs.
    ///
    /// - Complexity: that of the features' set-up, once: O(*n* log *n*) for *n* items plus
    ///   O(*s*) for *s* script steps.
    package init(_ scenario: Scenario) {
        self.scenario = scenario
        watch = WatchFeature(scenario: scenario, seed: 0)
        phone = PhoneFeature(scenario: scenario, seed: 0)
        link = LinkFeature(scenario: scenario, seed: 0)
        complication = ComplicationFeature(scenario: scenario, seed: 0)
        var actions: [(time: SimTime, action: any ScenarioAction)] = []
        var checkpoints: [Checkpoint] = []
        for step in scenario.script {
            switch step.content {
            case .action(let action): actions.append((step.time, action))
            case .expectations(let expectations):
                checkpoints.append(Checkpoint(time: step.time, expectations: expectations))
            }
        }
        self.checkpoints = checkpoints
        // In time order, a script's order among steps at the same time: a run keeps only its
        // next step pending (``ScenarioSimulation/scheduleStep(_:)``).
        let ordered = actions.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
        var stepEffects = WorldEffects()
        var stepRuns: [StepRun] = []
        stepRuns.reserveCapacity(actions.count)
        for (_, step) in ordered {
            let start = stepEffects.count
            step.action.effects(at: step.time, into: &stepEffects)
            stepRuns.append(StepRun(time: step.time, effects: start..<stepEffects.count))
        }
        self.stepRuns = stepRuns
        self.stepEffects = stepEffects.elements
    }
}

/// An action step's time and where its effects are in ``PreparedScenario/stepEffects``: two
/// plain values, so reading one copies no event.
struct StepRun: Sendable {
    /// When the step is scheduled (it runs then, unless the loop stopped before).
    let time: SimTime
    /// Its effects, appended when it runs.
    let effects: Range<Int>
}

/// An expectation step of a scenario's script, read out of the script once
/// (``PreparedScenario``): what is checked at `time`, after every event due by then.
struct Checkpoint: Sendable {
    /// When the expectations are checked.
    let time: SimTime
    /// The expectations, in the order written.
    let expectations: [LocatedExpectation]
}
