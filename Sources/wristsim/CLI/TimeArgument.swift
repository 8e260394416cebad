import ScenarioRunner
import SimulationKernel

/// A point in time given on the command line (`--at`), relative to a scenario's start.
enum TimeArgument {
    /// Parses a `--at` value: an offset (`"+2h"`), an ISO 8601 date-time, or a local time of day
    /// on the scenario's start day (`"18:00"`, `"18:00:30"`), at or after the start.
    ///
    /// - Returns: `nil` when the text is none of these, is before the start, or is beyond the
    ///   scenario range (``ScenarioLimits/maximumSpan`` after the start).
    static func parse(_ text: String, start: EpochTime) -> SimTime? {
        // An offset or a date is read as a scenario file's time is.
        if let time = JSONNode.time(text, start: start) { return time }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.count == 2 }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60
        else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) ?? 60 : 0
        guard second < 60 else { return nil }
        let c = start.civil
        let offset = (hour * 3_600 + minute * 60 + second) - (c.hour * 3_600 + c.minute * 60 + c.second)
        return offset >= 0 ? SimTime(offset: .seconds(Int64(offset))) : nil
    }

    /// Whether `text` is a well-formed offset or date that lies beyond the scenario range, so
    /// that a usage message can say why it was refused.
    static func isBeyondRange(_ text: String, start: EpochTime) -> Bool {
        if text.hasPrefix("+") {
            return (try? DurationSyntax.parse(String(text.dropFirst()))).map { $0 > ScenarioLimits.maximumSpan }
                ?? false
        }
        guard let date = try? EpochTime.parse(text) else { return false }
        return date.secondsSinceEpoch - start.secondsSinceEpoch > ScenarioLimits.maximumSpan.nanoseconds / 1_000_000_000
    }

    /// What `--at` accepts, for usage messages.
    static let expected = "an offset such as +3h, a time of day such as 18:00, or an ISO 8601 date-time"
}
