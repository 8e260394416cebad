/// Checked arithmetic on instants (see ``TimeOverflow``). The `+` operator on ``SimTime``
/// saturates at ``SimTime/distantFuture`` ("never"); these throw instead, for user input.
extension SimTime {
    /// The instant `duration` after this one, or ``TimeOverflow`` when it does not fit.
    ///
    /// - Complexity: O(1).
    package func adding(_ duration: SimDuration) throws(TimeOverflow) -> SimTime {
        let (sum, overflow) = nanoseconds.addingReportingOverflow(duration.nanoseconds)
        if overflow || sum < 0 { throw TimeOverflow("\(self) + \(duration)") }
        return SimTime(nanoseconds: sum)
    }
}
