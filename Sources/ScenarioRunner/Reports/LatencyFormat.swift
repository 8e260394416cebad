import SimulationKernel

/// How latency figures are printed: milliseconds with three decimals (`"33.333ms"`), and in
/// JSON as a number of milliseconds (`33.333`), rounded by the one rule of every output
/// (``DurationFormat/microseconds(_:)``).
package enum LatencyFormat {
    /// `"33.333ms"`.
    package static func text(_ duration: SimDuration) -> String {
        TraceValue.decimalText(DurationFormat.microseconds(duration), scale: 3) + "ms"
    }

    /// Milliseconds as a JSON-ready decimal (`33.333`).
    package static func milliseconds(_ duration: SimDuration) -> TraceValue {
        .decimal(DurationFormat.microseconds(duration), scale: 3)
    }
}
