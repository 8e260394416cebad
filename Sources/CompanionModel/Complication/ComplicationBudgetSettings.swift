import SimulationKernel

/// The refresh-budget rules, every number configurable.
///
/// | setting | `clockKit` | `widgetKit` | source |
/// |---|---|---|---|
/// | `dailyReloads` | none | 50 | WidgetKit: "from 40 to 70 refreshes" a day (an Apple engineer on the forums: 72) |
/// | `dailyExecution` | 60 s | none | ClockKit: "a daily execution time budget", size undocumented (chosen, UNCONFIRMED) |
/// | `reloadWork` | 10 ms on S1 | 10 ms on S1 | what one reload computes (chosen; scenarios state their own) |
/// | `reloadPolicy` | none | `.atEnd` | WidgetKit `TimelineReloadPolicy`: `.atEnd` is the default |
/// | `foregroundReloads` | charged | free | WidgetKit: reloads while "the containing app is in the foreground" don't count |
/// | `minimumReloadInterval` | 0 | 5 min | WidgetKit "imposes a minimum amount of time before it reloads" |
/// | `tooSoonReloads` | refused | deferred | WidgetKit reloads "before" that time are not lost but come after it; ClockKit has no such minimum (a preset's own rule refuses) |
/// | `entrySpacing` | 60 s | 5 min | ClockKit entries "must be greater than one minute apart"; WidgetKit "about 5 minutes" |
/// | `backgroundRefreshesPerHour` | 4 | 4 | "four refresh tasks an hour" with the complication on the active face |
/// | `backgroundRefreshInterval` | 15 min | 15 min | WWDC20-10049 schedules 15 min apart |
/// | `backgroundTaskLimits` | 4 s CPU, 15 s wall | same | "on the order of seconds" (chosen, UNCONFIRMED) |
/// | `backgroundRefreshTiming` | may delay | may delay | the system "may delay the background task"; the delay's distribution (mean 5 min, at most 30 min) is chosen (UNCONFIRMED) |
///
/// Budgets reset at ``firstReset`` and every ``resetPeriod`` after it (the runner puts the first
/// reset at the scenario's next local midnight; the real window is "tuned to the user's daily
/// usage pattern").
///
/// The budget trusts these numbers as the scenario decoder checked them (the one validation):
/// counts and durations not negative, ``resetPeriod`` and ``backgroundRefreshesPerHour`` positive.
package struct ComplicationBudgetSettings: Hashable, Sendable {
    /// What happens to a reload asked for closer than ``minimumReloadInterval`` to the last one.
    package enum TooSoonReloads: String, Hashable, Sendable {
        /// Refused `tooSoon` (the app's own rule: the grocery preset's "at most every 10 minutes").
        case refused
        /// Deferred to the last reload plus the interval, requests until then folded into that one
        /// (WidgetKit "imposes a minimum amount of time before it reloads": it does not drop it).
        case deferred
    }

    /// Which platform's rules these are (for reports; every rule is its own setting).
    package var rules = ComplicationRules.clockKit
    /// Reloads per budget day; `nil` for no count (ClockKit budgets execution time instead).
    package var dailyReloads: Int? = 50
    /// Execution time per budget day; `nil` for none. A reload is charged its ``reloadWork`` on
    /// the watch's chip; once used up, reloads "do nothing" until the reset (the one that crosses
    /// the line still runs in full).
    package var dailyExecution: SimDuration?
    /// The provider's work for one reload.
    package var reloadWork = ComplicationWork(cost: .milliseconds(10), on: .s1)
    /// WidgetKit's timeline reload policy; `nil` when the system never reloads on its own.
    package var reloadPolicy: ComplicationReloadPolicy?
    /// The first budget reset; later resets follow every ``resetPeriod``.
    package var firstReset = SimTime(offset: .hours(24))
    package var resetPeriod = SimDuration.hours(24)
    /// What a reload the app asks for in the foreground costs: `charged` (ClockKit: the execution
    /// budget has no exemption) or `free` (WidgetKit: "the containing app is in the foreground").
    package var foregroundReloads = ComplicationCharge.charged
    /// Reloads closer than this to the last granted one are ``tooSoonReloads`` (0 = no minimum).
    package var minimumReloadInterval = SimDuration.zero
    /// Timeline entries must be **more than** this far apart (``coalesce(_:)``).
    package var entrySpacing = SimDuration.minutes(1)
    /// At most this many future entries per reload (ClockKit's `limit`, said to be 100: UNCONFIRMED).
    package var futureEntryLimit = 100
    package var backgroundRefreshesPerHour = 4
    /// A background refresh may run no sooner than this after the previous one.
    package var backgroundRefreshInterval = SimDuration.minutes(15)
    /// CPU and wall time each background task may use.
    package var backgroundTaskLimits = BackgroundTaskLimits()
    /// When the system wakes the app for a granted background refresh (``BackgroundRefreshTiming``).
    package var backgroundRefreshTiming = BackgroundRefreshTiming.platformDefault
    /// What happens to a reload asked for within ``minimumReloadInterval`` of the last one.
    package var tooSoonReloads = TooSoonReloads.refused

    /// ClockKit: a daily execution-time budget of 60 s (chosen; Apple gives no figure), no reload
    /// count, charged foreground reloads, entries more than 60 s apart, no system-initiated reloads.
    package static let clockKit = ComplicationBudgetSettings(
        rules: .clockKit, dailyReloads: nil, dailyExecution: .seconds(60))

    /// WidgetKit: 50 reloads a day, free in the foreground, entries and reloads 5 min apart, `.atEnd`.
    package static let widgetKit = ComplicationBudgetSettings(
        rules: .widgetKit, dailyReloads: 50, reloadPolicy: .atEnd, foregroundReloads: .free,
        minimumReloadInterval: .minutes(5), entrySpacing: .minutes(5), tooSoonReloads: .deferred)

    /// The published Grocery complication (`"preset": "grocery"`), ClockKit rules: an update
    /// requested every 10 minutes (`getNextRequestedUpdateDate`), reloads refused `tooSoon`
    /// within 10 minutes, each reload doing `work` (``ComplicationWork/reloadsDatabase`` as
    /// published, or ``ComplicationWork/readsCount``).
    package static func grocery(_ work: ComplicationWork) -> ComplicationBudgetSettings {
        var settings = ComplicationBudgetSettings.clockKit
        settings.minimumReloadInterval = .minutes(10)
        settings.reloadPolicy = .after(.minutes(10))
        settings.reloadWork = work
        return settings
    }

    /// The published Tube Status complication (`"preset": "tubeStatus"`), WidgetKit rules: one
    /// entry per timeline (no future entries), policy `after(2m)`.
    package static var tubeStatus: ComplicationBudgetSettings {
        var settings = ComplicationBudgetSettings.widgetKit
        settings.futureEntryLimit = 0
        settings.reloadPolicy = .after(.minutes(2))
        return settings
    }
}

/// The platform whose complication API the app uses.
package enum ComplicationRules: String, CaseIterable, Hashable, Sendable {
    /// `CLKComplicationDataSource` (deprecated in watchOS 10): budgeted by execution time.
    case clockKit
    /// WidgetKit accessory widgets (watchOS 9+): budgeted by reloads, scheduled by policy.
    case widgetKit
}
