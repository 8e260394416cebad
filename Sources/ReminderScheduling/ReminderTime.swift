/// An instant for the reminder scheduler: whole seconds since an epoch the caller chooses.
///
/// The library never reads a clock. A real app passes `ReminderTime(seconds: Int64(Date().timeIntervalSince1970))`;
/// the simulator converts its own simulated time. Only differences and order matter.
public struct ReminderTime: Hashable, Comparable, Sendable {
    /// Seconds since the caller's epoch.
    public var seconds: Int64

    /// Creates an instant `seconds` after the caller's epoch.
    public init(seconds: Int64) {
        self.seconds = seconds
    }

    /// The caller's epoch.
    public static let zero = ReminderTime(seconds: 0)

    public static func < (lhs: ReminderTime, rhs: ReminderTime) -> Bool { lhs.seconds < rhs.seconds }

    /// The instant `seconds` later (saturating at the ends of `Int64`).
    public static func + (lhs: ReminderTime, seconds: Int64) -> ReminderTime {
        let (sum, overflow) = lhs.seconds.addingReportingOverflow(seconds)
        return ReminderTime(seconds: overflow ? (seconds > 0 ? .max : .min) : sum)
    }

    /// The number of seconds from `rhs` to `lhs`.
    public static func - (lhs: ReminderTime, rhs: ReminderTime) -> Int64 { lhs.seconds &- rhs.seconds }
}

extension ReminderTime: CustomStringConvertible {
    /// `"+1h30m"`-style offset from the epoch (`"-5m"` before it, `"+0s"` at it).
    public var description: String {
        let sign = seconds < 0 ? "-" : "+"
        var rest = seconds.magnitude
        var text = ""
        for (unit, size) in [("d", UInt64(86_400)), ("h", 3_600), ("m", 60)] where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        if rest > 0 || text.isEmpty { text += "\(rest)s" }
        return sign + text
    }
}
