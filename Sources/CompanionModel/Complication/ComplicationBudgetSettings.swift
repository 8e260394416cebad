import SimulationKernel

/// The refresh-budget rules, every number configurable (PLATFORM.md §2.4, §3, §6).
///
/// | setting | default | source |
/// |---|---|---|
/// | `dailyReloads` | 50 per budget day | WidgetKit "40 to 70 refreshes" a day; ClockKit's execution budget is undocumented, modelled as a count (UNCONFIRMED) |
/// | `firstReset` | 24 h after the start (the runner uses the scenario's next local midnight) | WidgetKit: "a 24-hour period"; the reset moment is undocumented |
/// | `freeForegroundReloads` | `.charged` (ClockKit) | WidgetKit: reloads while the app is in the foreground don't count (`.widgetKit` preset) |
/// | `minimumReloadInterval` | 0 (off) | WidgetKit "imposes a minimum amount of time before it reloads" (≈ 5 min in the preset) |
/// | `entrySpacing` | 60 s | ClockKit entries "must be greater than one minute apart"; WidgetKit ≈ 5 min |
/// | `backgroundRefreshesPerHour` | 4 | "four refresh tasks an hour" with the complication on the active face |
/// | `backgroundRefreshInterval` | 15 min | WWDC20-10049 schedules 15 min apart |
/// | `dailyTransfers` | 50 | `remainingComplicationUserInfoTransfers`: "50 transfers a day", 0 when not on the active face |
public struct ComplicationBudgetSettings: Hashable, Sendable {
    /// Whether a reload asked for by the app while it is in the foreground is charged.
    public enum ForegroundReloads: String, Hashable, Sendable {
        /// Charged like any other (ClockKit's `reloadTimeline`: the execution budget has no exemption).
        case charged
        /// Free (WidgetKit: "the containing app is in the foreground").
        case free
    }

    public var dailyReloads: Int
    /// The first budget reset; later resets follow every ``resetPeriod``.
    public var firstReset: SimTime
    public var resetPeriod: SimDuration
    public var foregroundReloads: ForegroundReloads
    /// Reloads closer than this to the last granted reload are refused as `tooSoon` (0 = no minimum).
    public var minimumReloadInterval: SimDuration
    /// Timeline entries must be more than this far apart (see ``ComplicationTimelineBuilder``).
    public var entrySpacing: SimDuration
    public var futureEntryLimit: Int
    public var backgroundRefreshesPerHour: Int
    /// A background refresh may run no sooner than this after the previous one.
    public var backgroundRefreshInterval: SimDuration
    public var dailyTransfers: Int

    public init(
        dailyReloads: Int = 50, firstReset: SimTime = SimTime(offset: .hours(24)),
        resetPeriod: SimDuration = .hours(24),
        foregroundReloads: ForegroundReloads = .charged, minimumReloadInterval: SimDuration = .zero,
        entrySpacing: SimDuration = .minutes(1), futureEntryLimit: Int = 100, backgroundRefreshesPerHour: Int = 4,
        backgroundRefreshInterval: SimDuration = .minutes(15), dailyTransfers: Int = 50
    ) {
        self.dailyReloads = dailyReloads
        self.firstReset = firstReset
        self.resetPeriod = resetPeriod
        self.foregroundReloads = foregroundReloads
        self.minimumReloadInterval = minimumReloadInterval
        self.entrySpacing = entrySpacing
        self.futureEntryLimit = futureEntryLimit
        self.backgroundRefreshesPerHour = backgroundRefreshesPerHour
        self.backgroundRefreshInterval = backgroundRefreshInterval
        self.dailyTransfers = dailyTransfers
    }

    /// ClockKit-era defaults (the table above).
    public static let clockKit = ComplicationBudgetSettings()

    /// WidgetKit: 50 reloads a day, free in the foreground, entries and reloads about 5 min apart.
    public static let widgetKit = ComplicationBudgetSettings(
        foregroundReloads: .free, minimumReloadInterval: .minutes(5), entrySpacing: .minutes(5))

    /// The entry builder these settings imply.
    public var timelineBuilder: ComplicationTimelineBuilder {
        ComplicationTimelineBuilder(minimumSpacing: entrySpacing, futureEntryLimit: futureEntryLimit)
    }
}
