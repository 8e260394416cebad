/// Renders trace events and instants on the scenario's clock (its start date's UTC offset).
package struct TraceFormatter: Sendable {
    /// The scenario's start, for wall-clock columns.
    package var start: EpochTime
    /// Whether a time carries its date before the clock (a run that spans several days).
    package var showsDates: Bool

    package init(start: EpochTime, showsDates: Bool = false) {
        self.start = start
        self.showsDates = showsDates
    }

    /// The local wall-clock time of `time`, with milliseconds: `"09:01:30.250"`, or
    /// `"2026-11-24 09:01:30.250"` when it ``showsDates``.
    package func clock(_ time: SimTime) -> String {
        start.adding(time.offset).text(
            date: showsDates, separator: " ", milliseconds: TraceFormatter.milliseconds(of: time))
    }

    /// The milliseconds within the second of `time` (0–999, also before the start).
    package static func milliseconds(of time: SimTime) -> Int {
        Int((time.nanoseconds % 1_000_000_000 + 1_000_000_000) % 1_000_000_000 / 1_000_000)
    }

    /// One aligned text line: `"09:01:30.250  watch.tap  item=kale"`.
    package func text(_ event: TraceEvent) -> String {
        var line = clock(event.time) + "  " + event.kind
        for field in event.fields {
            line += "  \(field.key)=\(field.value.text)"
        }
        return line
    }
}
