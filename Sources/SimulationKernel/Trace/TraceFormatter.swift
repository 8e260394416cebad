/// Renders trace events against the scenario's start date.
package struct TraceFormatter: Sendable {
    /// The scenario's start, for wall-clock columns.
    package var start: EpochTime

    package init(start: EpochTime) {
        self.start = start
    }

    /// The local wall-clock time of `time`, with milliseconds: `"09:01:30.250"`.
    package func clock(_ time: SimTime) -> String {
        start.adding(time.offset).text(date: false, milliseconds: TraceFormatter.milliseconds(of: time))
    }

    /// The milliseconds within the second of `time` (0–999, also before the start).
    package static func milliseconds(of time: SimTime) -> Int {
        Int((time.nanoseconds % 1_000_000_000 + 1_000_000_000) % 1_000_000_000 / 1_000_000)
    }

    /// One aligned text line: `"09:01:30.250  +1m30.25s  watch.tap  item=kale"`.
    package func text(_ event: TraceEvent) -> String {
        var line = clock(event.time) + "  " + event.kind
        for field in event.fields {
            line += "  \(field.key)=\(field.value.text)"
        }
        return line
    }

}
