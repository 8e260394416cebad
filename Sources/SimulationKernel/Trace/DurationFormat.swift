/// The one way WristSim prints a duration a person reads (pictures, report, text tables, and
/// the `--trace` log, which prints every duration in the ``Unit/clock`` unit: a log is written
/// line by line, before its largest value is known).
///
/// The unit is chosen once per column (or per row of figures shown side by side) from the
/// largest value, and every value in it has the same precision:
///
/// | largest value | unit | example |
/// | --- | --- | --- |
/// | under 1 s | milliseconds, 3 decimals | `16.667 ms`, `980.000 ms` |
/// | under 2 min | seconds, 3 decimals | `0.017 s`, `2.033 s`, `10.200 s` |
/// | 2 min and more | hours, minutes, seconds to the millisecond | `9m0.356s`, `5h30m0.000s` |
///
/// Integer arithmetic (rounded half away from zero to the unit's last digit), so the text is
/// byte-stable. JSON's milliseconds (``JSONValue/milliseconds(_:)``) round by the same rule
/// (``microseconds(_:)``), so a run's text and its JSON print the same figure.
package enum DurationFormat {
    /// The unit of a column.
    package enum Unit: Sendable, Equatable {
        case milliseconds
        case seconds
        case clock
    }

    /// The unit for a column of `values`, from the largest magnitude (milliseconds when empty).
    package static func unit(for values: some Sequence<SimDuration>) -> Unit {
        let largest = values.reduce(0) { max($0, $1.nanoseconds.magnitude) }
        if largest < 1_000_000_000 { return .milliseconds }
        if largest < 120_000_000_000 { return .seconds }
        return .clock
    }

    /// `duration` in `unit`: `"16.667 ms"`, `"2.033 s"`, `"9m0.356s"`.
    package static func text(_ duration: SimDuration, unit: Unit) -> String {
        let ns = duration.nanoseconds
        let sign = ns < 0 ? "-" : ""
        let magnitude = ns.magnitude
        switch unit {
        case .milliseconds:
            return sign + TraceValue.decimalText(Int64(clamping: rounded(magnitude, to: 1_000)), scale: 3) + " ms"
        case .seconds:
            return sign + TraceValue.decimalText(Int64(clamping: rounded(magnitude, to: 1_000_000)), scale: 3) + " s"
        case .clock:
            let millis = rounded(magnitude, to: 1_000_000)
            let hours = millis / 3_600_000
            let minutes = millis / 60_000 % 60
            let seconds = TraceValue.decimalText(Int64(clamping: millis % 60_000), scale: 3)
            return sign + (hours > 0 ? "\(hours)h" : "") + (hours > 0 || minutes > 0 ? "\(minutes)m" : "")
                + seconds + "s"
        }
    }

    /// `duration` in the unit its own size calls for.
    package static func text(_ duration: SimDuration) -> String {
        text(duration, unit: unit(for: CollectionOfOne(duration)))
    }

    /// An instant as its offset from the scenario's start, to the millisecond: `"+4h11m0.013s"`.
    package static func offset(_ time: SimTime) -> String {
        let offset = time.offset
        return (offset.nanoseconds < 0 ? "" : "+") + text(offset, unit: .clock)
    }

    /// A column: every value in the unit of the largest.
    package static func column(_ values: [SimDuration]) -> [String] {
        let unit = unit(for: values)
        return values.map { text($0, unit: unit) }
    }

    /// `duration` in whole microseconds, rounded half away from zero (16 666 500 ns is 16 667 µs,
    /// −16 666 500 ns is −16 667 µs): the three decimals of every millisecond figure, text or JSON.
    package static func microseconds(_ duration: SimDuration) -> Int64 {
        let ns = duration.nanoseconds
        let magnitude = Int64(rounded(ns.magnitude, to: 1_000))  // at most 2⁶³ / 1000 + 1: fits
        return ns < 0 ? -magnitude : magnitude
    }

    /// `magnitude` nanoseconds in units of `step` nanoseconds, rounded half up.
    private static func rounded(_ magnitude: UInt64, to step: UInt64) -> UInt64 {
        magnitude / step + (magnitude % step >= step / 2 ? 1 : 0)
    }
}
