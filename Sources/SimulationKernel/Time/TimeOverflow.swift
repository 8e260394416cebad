/// A sum or product of times and durations that would not fit in simulated time.
///
/// Simulated time is a count of nanoseconds in an `Int64`, so the largest instant is
/// ``SimTime/distantFuture``, `+106751d23h47m16.854775807s` (about 292 years after the start).
/// Every arithmetic on user-given numbers goes through the checked operations of
/// ``SimDuration`` and ``SimTime`` (`adding(_:)`, `multiplied(by:)`, `checkedScaled(by:)`), which
/// throw this error instead of trapping; decoders turn it into a located error.
package struct TimeOverflow: Error, Hashable, Sendable, CustomStringConvertible {
    /// What overflowed, for the message (`"1h + 106751d"`); may be empty.
    package var operation: String

    package init(_ operation: String = "") {
        self.operation = operation
    }

    /// `"1h + 106751d exceeds the largest time, +106751d23h47m16.854775807s (about 292 years)"`.
    package var description: String {
        (operation.isEmpty ? "the result" : operation)
            + " exceeds the largest time, \(SimTime(nanoseconds: .max)) (about 292 years)"
    }
}
