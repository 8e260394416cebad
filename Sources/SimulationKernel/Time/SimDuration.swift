/// A span of simulated time, counted in integer nanoseconds.
///
/// Integer ticks keep the simulation exact: adding a thousand 8 ms holds gives exactly
/// 8 s, with no floating-point drift, so the same scenario always produces the same output.
///
/// ```swift
/// let hold = SimDuration.milliseconds(8)
/// let walk = SimDuration.seconds(30) + hold
/// print(walk)  // "30.008s"
/// ```
public struct SimDuration: Hashable, Comparable, Sendable {
    /// The length in nanoseconds. Negative spans are allowed in arithmetic (for differences)
    /// but rejected wherever a duration comes from user input.
    public var nanoseconds: Int64

    /// Creates a duration of `nanoseconds` nanoseconds.
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    public static var zero: SimDuration { SimDuration(nanoseconds: 0) }

    public static func nanoseconds(_ value: Int64) -> SimDuration { SimDuration(nanoseconds: value) }
    public static func microseconds(_ value: Int64) -> SimDuration { SimDuration(nanoseconds: value * 1_000) }
    public static func milliseconds(_ value: Int64) -> SimDuration { SimDuration(nanoseconds: value * 1_000_000) }
    public static func seconds(_ value: Int64) -> SimDuration { SimDuration(nanoseconds: value * 1_000_000_000) }
    public static func minutes(_ value: Int64) -> SimDuration { .seconds(value * 60) }
    public static func hours(_ value: Int64) -> SimDuration { .seconds(value * 3_600) }
    public static func days(_ value: Int64) -> SimDuration { .seconds(value * 86_400) }

    // An `Int` overload, so that an integer literal (`.seconds(90)`) is not ambiguous with the
    // `Double` one.
    public static func seconds(_ value: Int) -> SimDuration { .seconds(Int64(value)) }

    /// A duration from fractional seconds, rounded to the nearest nanosecond.
    public static func seconds(_ value: Double) -> SimDuration {
        SimDuration(nanoseconds: Int64((value * 1e9).rounded()))
    }

    /// The length in seconds, as a `Double` (for reports and statistics only).
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    /// The length in milliseconds, as a `Double` (for reports and statistics only).
    public var milliseconds: Double { Double(nanoseconds) / 1e6 }

    public static func < (lhs: SimDuration, rhs: SimDuration) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    public static func + (lhs: SimDuration, rhs: SimDuration) -> SimDuration {
        SimDuration(nanoseconds: lhs.nanoseconds + rhs.nanoseconds)
    }
    public static func - (lhs: SimDuration, rhs: SimDuration) -> SimDuration {
        SimDuration(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
    }
    public static func += (lhs: inout SimDuration, rhs: SimDuration) { lhs = lhs + rhs }
    public static func * (lhs: SimDuration, rhs: Int64) -> SimDuration {
        SimDuration(nanoseconds: lhs.nanoseconds * rhs)
    }

    /// Scales the duration by a real factor, rounding to the nearest nanosecond
    /// (used to scale a step's reference cost by a chip's relative speed). A result beyond
    /// the representable range saturates at the largest (or smallest) duration; use
    /// ``checkedScaled(by:)`` where an overflow must be reported.
    package func scaled(by factor: Double) -> SimDuration {
        (try? checkedScaled(by: factor))
            ?? SimDuration(nanoseconds: (Double(nanoseconds) * factor).sign == .minus ? .min : .max)
    }
}

extension SimDuration: CustomStringConvertible {
    /// A compact, exact rendering in the same syntax ``DurationSyntax`` parses:
    /// `"0s"`, `"250ms"`, `"1h30m"`, `"2m5.5s"`, `"-3s"`.
    public var description: String {
        if nanoseconds == 0 { return "0s" }
        if nanoseconds < 0 { return "-" + SimDuration(nanoseconds: -nanoseconds).description }
        var rest = nanoseconds
        var text = ""
        let day: Int64 = 86_400_000_000_000
        let hour: Int64 = 3_600_000_000_000
        let minute: Int64 = 60_000_000_000
        let second: Int64 = 1_000_000_000
        if rest >= day { text += "\(rest / day)d"; rest %= day }
        if rest >= hour { text += "\(rest / hour)h"; rest %= hour }
        if rest >= minute { text += "\(rest / minute)m"; rest %= minute }
        if rest == 0 { return text }
        if rest % second == 0 { return text + "\(rest / second)s" }
        if rest < second, text.isEmpty {
            if rest % 1_000_000 == 0 { return "\(rest / 1_000_000)ms" }
            if rest % 1_000 == 0 { return "\(rest / 1_000)us" }
            return "\(rest)ns"
        }
        var fraction = String(rest % second)
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return text + "\(rest / second).\(fraction)s"
    }
}
