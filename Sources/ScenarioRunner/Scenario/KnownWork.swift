import CompanionModel
import SimulationKernel

/// The work a scenario certainly asks for, counted when its file is loaded (docs/limits.md, "The
/// event limit"): one event per action step, one per app run of `"reminders"`'s `"appRuns"`
/// before the end, one per delivery of each repeating reminder before the end (a delivery
/// is counted against the limit like an event, though the phone makes it between events), and
/// the most reloads a complication's reload policy can ask for before the end on the active face
/// (``ComplicationBudgetSettings/policyReloadBound(through:)``).
///
/// More of these than the event limit is a load error: such a run could only stop at its limit
/// (or, for deliveries, grow past it unseen), so it is refused before it starts.
struct KnownWork: Equatable {
    var actions = 0
    var appRuns = 0
    var repeatingDeliveries = 0
    var policyReloads = 0

    /// Counts the work of a scenario's script and sections up to `end`.
    ///
    /// - Complexity: O(*s* + *r*) for *s* steps and *r* repeating reminders.
    init(script: [ScriptStep], reminders: RemindersSettings?, complication: ComplicationSettings? = nil, end: SimTime) {
        for step in script {
            if case .action = step.content { actions += 1 }
        }
        if let complication, complication.presence == .onActiveFace {
            policyReloads = complication.configuration.budget.policyReloadBound(through: end)
        }
        guard let reminders else { return }
        if let runs = reminders.appRuns {
            appRuns = Self.occurrences(from: runs.from, every: runs.every, through: min(runs.until ?? end, end))
        }
        for spec in reminders.repeating {
            repeatingDeliveries = Self.saturatingSum(
                [repeatingDeliveries, Self.occurrences(from: spec.start, every: spec.every, through: end)])
        }
    }

    /// The total, saturating at `Int.max`.
    var total: Int { Self.saturatingSum([actions, appRuns, repeatingDeliveries, policyReloads]) }

    /// How many of `from`, `from + every`, … are at or before `last` (every time and duration
    /// of a scenario is within its range, so the difference and quotient fit).
    static func occurrences(from: SimTime, every: SimDuration, through last: SimTime) -> Int {
        guard from <= last, every > .zero else { return 0 }
        return Int((last.nanoseconds - from.nanoseconds) / every.nanoseconds) + 1
    }

    /// The sum of `counts` (none negative), or `Int.max` when it does not fit.
    static func saturatingSum(_ counts: [Int]) -> Int {
        (try? counts.reduce(0) { (sum, count) throws(CountOverflow) in try CountOverflow.adding(sum, count) }) ?? .max
    }

    /// `"12 action steps, 1440 app runs and 5256001 repeating reminder deliveries"`: the
    /// non-zero parts.
    var description: String {
        let parts = [
            (actions, "action steps"), (appRuns, "app runs"), (repeatingDeliveries, "repeating reminder deliveries"),
            (policyReloads, "complication policy reloads (at most)"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        guard let last = parts.last else { return "no events" }
        return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
    }
}
