import SimulationKernel

/// A stretch of time during which a family showed a value that was no longer true.
package struct ComplicationStaleSpan: Hashable, Sendable {
    package var from: SimTime
    package var to: SimTime
    /// What the face showed at the start of the span.
    package var shown: String
    /// What was true at the start of the span.
    package var truth: String

    package var duration: SimDuration { to - from }
}

/// How long one family showed an untrue value over a scenario.
///
/// A moment is stale when the complication is on the active face and the family's text for the
/// installed entry differs from its text for the truth (both fitted to the family's limit).
/// Adjacent stale stretches are merged into one span.
package struct ComplicationStaleness: Hashable, Sendable {
    package var family: ComplicationFamily
    package var spans: [ComplicationStaleSpan]

    package var totalStale: SimDuration { spans.reduce(.zero) { $0 + $1.duration } }

    /// `duration` rounded to the millisecond, for text output (`"5m59.998s"`, `"23ms"`).
    package static func displayed(_ duration: SimDuration) -> SimDuration {
        let millisecond: Int64 = 1_000_000
        let sign: Int64 = duration.nanoseconds < 0 ? -1 : 1
        let magnitude = duration.nanoseconds.magnitude
        return SimDuration(nanoseconds: sign * Int64((magnitude + 500_000) / UInt64(millisecond)) * millisecond)
    }
    package var maxStale: SimDuration { spans.map(\.duration).max() ?? .zero }

    /// Measures each of `families` from the model's start until `end`, in `families` order.
    ///
    /// The texts can only change at an entry date, a list change, a due time or a face change,
    /// so each of those instants starts an interval compared once, the truth replayed in time
    /// order (``ComplicationTruth/Cursor``). The instants, the replay and the content shown are
    /// the same for every family: they are worked out once, and only the texts per family.
    ///
    /// - Complexity: O(*b* log *b*) for *b* such instants, plus O(log *n*) expected for each, plus
    ///   O(*f*) texts for each interval whose content is not the truth's, for *f* families.
    package static func measure(
        _ families: [ComplicationFamily], model: ComplicationTimelineModel, until end: SimTime
    ) -> [ComplicationStaleness] {
        guard !families.isEmpty else { return [] }
        let start = SimTime.zero
        var instants = [start, end]
        instants += model.shown.map(\.entry.date)
        instants += model.presence.map(\.at)
        // Every item ever remaining is in the first state or was set by a change, so these due
        // times include those of the items remaining at each change (more instants only cut an
        // interval whose texts do not change, which the spans join again).
        instants += model.truth.initial.compactMap(\.item.due)
        for change in model.truth.changes {
            instants.append(change.at)
            if let due = change.item?.due { instants.append(due) }
        }
        instants = instants.filter { $0 >= start && $0 <= end }
        instants.sort()
        var spans = [[ComplicationStaleSpan]](repeating: [], count: families.count)
        var previous: SimTime?
        var truthCursor = ComplicationTruth.Cursor(model.truth)
        for instant in instants where instant != previous {
            defer { previous = instant }
            guard let from = previous else { continue }
            guard model.presence(at: from) == .onActiveFace, let entry = model.entry(at: from) else { continue }
            truthCursor.advance(to: from)
            let content = truthCursor.index.content(at: from, mode: model.configuration.mode)
            // Equal contents show equal texts: only different ones are put into words.
            guard content != entry.entry.content else { continue }
            for (index, family) in families.enumerated() {
                let shown = model.text(of: entry.entry.content, on: family)
                let truth = model.text(of: content, on: family)
                guard shown != truth else { continue }
                if let last = spans[index].last, last.to == from {
                    spans[index][spans[index].count - 1].to = instant
                } else {
                    spans[index].append(
                        ComplicationStaleSpan(from: from, to: instant, shown: shown, truth: truth))
                }
            }
        }
        return zip(families, spans).map { ComplicationStaleness(family: $0, spans: $1) }
    }
}
