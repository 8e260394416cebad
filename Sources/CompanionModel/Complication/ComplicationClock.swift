import SimulationKernel

/// Turns simulated instants into the wall-clock text a watch face and reports show.
///
/// With an origin (the scenario's ISO 8601 start) times print in the origin's UTC offset
/// (`"18:00"`); without one they print as offsets from the start (`"+9h"`).
package struct ComplicationClock: Hashable, Sendable {
    /// The scenario's start, when known.
    package var origin: EpochTime?
    /// Whether report times carry their date (a run over more than one calendar day).
    package var showsDates = false

    package init(origin: EpochTime? = nil) {
        self.origin = origin
    }

    /// `"18:05"` (or `"+9h5m"` without an origin): the text a face shows for a due time.
    package func hourMinute(_ time: SimTime) -> String {
        guard let origin else { return time.description }
        return String(origin.adding(time.offset).timeOfDay.prefix(5))
    }

    /// `"18:05:30"` (or `"+9h5m30s"`): the time column of reports; `"2026-11-24 18:05:30"` when
    /// ``showsDates``.
    package func timeOfDay(_ time: SimTime) -> String {
        guard let origin else { return time.description }
        return origin.adding(time.offset).text(date: showsDates, separator: " ")
    }

    /// The first local midnight strictly after the start (24 h after the start without an origin).
    package var firstLocalMidnight: SimTime {
        guard let civil = origin?.civil else { return SimTime(offset: .hours(24)) }
        return SimTime(offset: .seconds(Int64(86_400 - civil.hour * 3_600 - civil.minute * 60 - civil.second)))
    }

    /// `"2026-11-21T18:05:30+01:00"` (or `"+9h5m30s"` without an origin): times in JSON output.
    package func stamp(_ time: SimTime) -> String {
        guard let origin else { return time.description }
        return origin.adding(time.offset).iso8601
    }
}
