import SimulationKernel

/// Everything `wristsim timeline` prints, computed once from a finished ``ComplicationTimelineModel``:
/// the entries shown per family, every request with its decision, and staleness per family.
package struct ComplicationReport: Sendable {
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
    /// Staleness per reported family, in family order.
    package let staleness: [ComplicationStaleness]
    /// The phone's complication transfers left at the end, as the link counts them (`nil`: no link).
    package let transfersLeft: Int?

    /// Builds the report for `families` (default: all configured) from the model's start until
    /// `end`; `transfersLeft` is the link's transfer count at the end, if there is a link.
    ///
    /// - Complexity: O(*b* log *b*) for *b* staleness instants.
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
        let last = self.end
        self.staleness = picked.map { ComplicationStaleness(family: $0, model: model, until: last) }
    }

    package var clock: ComplicationClock { model.configuration.clock }

    /// Installed entries dated from the start to the end, per family, in (time, family) order,
    /// put into words as they are read (the run summary never asks: a long run installs hundreds
    /// of thousands).
    ///
    /// - Complexity: O(*e* · *f*) for *e* entries and *f* families, as the sequence is read.
    package var entryLines: some Sequence<EntryLine> {
        let (model, families, end) = (model, families, end)
        return model.shown.lazy.filter { $0.entry.date <= end }.flatMap { shown in
            families.lazy.map { family in
                EntryLine(
                    at: shown.entry.date, family: family, text: model.text(of: shown.entry.content, on: family),
                    source: shown.source, reloadedAt: shown.reloadedAt)
            }
        }
    }

    /// ``entryLines``, all held (the SVG picture's lanes).
    package var entries: [EntryLine] { Array(entryLines) }

    /// Requests made up to the end: a slice of the model's, not a copy (O(log *r*)).
    package var records: ArraySlice<ComplicationRequestRecord> {
        model.records[..<model.records.partitionPoint { $0.at > end }]
    }

    /// The staleness of `family`, if reported.
    package func staleness(of family: ComplicationFamily) -> ComplicationStaleness? {
        staleness.first { $0.family == family }
    }
}
