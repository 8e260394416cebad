import SimulationKernel

/// What the complication says besides the remaining count, chosen per scenario.
package enum ComplicationContentMode: String, CaseIterable, Hashable, Sendable {
    /// The title of the next item on the list (in list order).
    case nextItem
    /// The remaining item with the earliest due reminder, and when it is due (or that it is overdue).
    case nextDue
}

/// The secondary line of the complication.
package enum ComplicationNextUp: Hashable, Sendable {
    /// Nothing to show (the list is empty, or no remaining item has a reminder).
    case nothing
    /// The next item's title.
    case item(title: String)
    /// The earliest reminder, still in the future.
    case due(title: String, at: SimTime)
    /// The earliest reminder, already past.
    case overdue(title: String, since: SimTime)
}

/// The data behind one timeline entry: what is true about the list at one moment, a pure
/// function of the remaining items and the time (``ComplicationContentIndex/content(at:mode:)``).
package struct ComplicationContent: Hashable, Sendable {
    /// Items not yet checked off.
    package var remaining: Int
    /// Remaining items whose reminder time has passed.
    package var overdue = 0
    package var next = ComplicationNextUp.nothing

    /// The long and short text `family` shows for this content (before fitting to the limit).
    ///
    /// | family | long | short |
    /// |---|---|---|
    /// | circular, modularSmall | `"3"`, `"3!"` when overdue | same |
    /// | corner | `"3 left"`, `"3 left!"` | `"3"`, `"3!"` |
    /// | inline | `"3 left · Milk"`, `"3 left · Milk 18:00"`, `"3 left · Milk late"` | `"3 left"` |
    /// | rectangular | `"3 left · Next: Milk"`, `"3 left · Milk due 18:00"`, `"3 left · Milk overdue"` | `"3 left · Milk"` |
    ///
    /// An empty list shows `"0"` (circular), `"Done"` (corner) or `"All done"`.
    package func text(for family: ComplicationFamily, clock: ComplicationClock) -> ComplicationText {
        let mark = overdue > 0 ? "!" : ""
        let count = "\(remaining)"
        switch family {
        case .circular, .modularSmall:
            return ComplicationText(long: count + mark)
        case .corner:
            if remaining == 0 { return ComplicationText(long: "Done", short: "0") }
            return ComplicationText(long: "\(count) left\(mark)", short: count + mark)
        case .inline:
            if remaining == 0 { return ComplicationText(long: "All done", short: "Done") }
            let head = "\(count) left"
            switch next {
            case .nothing: return ComplicationText(long: head + mark)
            case .item(let title): return ComplicationText(long: "\(head) · \(title)", short: head + mark)
            case .due(let title, let at):
                return ComplicationText(long: "\(head) · \(title) \(clock.hourMinute(at))", short: head + mark)
            case .overdue(let title, _): return ComplicationText(long: "\(head) · \(title) late", short: head + mark)
            }
        case .rectangular:
            if remaining == 0 { return ComplicationText(long: "All done", short: "Done") }
            let head = "\(count) left"
            switch next {
            case .nothing: return ComplicationText(long: head + mark)
            case .item(let title):
                return ComplicationText(long: "\(head) · Next: \(title)", short: "\(head) · \(title)")
            case .due(let title, let at):
                return ComplicationText(
                    long: "\(head) · \(title) due \(clock.hourMinute(at))", short: "\(head) · \(title)")
            case .overdue(let title, _):
                return ComplicationText(long: "\(head) · \(title) overdue", short: "\(head)! · \(title)")
            }
        }
    }
}
