import CompanionModel
import ReminderScheduling
import SimulationKernel

/// The reminders over time: the pending count against the system's 64 and the window W; every
/// delivery as a dot at the badge it carried over the true overdue count (a dot off the line is
/// a wrong badge, drawn red); missed reminders with their reason code; and the app runs that
/// refilled the window.
///
/// It reads the phone's reminders as the run left them: the records each harness log keeps in
/// full (the first ``RecordLog/defaultLimit``), as the `reminders` report lists them. Its counts
/// cover every record (the wrong badges are the phone's count, ``PhoneReminders/wrongBadges``),
/// and a log that dropped records says how many of them it draws.
package struct RemindersChartSVG: SVGPicture {
    /// The phone's reminders, moved to the end of the run.
    package var phone: PhoneReminders
    package var scenario: Scenario
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
        let harness = phone.harness
        let settings = phone.settings
        let (limit, window) = (harness.center.limit, settings.mode.refills ? settings.window : nil)
        let (pending, overdue) = (pendingSteps, Self.overdueSteps(phone.dueLog, end: scenario.end))
        let title = "Reminders · \(scenario.name)"
        var canvas = SVGCanvas(width: width, height: 400, title: title)
        canvas.text(
            SVGText.fitted(title, width: width - 24, size: 14, bold: true) ?? "", x: 12, y: 22, size: 14, bold: true)
        let peakPending = pending.map(\.count).max() ?? 0
        canvas.text(
            "scheduler \(settings.mode.rawValue)\(window.map { ", W = \($0)" } ?? "") · pending at most \(peakPending) · "
                + "\(Self.counted(harness.deliveries, "delivered")) · \(phone.wrongBadges) with a wrong badge · "
                + "\(Self.counted(harness.missed, "missed")) · \(Self.counted(harness.snapshots, "app runs"))",
            x: 12, y: 40, fill: SVGPalette.muted)
        let axis = SVGTimeAxis(
            start: .zero, end: scenario.end, origin: scenario.start, left: left, right: width - right)
        // Panel 1: pending.
        let p1Top = 56.0
        let p1Bottom = p1Top + panelHeight
        let pendingTop = Double(max(limit, peakPending, window ?? 0)) * 1.12
        let pendingScale = SVGScale.linear(0, pendingTop, from: p1Bottom, to: p1Top)
        panel("pending", top: p1Top, bottom: p1Bottom, scale: pendingScale, on: &canvas)
        canvas.path(SVGCanvas.pathData(steps(pending, axis: axis, scale: pendingScale)), stroke: "#343a40", width: 1.8)
        // Strip: app runs.
        let runsY = p1Bottom + 18
        canvas.text("app runs", x: 12, y: runsY + 4)
        canvas.line(left, runsY, width - right, runsY, stroke: SVGPalette.grid)
        let formatter = TraceFormatter(start: scenario.start)
        for run in harness.snapshots {
            let at = PhoneReminders.simTime(run.at)
            canvas.glyph(
                Self.runGlyph, x: axis.x(at), y: runsY,
                tooltip: "app ran (\(run.reason.rawValue)) " + formatter.text(at))
        }
        // Panel 2: overdue and badges.
        let p2Top = runsY + 22
        let p2Bottom = p2Top + panelHeight
        let badgeMax = harness.deliveries.compactMap(\.badge).max() ?? 0
        let overdueMax = overdue.map(\.count).max() ?? 0
        let countScale = SVGScale.linear(
            0, SVGScale.niceCeiling(Double(max(4, badgeMax, overdueMax)) * 1.1), from: p2Bottom, to: p2Top)
        panel("overdue / badge", top: p2Top, bottom: p2Bottom, scale: countScale, on: &canvas)
        canvas.path(SVGCanvas.pathData(steps(overdue, axis: axis, scale: countScale)), stroke: "#343a40", width: 1.8)
        // Each delivery kept, over the items really overdue then: what its badge should say, as
        // `reminders` and `--compare` count it (rule R16).
        for delivery in harness.deliveries {
            let (at, truth) = (PhoneReminders.simTime(delivery.at), delivery.overdueAtFire)
            let label = "\(formatter.text(at)) \(delivery.item ?? delivery.identifier)"
            guard let badge = delivery.badge else {
                canvas.glyph(
                    Self.noBadge, x: axis.x(at), y: p2Bottom - 4,
                    tooltip: "\(label): badge unchanged (true overdue \(truth))")
                continue
            }
            canvas.glyph(
                badge == truth ? Self.rightBadge : Self.wrongBadge, x: axis.x(at),
                y: countScale.position(Double(badge)),
                tooltip: "\(label): badge \(badge), " + (badge == truth ? "right" : "WRONG: \(truth) overdue"))
        }
        // Strip: missed.
        let missY = p2Bottom + 20
        canvas.text("missed", x: 12, y: missY + 4)
        canvas.line(left, missY, width - right, missY, stroke: SVGPalette.grid)
        var codesEnd = -Double.infinity  // the right end of the last code written (misses come in due order)
        var missCodes: [(code: String, x: Double)] = []
        let report = RemindersReport(scenario: scenario, phone: phone, overdueAt: nil)
        for miss in harness.missed {
            let (due, code) = (PhoneReminders.simTime(miss.due), miss.reason.code.name)
            let x = axis.x(due)
            canvas.glyph(
                Self.missGlyph, x: x, y: missY,
                tooltip: "\(formatter.text(due)) \(miss.owner) missed [\(code)]: \(report.reasonText(miss.reason))")
            let codeWidth = SVGText.width(code, size: 9)
            let range = (x - codeWidth / 2 - 3)...(x + codeWidth / 2 + 3)
            if range.lowerBound >= left, range.upperBound <= width - right, range.lowerBound > codesEnd {
                codesEnd = range.upperBound
                missCodes.append((code, x))
            }
        }
        let axisY = missY + 26
        axis.draw(on: &canvas, y: axisY, gridTop: p1Top)
        for code in missCodes {
            canvas.groundedText(code.code, x: code.x, y: missY + 16, size: 9, anchor: .middle, fill: SVGPalette.bad)
        }
        // The thresholds over the grid, their labels on a white ground.
        threshold(
            limit, label: "system limit \(limit)", color: SVGPalette.bad, above: true, scale: pendingScale, on: &canvas)
        if let window, window != limit {
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
        points.append((axis.x(.zero), scale.position(0)))
        for value in values {
            let x = axis.x(value.at)
            points.append((x, scale.position(Double(current))))
            points.append((x, scale.position(Double(value.count))))
            current = value.count
        }
        points.append((axis.x(scenario.end), scale.position(Double(current))))
        return points
    }

    // MARK: What it draws

    /// Every record of `log` counted, as `"12 delivered"`; with records dropped, how many are drawn
    /// (`"1601 delivered (the first 1000 drawn)"`).
    static func counted<Record>(_ log: RecordLog<Record>, _ noun: String) -> String {
        "\(log.recordedCount) \(noun)" + (log.droppedCount > 0 ? " (the first \(log.count) drawn)" : "")
    }

    /// The pending count as steps: the count after each app run, one less after each one-shot
    /// delivery.
    var pendingSteps: [(at: SimTime, count: Int)] {
        let harness = phone.harness
        var changes: [(at: SimTime, order: Int, set: Int?)] = []
        for snapshot in harness.snapshots { changes.append((PhoneReminders.simTime(snapshot.at), 1, snapshot.pending)) }
        for delivery in harness.deliveries where !delivery.request.trigger.repeats {
            changes.append((PhoneReminders.simTime(delivery.at), 0, nil))
        }
        changes.sort { ($0.at, $0.order) < ($1.at, $1.order) }
        var count = 0
        return Self.perInstant(
            changes.map { change in
                count = change.set ?? max(0, count - 1)
                return (change.at, count)
            })
    }

    /// The number of open items whose due date has passed, as steps over time: it changes when
    /// an item's due date is reached and when the phone learns of a change. An item due after
    /// `end` is not overdue within the picture (not even at its right edge).
    ///
    /// - Complexity: O(*c* log *c*) for *c* due-date changes.
    static func overdueSteps(_ log: [PhoneReminders.DueChange], end: SimTime? = nil) -> [(at: SimTime, count: Int)] {
        // Each logged state (item due at `due`, valid from `time` until the item's next change)
        // is overdue from max(time, due) until the next change.
        var deltas: [(at: SimTime, delta: Int)] = []
        var lastIndex: [Int: Int] = [:]
        var next = [SimTime?](repeating: nil, count: log.count)
        for (index, change) in log.enumerated() {
            if let previous = lastIndex[change.key] { next[previous] = change.time }
            lastIndex[change.key] = index
        }
        for (index, change) in log.enumerated() {
            guard let due = change.due else { continue }
            let from = max(change.time, due)
            if let end, from > end { continue }
            if let until = next[index] {
                guard until > from else { continue }
                deltas.append((from, 1))
                deltas.append((until, -1))
            } else {
                deltas.append((from, 1))
            }
        }
        deltas.sort { ($0.at, $0.delta) < ($1.at, $1.delta) }
        var count = 0
        return perInstant(
            deltas.map { delta in
                count += delta.delta
                return (delta.at, count)
            })
    }

    /// `counts` in time order as steps, one per instant: the last count at an instant is its step's.
    private static func perInstant(_ counts: [(at: SimTime, count: Int)]) -> [(at: SimTime, count: Int)] {
        var steps: [(at: SimTime, count: Int)] = []
        for step in counts {
            if let last = steps.last, last.at == step.at {
                steps[steps.count - 1].count = step.count
            } else {
                steps.append(step)
            }
        }
        return steps
    }
}
