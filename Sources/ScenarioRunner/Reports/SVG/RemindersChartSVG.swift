import SimulationKernel

/// What the reminders picture shows, extracted from a run (see ``ScenarioReportData``).
package struct RemindersChartData: Sendable {
    /// One notification the system delivered.
    package struct Delivery: Sendable {
        package var at: SimTime
        package var label: String
        /// The badge it set (`nil`: it left the badge alone).
        package var badge: Int?
        /// The items really overdue at that moment (what the badge should say).
        package var trueOverdue: Int

    }

    /// A reminder that never fired.
    package struct Miss: Sendable {
        package var due: SimTime
        package var label: String
        /// A stable reason code (`outsideWindow`, `droppedOverLimit`, …).
        package var code: String
        package var reason: String

    }

    package var start: SimTime
    package var end: SimTime
    package var origin: EpochTime
    /// `"windowed, W = 60"` or `"naive"`.
    package var scheduler: String
    /// The window W (`nil` for the naive scheduler).
    package var window: Int?
    /// The system's pending limit.
    package var limit: Int = 64
    /// The pending count, as (time it became, value) steps.
    package var pending: [(at: SimTime, count: Int)]
    /// The true overdue count, as steps.
    package var overdue: [(at: SimTime, count: Int)]
    package var deliveries: [Delivery]
    package var missed: [Miss]
    /// Every app run, with its reason (`launch`, `foreground`, …).
    package var appRuns: [(at: SimTime, reason: String)]

    /// How many deliveries set a badge other than the true overdue count.
    var wrongBadges: Int { deliveries.count { delivery in delivery.badge.map { $0 != delivery.trueOverdue } ?? false } }

}

/// The reminders over time: the pending count against the system's 64 and the window W; every
/// delivery as a dot at the badge it carried over the true overdue count (a dot off the line is
/// a wrong badge, drawn red); missed reminders with their reason code; and the app runs that
/// refilled the window.
package struct RemindersChartSVG: SVGPicture {
    package var title: String
    package var data: RemindersChartData
    package var width: Double = 1080

    let left = 130.0
    let right = 30.0
    let panelHeight = 150.0

    static let rightBadge = SVGGlyph(.dot(radius: 3.5), color: SVGPalette.good)
    static let wrongBadge = SVGGlyph(.dot(radius: 4.5), color: SVGPalette.bad)
    static let noBadge = SVGGlyph(.dot(radius: 3), color: "#adb5bd")
    static let missGlyph = SVGGlyph(.cross(size: 8), color: SVGPalette.bad)
    static let runGlyph = SVGGlyph(.triangle(size: 8), color: SVGPalette.accent)

    package var canvas: SVGCanvas {
        var canvas = SVGCanvas(width: width, height: 400, title: title)
        canvas.text(
            SVGText.fitted(title, width: width - 24, size: 14, bold: true) ?? "", x: 12, y: 22, size: 14, bold: true)
        let peakPending = data.pending.map(\.count).max() ?? 0
        canvas.text(
            "scheduler \(data.scheduler) · pending at most \(peakPending) · \(data.deliveries.count) delivered · "
                + "\(data.wrongBadges) with a wrong badge · \(data.missed.count) missed · \(data.appRuns.count) app runs",
            x: 12, y: 40, fill: SVGPalette.muted)
        let axis = SVGTimeAxis(start: data.start, end: data.end, origin: data.origin, left: left, right: width - right)
        // Panel 1: pending.
        let p1Top = 56.0
        let p1Bottom = p1Top + panelHeight
        let pendingTop = Double(max(data.limit, peakPending, data.window ?? 0)) * 1.12
        let pendingScale = SVGScale.linear(0, pendingTop, from: p1Bottom, to: p1Top)
        panel("pending", top: p1Top, bottom: p1Bottom, scale: pendingScale, on: &canvas)
        canvas.path(
            SVGCanvas.pathData(steps(data.pending, axis: axis, scale: pendingScale)), stroke: "#343a40", width: 1.8)
        // Strip: app runs.
        let runsY = p1Bottom + 18
        canvas.text("app runs", x: 12, y: runsY + 4)
        canvas.line(left, runsY, width - right, runsY, stroke: SVGPalette.grid)
        for run in data.appRuns {
            canvas.glyph(
                Self.runGlyph, x: axis.x(run.at), y: runsY,
                tooltip: "app ran (\(run.reason)) " + TraceFormatter(start: data.origin).text(run.at))
        }
        // Panel 2: overdue and badges.
        let p2Top = runsY + 22
        let p2Bottom = p2Top + panelHeight
        let badgeMax = data.deliveries.compactMap(\.badge).max() ?? 0
        let overdueMax = data.overdue.map(\.count).max() ?? 0
        let countScale = SVGScale.linear(
            0, SVGScale.niceCeiling(Double(max(4, badgeMax, overdueMax)) * 1.1), from: p2Bottom, to: p2Top)
        panel("overdue / badge", top: p2Top, bottom: p2Bottom, scale: countScale, on: &canvas)
        canvas.path(
            SVGCanvas.pathData(steps(data.overdue, axis: axis, scale: countScale)), stroke: "#343a40", width: 1.8)
        let formatter = TraceFormatter(start: data.origin)
        for delivery in data.deliveries {
            let x = axis.x(delivery.at)
            guard let badge = delivery.badge else {
                canvas.glyph(
                    Self.noBadge, x: x, y: p2Bottom - 4,
                    tooltip:
                        "\(formatter.text(delivery.at)) \(delivery.label): badge unchanged (true overdue \(delivery.trueOverdue))"
                )
                continue
            }
            let right = badge == delivery.trueOverdue
            canvas.glyph(
                right ? Self.rightBadge : Self.wrongBadge, x: x, y: countScale.position(Double(badge)),
                tooltip: "\(formatter.text(delivery.at)) \(delivery.label): badge \(badge), "
                    + (right ? "right" : "WRONG: \(delivery.trueOverdue) overdue"))
        }
        // Strip: missed.
        let missY = p2Bottom + 20
        canvas.text("missed", x: 12, y: missY + 4)
        canvas.line(left, missY, width - right, missY, stroke: SVGPalette.grid)
        var codesEnd = -Double.infinity  // the right end of the last code written (misses come in due order)
        var missCodes: [(code: String, x: Double)] = []
        for miss in data.missed {
            let x = axis.x(miss.due)
            canvas.glyph(
                Self.missGlyph, x: x, y: missY,
                tooltip: "\(formatter.text(miss.due)) \(miss.label) missed [\(miss.code)]: \(miss.reason)")
            let codeWidth = SVGText.width(miss.code, size: 9)
            let range = (x - codeWidth / 2 - 3)...(x + codeWidth / 2 + 3)
            if range.lowerBound >= left, range.upperBound <= width - right, range.lowerBound > codesEnd {
                codesEnd = range.upperBound
                missCodes.append((miss.code, x))
            }
        }
        let axisY = missY + 26
        axis.draw(on: &canvas, y: axisY, gridTop: p1Top)
        for code in missCodes {
            canvas.groundedText(code.code, x: code.x, y: missY + 16, size: 9, anchor: .middle, fill: SVGPalette.bad)
        }
        // The thresholds over the grid, their labels on a white ground.
        threshold(
            data.limit, label: "system limit \(data.limit)", color: SVGPalette.bad, above: true, scale: pendingScale,
            on: &canvas)
        if let window = data.window, window != data.limit {
            threshold(
                window, label: "window W = \(window)", color: SVGPalette.accent, above: false, scale: pendingScale,
                on: &canvas)
        }
        let used = canvas.legend(
            [
                (SVGGlyph(.swatch(dash: nil), color: "#343a40"), "pending / true overdue count"),
                (Self.rightBadge, "delivery, right badge"), (Self.wrongBadge, "delivery, wrong badge"),
                (Self.noBadge, "delivery, badge unchanged"), (Self.missGlyph, "missed (reason code)"),
                (Self.runGlyph, "app run (refill)"),
            ], left: left, top: axisY + 36, right: width - right)
        canvas.height = axisY + 36 + used + 6
        return canvas
    }

    private func panel(_ name: String, top: Double, bottom: Double, scale: SVGScale, on canvas: inout SVGCanvas) {
        canvas.rect(x: left, y: top, width: width - right - left, height: bottom - top, fill: "#f8f9fa")
        canvas.text(name, x: 12, y: top + 14, bold: true)
        for tick in scale.ticks(count: 4) {
            let y = scale.position(tick)
            canvas.line(left, y, width - right, y, stroke: SVGPalette.grid)
            canvas.text(SVGDuration.trimmed(tick), x: left - 6, y: y + 4, size: 10, anchor: .end)
        }
    }

    /// A dashed horizontal line at `value`, labelled at the right end above it (the limit) or
    /// below it (the window), so two close lines keep readable labels.
    private func threshold(
        _ value: Int, label: String, color: String, above: Bool, scale: SVGScale, on canvas: inout SVGCanvas
    ) {
        let y = scale.position(Double(value))
        canvas.line(left, y, width - right, y, stroke: color, width: 1.2, dash: "6 3")
        let labelWidth = SVGText.width(label, size: 10)
        let x = width - right - labelWidth - 4
        canvas.ground(x: x, width: labelWidth, y: above ? y - 13 : y + 2, height: 12)
        canvas.text(label, x: x, y: above ? y - 3 : y + 12, size: 10, fill: color)
    }

    /// The step function as path points (horizontal, then vertical, at each change).
    private func steps(_ values: [(at: SimTime, count: Int)], axis: SVGTimeAxis, scale: SVGScale) -> [(
        x: Double, y: Double
    )] {
        var points: [(x: Double, y: Double)] = []
        var current = 0
        points.append((axis.x(data.start), scale.position(0)))
        for value in values {
            let x = axis.x(value.at)
            points.append((x, scale.position(Double(current))))
            points.append((x, scale.position(Double(value.count))))
            current = value.count
        }
        points.append((axis.x(data.end), scale.position(Double(current))))
        return points
    }
}
