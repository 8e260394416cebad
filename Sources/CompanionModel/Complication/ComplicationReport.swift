import SimulationKernel

/// Everything `wristsim timeline` prints, computed once from a finished ``ComplicationTimelineModel``:
/// the entries shown per family, every request with its decision, and staleness per family.
package struct ComplicationReport: Hashable, Sendable {
    /// One family's text from one installed entry.
    package struct EntryLine: Hashable, Sendable {
        package var at: SimTime
        package var family: ComplicationFamily
        package var text: String
        package var source: ComplicationReloadSource
        /// When the entry was supplied (earlier than `at` for an entry supplied ahead).
        package var reloadedAt: SimTime
    }

    package let model: ComplicationTimelineModel
    package let start: SimTime
    package let end: SimTime
    /// The families reported (the configured ones, or the one picked with `--family`).
    package let families: [ComplicationFamily]
    /// Installed entries dated from the start to the end, per family, in (time, family) order.
    package let entries: [EntryLine]
    /// Staleness per reported family, in family order.
    package let staleness: [ComplicationStaleness]
    /// The phone's complication transfers left at the end, as the link counts them (`nil`
    /// without a link: the model run on its own).
    package let transfersLeft: Int?

    /// Builds the report for `families` (default: all configured) from the model's start until
    /// `end`; `transfersLeft` is the link's transfer count at the end, if there is a link.
    ///
    /// - Complexity: O(*e* · *f* + *b* log *b*) for *e* entries, *f* families and *b* staleness instants.
    package init(
        model: ComplicationTimelineModel, until end: SimTime, families: [ComplicationFamily]? = nil,
        transfersLeft: Int? = nil
    ) {
        self.model = model
        self.transfersLeft = transfersLeft
        self.start = model.truth.start
        self.end = max(end, start)
        let picked = families ?? model.configuration.families
        self.families = picked
        var lines: [EntryLine] = []
        for shown in model.shown where shown.entry.date <= self.end {
            for family in picked {
                lines.append(
                    EntryLine(
                        at: shown.entry.date, family: family, text: model.text(of: shown.entry.content, on: family),
                        source: shown.source, reloadedAt: shown.reloadedAt))
            }
        }
        self.entries = lines
        let last = self.end
        self.staleness = picked.map { ComplicationStaleness(family: $0, model: model, until: last) }
    }

    package var clock: ComplicationClock { model.configuration.clock }

    /// Requests made up to the end.
    package var records: [ComplicationRequestRecord] { model.records.filter { $0.at <= end } }

    /// The staleness of `family`, if reported.
    package func staleness(of family: ComplicationFamily) -> ComplicationStaleness? {
        staleness.first { $0.family == family }
    }
}
