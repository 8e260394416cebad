/// Checked arithmetic on durations: the one place where sums and products of user-given
/// durations, costs and counts are computed. Each operation throws ``TimeOverflow`` where the
/// plain operators would trap.
extension SimDuration {
    /// `self + other`, or ``TimeOverflow`` when the sum does not fit.
    ///
    /// - Complexity: O(1).
    package func adding(_ other: SimDuration) throws(TimeOverflow) -> SimDuration {
        let (sum, overflow) = nanoseconds.addingReportingOverflow(other.nanoseconds)
        if overflow { throw TimeOverflow("\(self) + \(other)") }
        return SimDuration(nanoseconds: sum)
    }

    /// `self × count` (a period times a number of occurrences), or ``TimeOverflow``.
    ///
    /// - Complexity: O(1).
    package func multiplied(by count: Int64) throws(TimeOverflow) -> SimDuration {
        let (product, overflow) = nanoseconds.multipliedReportingOverflow(by: count)
        if overflow { throw TimeOverflow("\(self) × \(count)") }
        return SimDuration(nanoseconds: product)
    }

    /// The duration scaled by a real factor (a step cost on a slower chip), rounded to the
    /// nearest nanosecond, or ``TimeOverflow`` when the result does not fit (or the factor is
    /// not finite).
    ///
    /// - Complexity: O(1).
    package func checkedScaled(by factor: Double) throws(TimeOverflow) -> SimDuration {
        let scaled = (Double(nanoseconds) * factor).rounded()
        // Int64.max is not exactly representable; 2^63 is the first Double out of range.
        guard scaled.isFinite, scaled > -9_223_372_036_854_775_808.0, scaled < 9_223_372_036_854_775_808.0 else {
            throw TimeOverflow("\(self) × \(factor)")
        }
        return SimDuration(nanoseconds: Int64(scaled))
    }

    /// `seconds` whole seconds, or ``TimeOverflow`` when that many nanoseconds do not fit.
    ///
    /// - Complexity: O(1).
    package static func checkedSeconds(_ seconds: Int64) throws(TimeOverflow) -> SimDuration {
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { throw TimeOverflow("\(seconds) seconds") }
        return SimDuration(nanoseconds: product)
    }
}
