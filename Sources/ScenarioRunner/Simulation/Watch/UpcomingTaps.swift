import CompanionModel
import SimulationKernel

/// The script's taps in time order, with a cursor that only moves forward: the answer to "which
/// item will the shopper tap next?" at each wrist raise, without rescanning the script.
struct UpcomingTaps: Sendable {
    /// Each tap's time and its item's key.
    private let taps: [(time: SimTime, key: Int)]
    private var cursor = 0

    /// Collects the tap steps of `script` (already in time order), each item by its key in `catalog`.
    ///
    /// - Complexity: O(*s*) in the script's steps, once per scenario.
    init(script: [ScriptStep], catalog: ItemCatalog) {
        taps = script.compactMap { step in
            guard case .action(let action) = step.content, let tap = action as? CoreSteps.Tap,
                let key = catalog.key(of: tap.item)
            else { return nil }
            return (step.time, key)
        }
    }

    /// How many taps the script has (passed or not): the most pipeline taps a run can submit.
    var count: Int { taps.count }

    /// The key of the first tap's item at or after `now` for which `isRemaining` holds.
    ///
    /// Times never go back, so taps before `now` are passed once for the whole run.
    ///
    /// - Complexity: amortised O(1) for the cursor, plus the upcoming taps skipped because their
    ///   item is no longer remaining (taps that would put an item back).
    mutating func next(atOrAfter now: SimTime, where isRemaining: (Int) -> Bool) -> Int? {
        while cursor < taps.count, taps[cursor].time < now { cursor += 1 }
        var index = cursor
        while index < taps.count {
            if isRemaining(taps[index].key) { return taps[index].key }
            index += 1
        }
        return nil
    }
}
