import SimulationKernel

/// A failing run made small: the faults and steps left, and the standalone file that
/// reproduces it.
package struct ExploreReproduction: Sendable {
    /// The run it reproduces.
    package var failure: ExploreFailure
    /// The faults left after shrinking.
    package var faults: [ExploreFault]
    /// How many faults the run drew.
    package var drawnFaults: Int
    /// The base scenario's action steps, and how many are left.
    package var steps: Int
    package var stepsLeft: Int
    /// The invariant failures of the shrunk run (what `wristsim run` on ``file`` reports).
    package var failures: [String]
    /// The reproduction scenario file (pretty JSON), or `nil` if it cannot be written exactly.
    package var file: String?
    /// The simulation runs and events shrinking spent.
    package var runsSpent = 0
    package var eventsSpent = 0
    /// How shrinking ended.
    package var shrinking: Shrinking

    /// How shrinking ended: one outcome, not two flags.
    package enum Shrinking: Sendable, Equatable {
        /// It ran out of smaller candidates: no smaller file that fails the same way was found.
        case complete
        /// Its budget (``ExploreRunner/shrinkBudget``, ``ExploreRunner/shrinkEventBudget``) was
        /// spent first: the reproduction still fails the same way, but may not be as small as it
        /// could be.
        case stoppedEarly
        /// It was not tried because the run stopped at its event limit: every smaller candidate
        /// would run to the limit too, so a run that long is its own reproduction (the run as
        /// drawn, all its faults and steps).
        case notTried
    }
}

extension ExploreRunner {
    /// The most simulation runs shrinking may spend.
    package static let shrinkBudget = 400

    /// The most simulated events shrinking may spend over all its runs (a few seconds of a
    /// release build): a scenario whose runs are long (many steps, a long span) is shrunk as far
    /// as this allows, not for hours.
    package static let shrinkEventBudget = 20_000_000

    /// Shrinks `failure` while it keeps failing the same way (the kind of its first failure,
    /// ``InvariantFailure/invariant``): drops faults one at a time, then script steps, then makes
    /// windows, delays and probabilities smaller; at most ``shrinkBudget`` runs and
    /// ``shrinkEventBudget`` events, whichever is spent first (the reproduction then says it
    /// ``ExploreReproduction/Shrinking/stoppedEarly``).
    ///
    /// The failure's kind is not in its messages (a failure merged from partial results has only
    /// those): the run is made once more to find it, besides the budget. A run stopped at its
    /// event limit is not shrunk (``ExploreReproduction/Shrinking/notTried``): each candidate would cost a
    /// run as long as the limit allows, so the bound of a command on a small file would go.
    ///
    /// - Complexity: at most ``shrinkBudget`` + 1 simulations, and the events of one run more
    ///   than ``shrinkEventBudget`` (the run that passes the budget ends; none starts after it).
    package func shrink(
        _ failure: ExploreFailure, runBudget: Int = ExploreRunner.shrinkBudget,
        eventBudget: Int = ExploreRunner.shrinkEventBudget
    ) -> ExploreReproduction {
        var faults = faults(failure.run)
        var unbudgeted = 0  // the run made again for its kind is besides the budget
        let target =
            failure.invariant ?? check(seed: failure.seed, faults: faults, events: &unbudgeted)?.first?.invariant
        let notTried = target == .eventLimit
        let drawn = faults.count
        var removed: Set<Int> = []
        var budget = runBudget
        var events = 0
        var stoppedEarly = false
        var current = failure.failures
        func spent() -> Bool { budget <= 0 || events >= eventBudget }
        func stillFails(_ candidate: [ExploreFault], _ without: Set<Int>) -> Bool {
            guard !spent() else {
                stoppedEarly = true
                return false
            }
            budget -= 1
            guard let target,
                let found = check(seed: failure.seed, faults: candidate, removed: without, events: &events),
                found.contains(where: { $0.invariant == target })
            else { return false }
            current = found.map(\.message)
            return true
        }
        var progress = !notTried
        while progress, !spent() {
            progress = false
            // Last to first: removing one leaves the indices still to try in place.
            for index in faults.indices.reversed() {
                var candidate = faults
                candidate.remove(at: index)
                if stillFails(candidate, removed) {
                    faults = candidate
                    progress = true
                }
            }
            for step in (0..<variant.actions.count).reversed() where !removed.contains(step) {
                if stillFails(faults, removed.union([step])) {
                    removed.insert(step)
                    progress = true
                }
            }
            for index in faults.indices {
                while let smaller = faults[index].smaller {
                    var candidate = faults
                    candidate[index] = smaller
                    guard stillFails(candidate, removed) else { break }
                    faults = candidate
                    progress = true
                }
            }
        }
        let stepsLeft = variant.actions.count - removed.count
        let faultText = faults.isEmpty ? "none" : faults.map(\.label).joined(separator: "; ")
        var description = "Reproduction of 'wristsim explore \(file) --seed \(seed)', run \(failure.run) "
        description += "(seed \(failure.seed)), shrunk from \(drawn) faults and \(variant.actions.count) steps "
        description += "to \(faults.count) and \(stepsLeft). Faults: \(faultText). "
        description += "Expectations are left out: 'wristsim run' fails on the invariant."
        let shrinking: ExploreReproduction.Shrinking =
            notTried ? .notTried : stoppedEarly || (progress && spent()) ? .stoppedEarly : .complete
        switch shrinking {
        case .notTried:
            description +=
                " Not shrunk: the run stopped at its event limit, and every smaller candidate would run as long."
        case .stoppedEarly:
            description += " Shrinking stopped early (its budget was spent): a smaller file may fail the same way."
        case .complete: break
        }
        let tree = variant.tree(seed: failure.seed, faults: faults, removed: removed, description: description)
        return ExploreReproduction(
            failure: failure, faults: faults, drawnFaults: drawn, steps: variant.actions.count,
            stepsLeft: stepsLeft, failures: current, file: tree.jsonValue?.pretty(),
            runsSpent: runBudget - budget, eventsSpent: events, shrinking: shrinking)
    }
}
