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
    /// The run's start (time zero), where the model begins.
    package let start = SimTime.zero
    package let end: SimTime
    /// The families reported (the configured ones, or the one picked with `--family`).
    package let families: [ComplicationFamily]
    /// Staleness per reported family, in family order.
    package let staleness: [ComplicationStaleness]
    /// The phone's complication transfers left at the end, as the link counts them (`nil`: no link).
    package let transfersLeft: Int?

    /// Builds the report for `families` (default: all configured) from the run's start until
    /// `end`; `transfersLeft` is the link's transfer count at the end, if there is a link.
    ///
    /// - Complexity: O(*b* log *b*) for *b* staleness instants, once for all families
    ///   (``ComplicationStaleness/measure(_:model:until:)``).
    package init(
        model: ComplicationTimelineModel, until end: SimTime, families: [ComplicationFamily]? = nil,
        transfersLeft: Int? = nil
    ) {
        self.model = model
        self.transfersLeft = transfersLeft
        self.end = max(end, start)
        let picked = families ?? model.configuration.families
        self.families = picked
        self.staleness = ComplicationStaleness.measure(picked, model: model, until: self.end)
    }

    package var clock: ComplicationClock { model.configuration.clock }

    /// Installed entries dated from the start to the end, per family, in (time, family) order,
    /// put into words as they are read (the run summary never asks: a long run installs hundreds
    /// of thousands).
    ///
    /// - Complexity: O(*e* · *f*) for *e* entries and *f* families, as the sequence is read.
    package var entryLines: EntryLines { EntryLines(model: model, families: families, end: end) }

    /// The sequence of ``entryLines``: one concrete type (no nest of lazy adaptors), so a writer in
    /// another module steps through it without instantiating generic types per line.
    package struct EntryLines: Sequence, IteratorProtocol {
        let model: ComplicationTimelineModel
        let families: [ComplicationFamily]
        let end: SimTime
        /// The next shown entry and family to put into words.
        var shown = 0
        var family = 0

        package mutating func next() -> EntryLine? {
            while shown < model.shown.count {
                guard family < families.count, model.shown[shown].entry.date <= end else {
                    (shown, family) = (shown + 1, 0)
                    continue
                }
                let entry = model.shown[shown]
                family += 1
                return EntryLine(
                    at: entry.entry.date, family: families[family - 1],
                    text: model.text(of: entry.entry.content, on: families[family - 1]), source: entry.source,
                    reloadedAt: entry.reloadedAt)
            }
            return nil
        }
    }

    /// Requests made up to the end: a slice of the model's, not a copy (O(log *r*)).
    package var records: ArraySlice<ComplicationRequestRecord> {
        model.records[..<model.records.partitionPoint { $0.at > end }]
    }

    /// The staleness of `family`, if reported.
    package func staleness(of family: ComplicationFamily) -> ComplicationStaleness? {
        staleness.first { $0.family == family }
    }
}
