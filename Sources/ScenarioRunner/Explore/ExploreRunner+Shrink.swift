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
}

extension ExploreRunner {
    /// The most simulation runs shrinking may spend.
    package static let shrinkBudget = 400

    /// Shrinks `failure` while it keeps failing the same way (the kind of its first failure,
    /// ``ExploreFinding/Kind``): drops faults one at a time, then script steps, then makes
    /// windows, delays and probabilities smaller; at most ``shrinkBudget`` runs.
    ///
    /// The failure's kind is not in its messages (a failure merged from partial results has only
    /// those): the run is made once more to find it, besides the budget.
    ///
    /// - Complexity: at most ``shrinkBudget`` + 1 simulations.
    package func shrink(_ failure: ExploreFailure) -> ExploreReproduction {
        let target = check(run: failure.run, seed: failure.seed)?.first?.kind
        var faults = faults(failure.run)
        let drawn = faults.count
        var removed: Set<Int> = []
        var budget = ExploreRunner.shrinkBudget
        var current = failure.failures
        func stillFails(_ candidate: [ExploreFault], _ without: Set<Int>) -> Bool {
            guard budget > 0 else { return false }
            budget -= 1
            guard let target, let found = check(seed: failure.seed, faults: candidate, removed: without),
                found.contains(where: { $0.kind == target })
            else { return false }
            current = found.map(\.message)
            return true
        }
        var progress = true
        while progress, budget > 0 {
            progress = false
            var index = faults.count - 1
            while index >= 0 {
                var candidate = faults
                candidate.remove(at: index)
                if stillFails(candidate, removed) {
                    faults = candidate
                    progress = true
                }
                index -= 1
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
        let tree = variant.tree(seed: failure.seed, faults: faults, removed: removed, description: description)
        return ExploreReproduction(
            failure: failure, faults: faults, drawnFaults: drawn, steps: variant.actions.count,
            stepsLeft: stepsLeft, failures: current, file: tree.jsonValue?.pretty())
    }
}
