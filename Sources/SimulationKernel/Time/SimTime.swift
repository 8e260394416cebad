/// An instant of simulated time: nanoseconds since the scenario's start.
///
/// The simulation never reads a wall clock. A scenario's start date is an ``EpochTime``
/// used only at the edges (parsing and printing); inside, every instant is an offset.
public struct SimTime: Hashable, Comparable, Sendable {
    /// Nanoseconds since the scenario's start.
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The scenario's start.
    public static var zero: SimTime { SimTime(nanoseconds: 0) }

    /// The latest representable instant (used as "never").
    public static var distantFuture: SimTime { SimTime(nanoseconds: .max) }

    /// The instant `offset` after the scenario's start.
    public init(offset: SimDuration) {
        self.nanoseconds = offset.nanoseconds
    }

    /// The offset of this instant from the scenario's start.
    public var offset: SimDuration { SimDuration(nanoseconds: nanoseconds) }

    public static func < (lhs: SimTime, rhs: SimTime) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public static func + (lhs: SimTime, rhs: SimDuration) -> SimTime {
        let (sum, overflow) = lhs.nanoseconds.addingReportingOverflow(rhs.nanoseconds)
        return SimTime(nanoseconds: overflow ? (rhs.nanoseconds > 0 ? .max : .min) : sum)
    }
    public static func - (lhs: SimTime, rhs: SimDuration) -> SimTime {
        lhs + SimDuration(nanoseconds: -rhs.nanoseconds)
    }
    public static func - (lhs: SimTime, rhs: SimTime) -> SimDuration {
        SimDuration(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
    }
    public static func += (lhs: inout SimTime, rhs: SimDuration) { lhs = lhs + rhs }

    /// The instant `duration` after this one, or ``TimeOverflow`` when it does not fit: the
    /// checked form of `+` (which saturates at ``distantFuture``, "never"), for user input.
    ///
    /// - Complexity: O(1).
    package func adding(_ duration: SimDuration) throws(TimeOverflow) -> SimTime {
        let (sum, overflow) = nanoseconds.addingReportingOverflow(duration.nanoseconds)
        if overflow || sum < 0 { throw TimeOverflow("\(self) + \(duration)") }
        return SimTime(nanoseconds: sum)
    }
}

extension SimTime: CustomStringConvertible {
    /// `"+1h30m"`: the offset from the scenario's start.
    public var description: String { "+" + offset.description }
}
