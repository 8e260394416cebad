import CompanionModel
import SimulationKernel

/// Expectations about tap-to-removal latency and the next item's visibility (latency feature).
/// Latency figures cover the taps whose row is gone by the time of the check.
package enum PipelineExpectations {
    package static let all: [ExpectationKind] = [p99Below, p50AtLeast, maxBelow, nextItemVisible, rowsVisible]

    /// `"latencyP99Below": "100ms"`: the nearest-rank p99 of tap-to-removal latency is below the bound.
    package static let p99Below = bound("latencyP99Below", "p99 tap-to-removal latency is below this duration") {
        LatencyBound(percentile: 99, bound: $0, comparison: .below)
    }

    /// `"latencyP50AtLeast": "5s"`: the median latency is at least the bound (to pin a slow baseline).
    package static let p50AtLeast = bound(
        "latencyP50AtLeast", "median tap-to-removal latency is at least this duration"
    ) {
        LatencyBound(percentile: 50, bound: $0, comparison: .atLeast)
    }

    /// `"latencyMaxBelow": "6s"`: every tap's latency is below the bound.
    package static let maxBelow = bound("latencyMaxBelow", "every tap-to-removal latency is below this duration") {
        LatencyBound(percentile: 100, bound: $0, comparison: .below)
    }

    /// `"nextItemVisible": true`: at the latest wrist raise or app launch, the next item to pick up
    /// was (or was not) visible without scrolling.
    package static let nextItemVisible = ExpectationKind(
        key: "nextItemVisible", summary: "the next item was visible without scrolling at the latest wrist raise"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        NextItemVisible(visible: try node.bool(context))
    }

    /// `"rowsVisible": 3`: the watch shows this many rows without scrolling.
    package static let rowsVisible = ExpectationKind(
        key: "rowsVisible", summary: "rows the watch shows without scrolling"
    ) { (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
        RowsVisible(rows: try node.int(context, in: 0...1_000))
    }

    private static func bound(
        _ key: String, _ summary: String, _ make: @escaping @Sendable (SimDuration) -> LatencyBound
    ) -> ExpectationKind {
        ExpectationKind(key: key, summary: summary) {
            (node: JSONNode, context: DecodingContext) throws(ScenarioError) -> any ScenarioExpectation in
            make(try node.duration(context))
        }
    }

    /// A bound on one percentile (100 = max) of the latencies so far.
    package struct LatencyBound: ScenarioExpectation {
        /// Which side of the bound the percentile must fall on.
        package enum Comparison: Sendable {
            /// Strictly below the bound (`latencyP99Below`).
            case below
            /// At or above the bound (`latencyP50AtLeast`).
            case atLeast

            var symbol: String { self == .below ? "<" : "≥" }

            func holds(_ value: SimDuration, _ bound: SimDuration) -> Bool {
                self == .below ? value < bound : value >= bound
            }
        }

        package var percentile: Int
        package var bound: SimDuration
        package var comparison: Comparison

        var name: String { percentile == 100 ? "max" : "p\(percentile)" }

        package var label: String { "latency \(name) \(comparison.symbol) \(bound)" }

        package func failure(in simulation: inout ScenarioSimulation) -> String? {
            guard let value = simulation.watch.app.statistics.percentile(percentile) else {
                return "expected latency \(name) \(comparison.symbol) \(bound), found no tap whose row is gone"
            }
            // Both figures in one unit (milliseconds), so they compare at a glance.
            return comparison.holds(value, bound)
                ? nil
                : "expected latency \(name) \(comparison.symbol) \(LatencyFormat.text(bound)), "
                    + "found \(LatencyFormat.text(value))"
        }
    }

    package struct NextItemVisible: ScenarioExpectation {
        package var visible: Bool
        package var label: String { "next item \(visible ? "visible" : "not visible") without scrolling" }
        package func failure(in simulation: inout ScenarioSimulation) -> String? {
            guard let last = simulation.watch.app.visibilityReports.last else {
                return "expected a wrist raise or app launch to report on, found none"
            }
            return last.visibility.isVisible == visible
                ? nil : "expected the next item \(visible ? "visible" : "not visible"), found \(last.visibility.label)"
        }
    }

    package struct RowsVisible: ScenarioExpectation {
        package var rows: Int
        package var label: String { "rows visible = \(rows)" }
        package func failure(in simulation: inout ScenarioSimulation) -> String? {
            let actual = simulation.watch.app.model.rowsVisible
            return actual == rows
                ? nil : "expected \(rows) rows visible on \(simulation.watch.app.model.name), found \(actual)"
        }
    }
}
