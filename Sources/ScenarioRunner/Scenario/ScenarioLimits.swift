import SimulationKernel

/// The documented bounds of a scenario (see `docs/limits.md`). Decoding enforces them with
/// located errors, so that no arithmetic on a valid scenario's times can overflow and no run can
/// grow without end.
package enum ScenarioLimits {
    /// The longest a scenario may span: every time is at most 100 years (36,525 days) after the
    /// start, and every duration is at most that long. Twice this span still fits in simulated
    /// time (about 292 years), so a time plus a duration never overflows.
    package static let maximumSpan = SimDuration.days(36_525)

    /// ``maximumSpan`` as it is written in messages.
    package static let maximumSpanText = "100 years (+36525d)"

    /// The largest `"eventLimit"` a scenario may set: ten million events (a few seconds and a
    /// few hundred megabytes of a release build), so a small file cannot ask for hours of work.
    package static let maximumEventLimit = 10_000_000

    /// The last second a scenario's times may reach, 9999-12-31T23:59:59, in UTC and in the
    /// start's offset: every output writes times as RFC 3339, whose years have four digits.
    package static let lastSecond: Int64 = 253_402_300_799

    /// The latest start written with `utcOffsetSeconds` whose whole range (``maximumSpan``) stays
    /// at or before ``lastSecond``, in UTC and in that offset; the reader refuses a later one.
    package static func latestStart(utcOffsetSeconds: Int32) -> EpochTime {
        let span = maximumSpan.nanoseconds / 1_000_000_000
        return EpochTime(
            secondsSinceEpoch: lastSecond - span - Int64(max(0, utcOffsetSeconds)), utcOffsetSeconds: utcOffsetSeconds)
    }
}
