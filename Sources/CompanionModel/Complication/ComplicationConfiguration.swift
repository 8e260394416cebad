/// What a scenario configures for its complication: which families, what they say, their text
/// limits, the budget rules and how times are printed.
public struct ComplicationConfiguration: Hashable, Sendable {
    /// The enabled families, in report order, without duplicates.
    public private(set) var families: [ComplicationFamily]
    public var mode: ComplicationContentMode
    public var limits: ComplicationTextLimits
    public var budget: ComplicationBudgetSettings
    public var clock: ComplicationClock
    /// The watch's chip: reload and background-task work is scaled to it.
    public var chip: WatchChip

    public init(
        families: [ComplicationFamily] = [.circular, .rectangular], mode: ComplicationContentMode = .nextItem,
        limits: ComplicationTextLimits = .standard, budget: ComplicationBudgetSettings = .clockKit,
        clock: ComplicationClock = ComplicationClock(), chip: WatchChip = .s7
    ) {
        self.families = Array(Set(families)).sorted()
        self.mode = mode
        self.limits = limits
        self.budget = budget
        self.clock = clock
        self.chip = chip
    }
}
