import CompanionModel
import SimulationKernel

/// Applies one exploration run's drawn faults to the already-decoded base scenario, as a typed
/// transform: the same ``Scenario`` that decoding the run's file (``ExploreVariant/tree(seed:faults:removed:description:withHistory:)``)
/// gives, without writing or decoding any JSON. `explore` runs every run this way; the file is
/// written only for a failure's reproduction, and a test checks over many seeds that both
/// give the same scenario (which is what makes a reproduction exact).
///
/// What the file does, the transform does: the expectations are left out, the action steps keep
/// their times, the run's seed replaces the scenario's, `"link"` faults are set in (latency and
/// duplicates replace the section's own; windows and terminations are appended to its own), and
/// fault steps are merged into the script in time order after the base steps of the same time
/// (clamped to the scenario's end). A draw the file could not express (a window that ends at or
/// before it starts once clamped, more actions than the event limit) gives `nil`, as a file that
/// does not decode does.
struct ExploreTransform: Sendable {
    /// The base scenario with its expectations and description taken out and only its action
    /// steps left.
    let base: Scenario
    /// The step kinds a fault adds, decoded once (none has parameters).
    private let faultActions: [String: any ScenarioAction]

    /// The step kinds faults use (``ExploreFault``): session flaps, the wrist, phone app runs.
    static let faultStepKinds = [
        "sessionBecomeInactive", "activateSession", "lowerWrist", "raiseWrist", "launchApp", "appForeground",
        "backgroundRefresh",
    ]

    init(scenario: Scenario) {
        var base = scenario
        base.script = scenario.script.filter { step in
            if case .action = step.content { return true }
            return false
        }
        base.finalExpectations = []
        base.summary = ""
        self.base = base
        var actions: [String: any ScenarioAction] = [:]
        for name in ExploreTransform.faultStepKinds {
            actions[name] = ExploreTransform.decodeAction(name)
        }
        faultActions = actions
    }

    /// The step kind `name` decoded from `{"do": name}` exactly as a file's step is (`nil` if
    /// it has required keys, which no fault step kind has).
    private static func decodeAction(_ name: String) -> (any ScenarioAction)? {
        let text = "{\"do\": \"\(name)\"}"
        let context = DecodingContext(file: "explore fault")
        var errors = ScenarioErrorCollector()
        var cursor = SimTime.zero
        guard let node = try? JSONParser.parse(Array(text.utf8), file: "explore fault"),
            let step = try? ScenarioDecoder.decodeStep(node, cursor: &cursor, context, &errors),
            case .action(let action) = step.content
        else { return nil }
        return action
    }

    /// The scenario of the run with `seed` and `faults` (`nil` where the run's file would not
    /// decode).
    ///
    /// - Complexity: O(*s* + *f* log *f*) for *s* action steps and *f* faults: one copy of the
    ///   script, no JSON.
    func scenario(seed: UInt64, faults: [ExploreFault]) -> Scenario? {
        var scenario = base
        scenario.seed = seed
        let end = base.end
        var link = base.sections.link
        var added: [ScriptStep] = []
        func configure(_ change: (inout LinkFaults) -> Void) {
            var settings = link ?? LinkSettings()
            change(&settings.configuration.faults)
            link = settings
        }
        func step(_ name: String, _ time: SimTime) -> Bool {
            guard let action = faultActions[name] else { return false }
            added.append(
                ScriptStep(
                    time: min(time, end), location: SourceLocation(line: 1, column: 1), path: "explore fault",
                    content: .action(action)))
            return true
        }
        for fault in faults {
            switch fault {
            case .unreachable(let from, let to):
                let to = min(to, end)
                guard to > from else { return nil }
                configure { $0.unreachableWindows.append(.init(start: from, end: to)) }
            case .latency(let mean):
                guard mean > .zero, mean <= LinkSettings.maximumLatency else { return nil }
                configure { $0.latency = .exponential(mean: mean, floor: .zero) }
            case .duplicates(let perMille):
                guard (0...1000).contains(perMille) else { return nil }
                // The file's "0.123" parses to the double nearest 0.123, as this correctly
                // rounded quotient of two exact integers is.
                configure { $0.duplicateProbability = Double(perMille) / 1000 }
            case .termination(let phone, let at, let relaunch):
                if let relaunch, relaunch < .zero { return nil }
                configure {
                    $0.appTerminations.append(.init(side: phone ? .phone : .watch, at: at, relaunchAfter: relaunch))
                }
            case .sessionFlap(let at, let length):
                guard step("sessionBecomeInactive", at), step("activateSession", at + length) else { return nil }
            case .wristDown(let at, let length):
                guard step("lowerWrist", at), step("raiseWrist", at + length) else { return nil }
            case .appRun(let kind, let at):
                guard step(kind, at) else { return nil }
            }
        }
        scenario.sections.link = link
        guard base.script.count + added.count <= base.eventLimit.maximum else { return nil }
        if !added.isEmpty {
            scenario.script = ExploreTransform.merged(base.script, added)
        }
        return scenario
    }

    /// The base steps and the added ones in time order: at equal times the base steps first,
    /// then the added ones in the order added (the file's order; its steps are sorted by time,
    /// then by that order).
    ///
    /// - Complexity: O(*s* + *f* log *f*).
    static func merged(_ steps: [ScriptStep], _ added: [ScriptStep]) -> [ScriptStep] {
        let faults = added.indices.sorted { (added[$0].time, $0) < (added[$1].time, $1) }.map { added[$0] }
        var result: [ScriptStep] = []
        result.reserveCapacity(steps.count + faults.count)
        var next = 0
        for step in steps {
            while next < faults.count, faults[next].time < step.time {
                result.append(faults[next])
                next += 1
            }
            result.append(step)
        }
        result.append(contentsOf: faults[next...])
        return result
    }
}
