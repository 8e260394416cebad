import SimulationKernel

/// When a WidgetKit timeline asks for the next one (`TimelineReloadPolicy`); the system decides
/// when the reload really happens (``ComplicationPolicyGrant``).
package enum ComplicationReloadPolicy: Hashable, Sendable {
    /// "Requests a new timeline after the last date in a timeline passes" (the default).
    case atEnd
    /// A new timeline this long after this one was made (`.after(date)` stated as a delay).
    case after(SimDuration)
    /// WidgetKit waits for the app to call `reloadTimelines`.
    case never

    /// When this policy asks for the next reload of a timeline made at `reloadedAt` whose last
    /// entry is dated `lastEntry` (never before `reloadedAt`); `nil` for `never` (O(1)).
    package func requestedReload(reloadedAt: SimTime, lastEntry: SimTime) -> SimTime? {
        switch self {
        case .atEnd: return max(reloadedAt, lastEntry)
        case .after(let delay): return reloadedAt + delay
        case .never: return nil
        }
    }

    /// `"atEnd"`, `"after(2m)"`, `"never"`.
    package var description: String {
        switch self {
        case .atEnd: return "atEnd"
        case .after(let delay): return "after(\(delay))"
        case .never: return "never"
        }
    }
}

/// Why the system reloads a widget later than its policy asked.
package enum ComplicationReloadDelay: String, CaseIterable, Hashable, Sendable {
    /// At the time asked for.
    case asRequested
    /// WidgetKit "imposes a minimum amount of time before it reloads a widget" (about 5 minutes).
    case minimumInterval
    /// Stretched so the reloads left last until the budget resets: the next reload comes no
    /// sooner than (time until the reset) ÷ (reloads left) after this one.
    case budgetPacing
    /// No reload is left today: the next one waits for the budget reset.
    case budgetExhausted

    /// Why a policy reload was granted when it was, in words.
    package var message: String {
        switch self {
        case .asRequested: return "granted at the time the policy asked for"
        case .minimumInterval: return "moved to the minimum interval after the last reload"
        case .budgetPacing: return "moved so the reloads left last until the budget resets"
        case .budgetExhausted: return "no reload left today: moved to the budget reset"
        }
    }
}

/// A system reload the policy asked for, and when the system granted it.
package struct ComplicationPolicyGrant: Hashable, Sendable {
    /// What the policy asked for.
    package var askedFor: SimTime
    /// When the system will reload.
    package var grantedFor: SimTime
    /// Why ``grantedFor`` differs from ``askedFor`` (``ComplicationReloadDelay/asRequested`` if not).
    package var reason: ComplicationReloadDelay

    /// How much later than asked the reload happens.
    package var delay: SimDuration { grantedFor - askedFor }

    /// The system's decision for a timeline made at `now` whose policy asks for `askedFor`.
    ///
    /// The reload happens at the latest of: the time asked for; `minimumInterval` after `now`;
    /// and, with a daily reload count, `now` + (time until `nextReset`) ÷ `reloadsLeft` (rounded up
    /// to a whole second), so the budget lasts until the reset (WidgetKit: "from 40 to 70
    /// refreshes… roughly… every 15 to 60 minutes"). With no reload left it waits for `nextReset`.
    /// The reason is the constraint that set the time (the first in that order on a tie).
    ///
    /// - Complexity: O(1).
    package static func decide(
        at now: SimTime, askedFor: SimTime, minimumInterval: SimDuration, reloadsLeft: Int?, nextReset: SimTime
    ) -> ComplicationPolicyGrant {
        var granted = max(askedFor, now)
        var reason = ComplicationReloadDelay.asRequested
        let floor = now + minimumInterval
        if floor > granted {
            granted = floor
            reason = .minimumInterval
        }
        if let left = reloadsLeft {
            if left <= 0 {
                if nextReset > granted {
                    granted = nextReset
                    reason = .budgetExhausted
                }
            } else if nextReset > now {
                let second: Int64 = 1_000_000_000
                let share = (nextReset - now).nanoseconds / Int64(left)
                let paced = now + SimDuration(nanoseconds: (share + second - 1) / second * second)
                if paced > granted {
                    granted = paced
                    reason = .budgetPacing
                }
            }
        }
        return ComplicationPolicyGrant(askedFor: askedFor, grantedFor: granted, reason: reason)
    }
}

extension ComplicationBudgetSettings {
    /// The least time between two of the system's policy reloads: the policy's `after` delay or
    /// the minimum reload interval, the larger (`nil` without a policy or with `never`).
    package var policySpacing: SimDuration? {
        switch reloadPolicy {
        case nil, .never?: return nil
        case .atEnd?: return minimumReloadInterval
        case .after(let delay)?: return max(delay, minimumReloadInterval)
        }
    }

    /// The most policy reloads the system can make from the start through `end`, on the active
    /// face all the while: a file's loader counts them against its event limit (docs/limits.md).
    ///
    /// The smaller of two bounds: consecutive policy reloads are at least the policy's spacing
    /// apart (the `after` delay or the minimum reload interval, the larger); with a daily reload
    /// count *N*, at most *N* + 1 happen in each budget period the span touches. `0` without a
    /// policy or with `never`; `Int.max` when neither bound applies (O(1)).
    package func policyReloadBound(through end: SimTime) -> Int {
        guard let spacing = policySpacing else { return 0 }
        let span = max(end.nanoseconds, 0)
        var bound = Int.max
        if spacing > .zero { bound = Int(span / spacing.nanoseconds) + 1 }
        if let daily = dailyReloads {
            let periods = span / resetPeriod.nanoseconds + 2
            let (perPeriod, overflow) = Int64(daily + 1).multipliedReportingOverflow(by: periods)
            if !overflow { bound = min(bound, Int(perPeriod)) }
        }
        return bound
    }
}
