import SimulationKernel

/// How every report prints a simulated instant: on the scenario's own clock (its start date's
/// UTC offset), with milliseconds.
///
/// Text shows the time of day (`"09:01:30.250"`) and, when the run spans more than one
/// calendar day, the date before it (`"2026-11-24 09:01:30.250"`), so a line on day 3 never looks
/// like one on day 22. JSON always carries the full ISO 8601 date-time with milliseconds and the
/// offset (`"2026-11-24T09:01:30.250+01:00"`).
package struct ReportClock: Sendable {
    /// The scenario's start, whose UTC offset every time is printed in.
    package var start: EpochTime
    /// Whether text times carry their date.
    package var showsDates: Bool

    /// A clock for a run from `start` to `end` (offsets from the start).
    package init(start: EpochTime, end: SimTime) {
        self.start = start
        let last = start.adding(SimDuration(nanoseconds: max(0, end.nanoseconds)))
        showsDates = last.dateText != start.dateText
    }

    /// A clock that shows dates or not, as asked.
    package init(start: EpochTime, showsDates: Bool) {
        self.start = start
        self.showsDates = showsDates
    }

    /// `"09:01:30.250"`, or `"2026-11-24 09:01:30.250"` when the run spans several days.
    package func text(_ time: SimTime) -> String { TraceFormatter(start: start, showsDates: showsDates).clock(time) }

    /// `"2026-11-24T09:01:30.250+01:00"` (`Z` for UTC): ISO 8601 with milliseconds and the
    /// scenario's offset.
    package func iso(_ time: SimTime) -> String {
        start.adding(time.offset).text(milliseconds: TraceFormatter.milliseconds(of: time), offset: true)
    }
}
