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
    /// The script's expectation steps, in script (and so time) order: each step's expectations,
    /// in the order written, are checked at its time, after every event due by then.
    let checkpoints: [(time: SimTime, expectations: [LocatedExpectation])]
    /// What each action step does when it runs, worked out once (``ScenarioAction/effects(at:into:)``:
    /// a step's effects depend on the step and its time only, and a step always runs at its own
    /// time): action *k*'s are `stepEffects[stepRuns[k].effects]`. A run appends them instead of
    /// asking the action (a copy of its existential, a witness call and a destroy per step).
    let stepEffects: [WorldEffect]
    /// The script's action steps in time order (a script's order among steps at the same time),
    /// each with its time and where its effects are in ``stepEffects`` (two plain values, so
    /// reading one copies no event): a run schedules action *k* as ``SimEvent/step(_:)`` with
    /// payload *k* at its time (it runs then, unless the loop stopped before).
    let stepRuns: [(time: SimTime, effects: Range<Int>)]

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
        var checkpoints: [(time: SimTime, expectations: [LocatedExpectation])] = []
        for step in scenario.script {
            switch step.content {
            case .action(let action): actions.append((step.time, action))
            case .expectations(let expectations):
                checkpoints.append((step.time, expectations))
            }
        }
        self.checkpoints = checkpoints
        // In time order, a script's order among steps at the same time: a run keeps only its
        // next step pending (``ScenarioSimulation/scheduleStep(_:)``).
        let ordered = actions.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
        var stepEffects = WorldEffects()
        var stepRuns: [(time: SimTime, effects: Range<Int>)] = []
        stepRuns.reserveCapacity(actions.count)
        for (_, step) in ordered {
            let start = stepEffects.count
            step.action.effects(at: step.time, into: &stepEffects)
            stepRuns.append((step.time, start..<stepEffects.count))
        }
        self.stepRuns = stepRuns
        self.stepEffects = stepEffects.elements
    }
}
