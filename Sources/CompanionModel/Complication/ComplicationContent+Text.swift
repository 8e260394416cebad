import SimulationKernel

extension ComplicationContent {
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
