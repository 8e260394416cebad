/// How every report and trace prints a simulated instant: on the scenario's own clock (its start
/// date's UTC offset), with milliseconds.
///
/// Text shows the time of day (`"09:01:30.250"`) and, when ``showsDates`` (a run that spans more
/// than one calendar day), the date before it (`"2026-11-24 09:01:30.250"`), so a line on day 3
/// never looks like one on day 22. JSON always carries the full ISO 8601 date-time with
/// milliseconds and the offset (`"2026-11-24T09:01:30.250+01:00"`).
package struct TraceFormatter: Sendable {
    /// The scenario's start, whose UTC offset every time is printed in.
    package var start: EpochTime
    /// Whether text times carry their date.
    package var showsDates: Bool

    /// A formatter that shows dates or not, as asked.
    package init(start: EpochTime, showsDates: Bool = false) {
        self.start = start
        self.showsDates = showsDates
    }

    /// A formatter for a run from `start` to `end` (offsets from the start): dates shown when the
    /// run spans more than one calendar day.
    package init(start: EpochTime, end: SimTime) {
        let last = start.adding(SimDuration(nanoseconds: max(0, end.nanoseconds)))
        self.init(start: start, showsDates: last.dateText != start.dateText)
    }

    /// `"09:01:30.250"`, or `"2026-11-24 09:01:30.250"` when it ``showsDates``.
    package func text(_ time: SimTime) -> String {
        start.adding(time.offset).text(
            date: showsDates, separator: " ", milliseconds: TraceFormatter.milliseconds(of: time))
    }

    /// `"2026-11-24T09:01:30.250+01:00"` (`Z` for UTC): ISO 8601 with milliseconds and the
    /// scenario's offset.
    package func iso(_ time: SimTime) -> String {
        start.adding(time.offset).text(milliseconds: TraceFormatter.milliseconds(of: time), offset: true)
    }

    /// The milliseconds within the second of `time` (0–999, also before the start).
    package static func milliseconds(of time: SimTime) -> Int {
        Int((time.nanoseconds % 1_000_000_000 + 1_000_000_000) % 1_000_000_000 / 1_000_000)
    }

    /// One aligned text line: `"09:01:30.250  watch.tap  item=kale"`.
    package func text(_ event: TraceEvent) -> String {
        var line = text(event.time) + "  " + event.kind
        for field in event.fields {
            line += "  \(field.key)=\(field.value.text)"
        }
        return line
    }
}
