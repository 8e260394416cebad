#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `Date` at the edge: the app's dates become the scheduler's whole seconds since 1970 and back.
extension ReminderTime {
    /// The whole second containing `date`, counted from 1970-01-01 00:00:00 UTC (the epoch of
    /// `Date.timeIntervalSince1970`). Dates beyond ±2⁶² seconds are clamped; a NaN date is the epoch.
    public init(_ date: Date) {
        let raw = date.timeIntervalSince1970
        let seconds = raw.isNaN ? 0 : raw.rounded(.down)
        let limit = Double(Int64(1) << 62)
        self.init(seconds: Int64(Swift.min(Swift.max(seconds, -limit), limit)))
    }

    /// The moment as a `Date` (whole seconds since 1970).
    public var date: Date { Date(timeIntervalSince1970: Double(seconds)) }
}
