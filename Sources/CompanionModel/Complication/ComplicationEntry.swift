import SimulationKernel

/// One timeline entry: from `date` on (until the next entry), the face shows `content`.
package struct ComplicationEntry: Hashable, Sendable {
    package var date: SimTime
    package var content: ComplicationContent
}

/// The timeline an app hands the system on a reload: the current entry plus future entries
/// supplied ahead (a reminder shows overdue without a reload), coalesced by ``entrySpacing``.
extension ComplicationBudgetSettings {
    /// The timeline for the remaining items of `index` reloaded at `now`: an entry at `now`, then
    /// one at each future due time (up to ``futureEntryLimit``), coalesced (the entries kept).
    ///
    /// - Complexity: O(*e* log *n*) expected for *n* remaining items and *e* entries.
    func timeline(_ index: ComplicationContentIndex, now: SimTime, mode: ComplicationContentMode) -> [ComplicationEntry]
    {
        var entries = [ComplicationEntry(date: now, content: index.content(at: now, mode: mode))]
        var time = now
        while entries.count <= futureEntryLimit, let next = index.nextDue(after: time) {
            entries.append(ComplicationEntry(date: next, content: index.content(at: next, mode: mode)))
            time = next
        }
        return coalesce(entries)
    }

    /// Drops entries that are not more than ``entrySpacing`` after the last kept entry; returns
    /// the entries kept.
    ///
    /// ClockKit "discards one of the entries" less than a minute apart without saying which;
    /// WristSim keeps the **earlier** one. `entries` are in date order, as ``timeline(_:now:mode:)``
    /// builds them (of equal dates, the first supplied is kept).
    ///
    /// - Complexity: O(*n*).
    package func coalesce(_ entries: [ComplicationEntry]) -> [ComplicationEntry] {
        var kept: [ComplicationEntry] = []
        for entry in entries where kept.last.map({ entry.date - $0.date > entrySpacing }) ?? true {
            kept.append(entry)
        }
        return kept
    }
}
