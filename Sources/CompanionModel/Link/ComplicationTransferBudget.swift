import SimulationKernel

/// The daily budget of `transferCurrentComplicationUserInfo` (PLATFORM.md §2.4): 50 a day while
/// the complication is on the active watch face, 0 otherwise. The budget resets every 24 h.
package struct ComplicationTransferBudget: Hashable, Sendable {
    /// Where the complication is now (a transfer budget only on the active face).
    package var placement: ComplicationFacePresence = .onActiveFace
    /// Transfers per day on the active face.
    package let dailyLimit: Int
    /// When the first reset happens, from the scenario start.
    package let firstReset: SimDuration
    /// Budgeted transfers used in the current budget day.
    package private(set) var usedToday: Int = 0
    /// The budget day `usedToday` counts (0 until the first reset).
    package private(set) var budgetDay: Int64 = 0

    /// The budget day containing `time`: 0 before the first reset, then one more every 24 h.
    package func day(at time: SimTime) -> Int64 {
        let sinceReset = time.nanoseconds - firstReset.nanoseconds
        guard sinceReset >= 0 else { return 0 }
        return 1 + sinceReset / SimDuration.days(1).nanoseconds
    }

    /// `remainingComplicationUserInfoTransfers` at `time`.
    package func remaining(at time: SimTime) -> Int {
        guard placement.allowsTransfers else { return 0 }
        let used = day(at: time) == budgetDay ? usedToday : 0
        return max(0, dailyLimit - used)
    }

    /// When the budget next resets after `time`.
    package func nextReset(after time: SimTime) -> SimTime {
        SimTime(offset: firstReset) + .days(day(at: time))
    }

    /// Uses one budgeted transfer if any is left; returns whether it did.
    package mutating func spend(at time: SimTime) -> Bool {
        let today = day(at: time)
        if today != budgetDay {
            budgetDay = today
            usedToday = 0
        }
        guard remaining(at: time) > 0 else { return false }
        usedToday += 1
        return true
    }
}
