/// What a scenario configures for its complication: which families, what they say, their text
/// limits, the budget rules and how times are printed.
package struct ComplicationConfiguration: Hashable, Sendable {
    /// The enabled families, in report order, without duplicates.
    package private(set) var families: [ComplicationFamily]
    package var mode: ComplicationContentMode
    package var limits: ComplicationTextLimits
    package var budget: ComplicationBudgetSettings
    package var clock: ComplicationClock
    /// The watch's chip: reload and background-task work is scaled to it.
    package var chip: WatchChip

    package init(
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
