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
    package func text(_ time: SimTime) -> String {
        let clock = TraceFormatter(start: start).clock(time)
        return showsDates ? start.adding(time.offset).dateText + " " + clock : clock
    }

    /// `"2026-11-24T09:01:30.250+01:00"` (`Z` for UTC): ISO 8601 with milliseconds and the
    /// scenario's offset. Its digits are written into the text's one buffer (a long run's JSON
    /// names hundreds of thousands of instants).
    package func iso(_ time: SimTime) -> String {
        let local = start.adding(time.offset).civil
        let millis = Int((time.nanoseconds % 1_000_000_000 + 1_000_000_000) % 1_000_000_000 / 1_000_000)
        var text: [UInt8] = []
        text.reserveCapacity(32)
        func padded(_ value: Int, _ width: Int, then separator: Character? = nil) {
            // As `String(value)` padded with leading zeros to `width` (a year before 0 keeps its sign after them).
            if value < 0 {
                let digits = String(value).utf8
                text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, width - digits.count)))
                text.append(contentsOf: digits)
            } else {
                var count = 1
                var rest = value
                while rest >= 10 {
                    rest /= 10
                    count += 1
                }
                text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(width, count)))
                var index = text.count - 1
                rest = value
                while rest > 0 {
                    text[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                    index -= 1
                }
            }
            if let separator { text.append(contentsOf: separator.utf8) }
        }
        padded(local.year, 4, then: "-")
        padded(local.month, 2, then: "-")
        padded(local.day, 2, then: "T")
        padded(local.hour, 2, then: ":")
        padded(local.minute, 2, then: ":")
        padded(local.second, 2, then: ".")
        padded(millis, 3)
        let offset = Int(start.utcOffsetSeconds)
        if offset == 0 {
            text.append(UInt8(ascii: "Z"))
        } else {
            text.append(UInt8(ascii: offset < 0 ? "-" : "+"))
            padded(abs(offset) / 3_600, 2, then: ":")
            padded(abs(offset) % 3_600 / 60, 2)
        }
        return String(decoding: text, as: UTF8.self)
    }
}
