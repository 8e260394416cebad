import SimulationKernel

/// How latency figures are printed: milliseconds with three decimals (`"33.333ms"`), and in
/// JSON as a number of milliseconds (`33.333`). Integer arithmetic, so output is byte-stable.
package enum LatencyFormat {
    /// `"33.333ms"`.
    package static func text(_ duration: SimDuration) -> String {
        TraceValue.decimalText(roundedMicroseconds(duration), scale: 3) + "ms"
    }

    /// Milliseconds as a JSON-ready decimal (`33.333`).
    package static func milliseconds(_ duration: SimDuration) -> TraceValue {
        .decimal(roundedMicroseconds(duration), scale: 3)
    }

    /// Nanoseconds rounded half up to whole microseconds.
    static func roundedMicroseconds(_ duration: SimDuration) -> Int64 {
        let ns = duration.nanoseconds
        return ns >= 0 ? (ns + 500) / 1_000 : -((-ns + 500) / 1_000)
    }
}
