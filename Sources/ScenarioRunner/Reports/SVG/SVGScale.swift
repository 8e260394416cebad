import SimulationKernel

/// A map from data values to pixels along one axis, linear or logarithmic, with "nice" ticks.
package struct SVGScale: Sendable {
    /// Linear or base-10 logarithmic.
    package enum Kind: Sendable, Equatable {
        case linear
        case log
    }

    package let kind: Kind
    /// The data interval (for `.log`, both ends are positive).
    package let lower: Double
    package let upper: Double
    /// The pixel interval the data interval maps to.
    package let from: Double
    package let to: Double

    /// A linear scale from `lower…upper` onto `from…to` (an empty interval is widened by one).
    package static func linear(_ lower: Double, _ upper: Double, from: Double, to: Double) -> SVGScale {
        let high = upper > lower ? upper : lower + 1
        return SVGScale(kind: .linear, lower: lower, upper: high, from: from, to: to)
    }

    /// A log scale from `lower…upper` (clamped to positive values) widened to the nearest
    /// 1-2-5 values (10.2 s ends the axis at 20 s, not 100 s).
    package static func log(_ lower: Double, _ upper: Double, from: Double, to: Double) -> SVGScale {
        let positive = max(lower, 1e-9)
        let base = pow10(floorLog10(positive))
        // The largest 1-2-5 × 10ⁿ at or below `lower`.
        let low = [5.0, 2, 1].map { $0 * base }.first { $0 <= positive * (1 + 1e-9) } ?? base
        var high = niceCeiling(max(upper, low))
        if high <= low { high = low * 10 }
        return SVGScale(kind: .log, lower: low, upper: high, from: from, to: to)
    }

    /// Linear from 0, or log when the positive `values` span more than 10×, so bars of 33 ms and
    /// 5 s are both readable on one axis.
    package static func automatic(_ values: [Double], from: Double, to: Double) -> SVGScale {
        let low = values.filter { $0 > 0 }.min() ?? 0
        let high = values.max() ?? 1
        if low > 0, high / low > 10 { return .log(low, high, from: from, to: to) }
        return .linear(0, niceCeiling(max(high, 1e-9)), from: from, to: to)
    }

    /// The pixel position of `value` (clamped to the scale's interval).
    package func position(_ value: Double) -> Double {
        let fraction: Double
        switch kind {
        case .linear:
            fraction = (value - lower) / (upper - lower)
        case .log:
            let v = max(value, lower)
            fraction = (SVGScale.log10(v) - SVGScale.log10(lower)) / (SVGScale.log10(upper) - SVGScale.log10(lower))
        }
        return from + min(1, max(0, fraction)) * (to - from)
    }

    /// Tick values: 1-2-5 steps for linear (about `count` of them), 1-2-5 per decade for log
    /// (only 1s when there are many decades).
    ///
    /// - Complexity: O(ticks), at most about 40.
    package func ticks(count: Int = 6) -> [Double] {
        switch kind {
        case .linear:
            let step = SVGScale.niceStep((upper - lower) / Double(max(1, count)))
            var ticks: [Double] = []
            var value = (lower / step).rounded(.up) * step
            while value <= upper + step * 1e-9, ticks.count < 60 {
                ticks.append(abs(value) < step * 1e-9 ? 0 : value)
                value += step
            }
            return ticks
        case .log:
            let first = Int(SVGScale.floorLog10(lower))
            let top = SVGScale.floorLog10(upper)
            let last = Int(SVGScale.pow10(top) >= upper * (1 - 1e-12) ? top : top + 1)  // ⌈log₁₀ upper⌉
            let multipliers: [Double] = last - first > 3 ? [1] : [1, 2, 5]
            var ticks: [Double] = []
            for exponent in first...max(first, last) {
                for multiplier in multipliers {
                    let value = multiplier * SVGScale.pow10(Double(exponent))
                    if value >= lower * (1 - 1e-9), value <= upper * (1 + 1e-9) { ticks.append(value) }
                }
            }
            // The axis's ends are labelled too (they are 1-2-5 values, not always decades).
            if let firstTick = ticks.first, firstTick > lower * (1 + 1e-9) { ticks.insert(lower, at: 0) }
            if let lastTick = ticks.last, lastTick < upper * (1 - 1e-9) { ticks.append(upper) }
            return ticks
        }
    }

    /// Draws the scale as a horizontal axis at `y`: the line, then a tick and a centred 10 px
    /// label (`label`, default ``SVGDuration/label(milliseconds:)``) at each of about `count` ticks.
    package func drawAxis(
        at y: Double, ticks count: Int, on canvas: inout SVGCanvas,
        label: (Double) -> String = { SVGDuration.label(milliseconds: $0) }
    ) {
        canvas.line(from, y, to, y, stroke: "#495057")
        for tick in ticks(count: count) {
            let x = position(tick)
            canvas.line(x, y, x, y + 4, stroke: "#495057")
            canvas.text(label(tick), x: x, y: y + 16, size: 10, anchor: .middle)
        }
    }

    /// Vertical grid lines from `top` to `bottom` at about `count` ticks.
    package func drawGrid(
        from top: Double, to bottom: Double, ticks count: Int, stroke: String = SVGPalette.grid,
        on canvas: inout SVGCanvas
    ) {
        for tick in ticks(count: count) {
            let x = position(tick)
            canvas.line(x, top, x, bottom, stroke: stroke)
        }
    }

    /// The smallest 1-2-5 × 10ⁿ at or above `value` (2.5 too, unless `multipliers` leave it out).
    package static func niceCeiling(_ value: Double, multipliers: [Double] = [1, 2, 2.5, 5, 10]) -> Double {
        let base = pow10(floorLog10(value))
        for multiplier in multipliers where multiplier * base >= value * (1 - 1e-9) { return multiplier * base }
        return 10 * base
    }

    /// The smallest 1-2-5 × 10ⁿ step at or above `raw` (no 2.5: counts keep whole ticks).
    static func niceStep(_ raw: Double) -> Double {
        raw > 0 && raw.isFinite ? niceCeiling(raw, multipliers: [1, 2, 5, 10]) : 1
    }

    /// The base-10 logarithm, with the simulation's portable logarithm (no C library: the same
    /// bits on every platform).
    static func log10(_ value: Double) -> Double { PortableMath.log(value) / PortableMath.log(10) }

    static func floorLog10(_ value: Double) -> Double {
        var exponent = 0.0
        var v = value
        while v >= 10, exponent < 300 {
            v /= 10
            exponent += 1
        }
        while v < 1, exponent > -300 {
            v *= 10
            exponent -= 1
        }
        return exponent
    }

    static func pow10(_ exponent: Double) -> Double {
        var result = 1.0
        let steps = Int(min(300, abs(exponent)))
        for _ in 0..<steps { result = exponent < 0 ? result / 10 : result * 10 }
        return result
    }
}
