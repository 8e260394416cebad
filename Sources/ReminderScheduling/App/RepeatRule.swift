#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a repeating item comes back after it is completed: every `interval` calendar units after its
/// due date, in the calendar (and time zone) the app passes to ``ReminderReconciler``. A daily item
/// due at 09:00 stays at 09:00 local time across a daylight-saving change.
public struct RepeatRule: Hashable, Sendable {
    /// The calendar unit of the rule.
    public enum Unit: String, Hashable, Sendable, CaseIterable {
        /// Hours.
        case hour
        /// Days.
        case day
        /// Weeks.
        case week
        /// Months (a month-end date is clamped to shorter months).
        case month

        var component: Calendar.Component {
            switch self {
            case .hour: .hour
            case .day: .day
            case .week: .weekOfYear
            case .month: .month
            }
        }
    }

    /// The unit.
    public var unit: Unit
    /// How many units apart occurrences are (at least 1).
    public var interval: Int

    /// Creates a rule: every `interval` (clamped to at least 1) `unit`s.
    public init(every interval: Int, _ unit: Unit) {
        self.unit = unit
        self.interval = max(1, interval)
    }

    /// Every day.
    public static let daily = RepeatRule(every: 1, .day)
    /// Every week.
    public static let weekly = RepeatRule(every: 1, .week)
    /// Every month.
    public static let monthly = RepeatRule(every: 1, .month)

    /// The first occurrence of an item due at `due` that is strictly after `now`: `due` plus a
    /// whole number of intervals, counted from `due` each time (so month ends do not drift).
    ///
    /// - Complexity: O(1) calendar computations (a jump to the right interval count, then at most a
    ///   few steps).
    public func nextOccurrence(after now: Date, from due: Date, in calendar: Calendar) -> Date {
        var count = 1
        if due < now {
            let elapsed = calendar.dateComponents([unit.component], from: due, to: now).value(for: unit.component) ?? 0
            count = max(1, elapsed / interval)
        }
        for _ in 0..<8 {
            let (steps, overflow) = count.multipliedReportingOverflow(by: interval)
            guard !overflow, let date = calendar.date(byAdding: unit.component, value: steps, to: due) else { break }
            if date > now { return date }
            count += 1
        }
        // Unreachable with a Gregorian calendar; a calendar that cannot add the unit gets a day later.
        return now.addingTimeInterval(86_400)
    }
}
