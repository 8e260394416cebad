import SimulationKernel

/// One timeline entry: from `date` on (until the next entry), the face shows `content`.
public struct ComplicationEntry: Hashable, Sendable {
    public var date: SimTime
    public var content: ComplicationContent

    public init(date: SimTime, content: ComplicationContent) {
        self.date = date
        self.content = content
    }
}

/// Builds the timeline an app hands the system on a reload: the current entry plus future
/// entries supplied ahead, coalesced by the platform's minimum spacing.
///
/// Future entries make a reminder that becomes overdue at 18:00 show as overdue from 18:00
/// without a reload (ClockKit `getTimelineEntries(for:after:limit:)`, WidgetKit `Timeline`).
public struct ComplicationTimelineBuilder: Hashable, Sendable {
    /// Entries must be **more than** this far apart (ClockKit: 60 s; WidgetKit: about 5 min).
    public var minimumSpacing: SimDuration
    /// At most this many future entries per reload (ClockKit's `limit`, said to be 100: UNCONFIRMED).
    public var futureEntryLimit: Int

    public init(minimumSpacing: SimDuration = .minutes(1), futureEntryLimit: Int = 100) {
        self.minimumSpacing = minimumSpacing
        self.futureEntryLimit = futureEntryLimit
    }

    /// What coalescing kept and what it discarded.
    public struct Result: Hashable, Sendable {
        public var kept: [ComplicationEntry]
        public var discarded: [ComplicationEntry]
    }

    /// The timeline for `remaining` items reloaded at `now`: an entry at `now`, then one at each
    /// future due time (up to ``futureEntryLimit``), coalesced.
    ///
    /// - Complexity: O(*n* log *n* + *e* log *n*) for *n* remaining items and *e* entries: the
    ///   list is read once (``ComplicationContent/Source``), not once per entry.
    public func timeline(remaining: [ShoppingItem], now: SimTime, mode: ComplicationContentMode) -> Result {
        let source = ComplicationContent.Source(remaining, mode: mode)
        var entries = [ComplicationEntry(date: now, content: source.content(at: now))]
        for time in source.changeTimes(after: now).prefix(max(0, futureEntryLimit)) {
            entries.append(ComplicationEntry(date: time, content: source.content(at: time)))
        }
        return coalesce(entries)
    }

    /// Drops entries that are not more than ``minimumSpacing`` after the last kept entry.
    ///
    /// ClockKit: "If two entries are less than one minute apart, ClockKit discards one of the
    /// entries" without saying which; WristSim keeps the **earlier** entry of the pair (the one
    /// already in the timeline) and discards the later one. Entries are taken in date order
    /// (stable for equal dates), so of two entries with the same date the first supplied is kept.
    ///
    /// - Complexity: O(*n* log *n*).
    public func coalesce(_ entries: [ComplicationEntry]) -> Result {
        let ordered = entries.enumerated().sorted {
            $0.element.date < $1.element.date || ($0.element.date == $1.element.date && $0.offset < $1.offset)
        }.map(\.element)
        var kept: [ComplicationEntry] = []
        var discarded: [ComplicationEntry] = []
        for entry in ordered {
            if let last = kept.last, entry.date - last.date <= minimumSpacing {
                discarded.append(entry)
            } else {
                kept.append(entry)
            }
        }
        return Result(kept: kept, discarded: discarded)
    }
}
