import CompanionModel
import SimulationKernel

/// Draws a ``ComplicationReport``: what the watch face showed through the scenario.
///
/// One lane per family. A box spans each stretch during which the shown **text** stayed the
/// same (a reload or refresh that showed the same text again is a small tick on the box, not a
/// new box); the box carries as much of the text as fits and the full text in its tooltip;
/// boxes supplied ahead are dashed. Stale spans are shaded red, time off the active face grey.
/// Above the lanes, every reload request: granted reloads as green ticks, scheduled refreshes
/// as grey ticks, refusals as red crosses (the same glyphs as the legend), each with its reason
/// in the tooltip and the refusal reasons counted under the title. Budget resets are dashed
/// orange lines; the axis shows clock times and dates.
package struct ComplicationTimelineSVG: Sendable {
    package var report: ComplicationReport
    /// The scenario's name, for the title.
    package var scenarioName: String
    /// Total picture width in pixels.
    package var width: Double

    package init(report: ComplicationReport, scenarioName: String = "", width: Int = 1080) {
        self.report = report
        self.scenarioName = scenarioName
        self.width = Double(max(400, width))
    }

    let left = 130.0
    let right = 24.0
    let top = 66.0
    let requestRowHeight = 34.0
    let laneHeight = 50.0
    let laneGap = 8.0

    static let grantedGlyph = SVGGlyph(.tick(length: 12), color: SVGPalette.good)
    static let scheduledGlyph = SVGGlyph(.tick(length: 6), color: "#8e8e8e")
    static let refusedGlyph = SVGGlyph(.cross(size: 8), color: SVGPalette.bad)
    static let unchangedGlyph = SVGGlyph(.tick(length: 8), color: "#0b3d66")
    static let resetGlyph = SVGGlyph(.tick(length: 12), color: SVGPalette.warn)
    static let staleColor = "#e03131"

    private var lanesTop: Double { top + requestRowHeight + laneGap }
    private var lanesBottom: Double { lanesTop + Double(report.families.count) * (laneHeight + laneGap) }
    private var origin: EpochTime { report.clock.origin ?? EpochTime(secondsSinceEpoch: 0) }
    private var axis: SVGTimeAxis {
        SVGTimeAxis(start: report.start, end: report.end, origin: origin, left: left, right: width - right)
    }

    /// The SVG document (a standalone file).
    ///
    /// - Complexity: O(*e* · *f* + *r*) for *e* entries, *f* families and *r* requests.
    package var document: String { canvas.document }

    /// The picture as an `<svg>` element for the HTML report.
    package var element: String { canvas.element }

    var canvas: SVGCanvas {
        let name = "Complication timeline" + (scenarioName.isEmpty ? "" : " · \(scenarioName)")
        let span =
            SVGTimeAxis.dayLabel(origin.adding(report.start.offset)) + " " + report.clock.timeOfDay(report.start)
            + " → "
            + (origin.adding(report.end.offset).dateText == origin.adding(report.start.offset).dateText
                ? "" : SVGTimeAxis.dayLabel(origin.adding(report.end.offset)) + " ")
            + report.clock.timeOfDay(report.end)
        var canvas = SVGCanvas(width: width, height: 300, title: name + " · " + span)
        canvas.text(
            SVGText.fitted(name, width: width - 24, size: 14, bold: true) ?? "", x: 12, y: 22, size: 14, bold: true)
        canvas.text(
            SVGText.fitted(span + " · " + subtitle, width: width - 24, size: 11) ?? "", x: 12, y: 42,
            fill: SVGPalette.muted)
        axis.draw(on: &canvas, y: lanesBottom + 2, gridTop: top)
        requestRow(on: &canvas)
        for (index, family) in report.families.enumerated() { lane(family, index: index, on: &canvas) }
        resets(on: &canvas)
        let legendTop = lanesBottom + 38
        let used = canvas.legend(
            [
                (SVGGlyph(.swatch(dash: nil), color: "#a5d8ff", outline: "#1c7ed6"), "shown text"),
                (SVGGlyph(.swatch(dash: "3 2"), color: "#d0ebff", outline: "#1c7ed6"), "supplied ahead"),
                (Self.unchangedGlyph, "refresh, same text"),
                (SVGGlyph(.swatch(dash: nil), color: Self.staleColor), "stale (shows an old value)"),
                (SVGGlyph(.swatch(dash: nil), color: "#ced4da"), "not on the active face"),
                (Self.grantedGlyph, "reload granted"),
                (Self.scheduledGlyph, "refresh scheduled"),
                (Self.refusedGlyph, "refused"),
                (Self.resetGlyph, "budget reset"),
            ], left: left, top: legendTop, right: width - right)
        canvas.height = legendTop + used + 6
        return canvas
    }

    private var subtitle: String {
        let records = report.records
        let granted = records.filter { $0.kind == .reload && $0.outcome.isGranted }.count
        var reasons: [(String, Int)] = []
        for record in records {
            guard let refusal = record.outcome.refusal else { continue }
            if let index = reasons.firstIndex(where: { $0.0 == refusal.rawValue }) {
                reasons[index].1 += 1
            } else {
                reasons.append((refusal.rawValue, 1))
            }
        }
        let refused =
            reasons.isEmpty ? "none refused" : "refused: " + reasons.map { "\($0.0) ×\($0.1)" }.joined(separator: ", ")
        let stale = report.families.compactMap { family in
            report.staleness(of: family).map {
                "\(family.rawValue) stale \(ComplicationStaleness.displayed($0.totalStale))"
            }
        }
        return (["\(granted) reloads granted", refused] + stale).joined(separator: " · ")
    }

    // MARK: Parts

    private func requestRow(on canvas: inout SVGCanvas) {
        let y = top
        canvas.rect(x: left, y: y, width: width - right - left, height: requestRowHeight, fill: "#f8f9fa")
        canvas.text("reloads", x: 12, y: y + 21, bold: true)
        for record in report.records {
            let x = axis.x(record.at)
            let tooltip = recordTitle(record)
            switch record.outcome {
            case .granted:
                if record.kind == .scheduleRefresh {
                    canvas.glyph(Self.scheduledGlyph, x: x, y: y + 20, tooltip: tooltip)
                } else {
                    canvas.glyph(Self.grantedGlyph, x: x, y: y + 9, tooltip: tooltip)
                }
            case .refused:
                canvas.glyph(Self.refusedGlyph, x: x, y: y + 28, tooltip: tooltip)
            }
        }
    }

    private func lane(_ family: ComplicationFamily, index: Int, on canvas: inout SVGCanvas) {
        let y = lanesTop + Double(index) * (laneHeight + laneGap)
        canvas.rect(x: left, y: y, width: width - right - left, height: laneHeight, fill: SVGPalette.lane)
        canvas.text(family.rawValue, x: 12, y: y + 22, bold: true)
        if let stale = report.staleness(of: family) {
            canvas.text(
                "stale \(ComplicationStaleness.displayed(stale.totalStale))", x: 12, y: y + 38, size: 10,
                fill: SVGPalette.muted)
        }
        let lines = report.entries.filter { $0.family == family }
        var position = 0
        var boxIndex = 0
        while position < lines.count {
            // One box per run of the same text.
            var last = position
            while last + 1 < lines.count, lines[last + 1].text == lines[position].text { last += 1 }
            let first = lines[position]
            let from = max(first.at, report.start)
            let to = last + 1 < lines.count ? min(lines[last + 1].at, report.end) : report.end
            if to > from {
                let x0 = axis.x(from)
                let boxWidth = max(1, axis.x(to) - x0)
                let ahead = first.reloadedAt < first.at
                var tooltip = "\(family.rawValue) shows \"\(first.text)\" from \(report.clock.timeOfDay(from)) to "
                tooltip += "\(report.clock.timeOfDay(to)) (\(first.source.rawValue)"
                tooltip += ahead ? ", supplied ahead at \(report.clock.timeOfDay(first.reloadedAt)))" : ")"
                if last > position { tooltip += "; \(last - position) later refresh(es) showed the same text" }
                canvas.box(
                    x: x0, y: y + 6, width: boxWidth, height: laneHeight - 18,
                    fill: boxIndex % 2 == 0 ? "#a5d8ff" : "#d0ebff",
                    stroke: "#1c7ed6", extra: "stroke-width=\"0.8\"" + (ahead ? " stroke-dasharray=\"3 2\"" : ""),
                    label: first.text, labelColor: "#0b3d66", size: 11, tooltip: tooltip)
                boxIndex += 1
            }
            if last > position {
                for repeatLine in lines[(position + 1)...last] where repeatLine.at >= report.start {
                    canvas.glyph(
                        Self.unchangedGlyph, x: axis.x(repeatLine.at), y: y + 10,
                        tooltip: "\(report.clock.timeOfDay(repeatLine.at)) \(repeatLine.source.rawValue) refresh: "
                            + "still \"\(repeatLine.text)\"")
                }
            }
            position = last + 1
        }
        offFace(y: y, on: &canvas)
        if let stale = report.staleness(of: family) {
            for span in stale.spans {
                let x0 = axis.x(span.from)
                let spanWidth = axis.x(span.to) - x0
                guard spanWidth >= 0.5 else { continue }  // a pipeline's millisecond lag: invisible at this scale
                // A red band along the lane's foot (the legend's swatch), leaving the text readable.
                canvas.rect(
                    x: x0, y: y + laneHeight - 10, width: spanWidth, height: 8, fill: Self.staleColor,
                    tooltip: "stale \(ComplicationStaleness.displayed(span.duration)) from "
                        + "\(report.clock.timeOfDay(span.from)): shows \"\(span.shown)\", true \"\(span.truth)\"")
            }
        }
    }

    private func offFace(y: Double, on canvas: inout SVGCanvas) {
        let changes = report.model.presence
        for (index, change) in changes.enumerated() where change.presence == .notOnActiveFace {
            let from = max(change.at, report.start)
            let to = index + 1 < changes.count ? min(changes[index + 1].at, report.end) : report.end
            guard to > from else { continue }
            let x0 = axis.x(from)
            let spanWidth = axis.x(to) - x0
            canvas.rect(
                x: x0, y: y, width: spanWidth, height: laneHeight, fill: SVGPalette.offFace,
                extra: "fill-opacity=\"0.45\"",
                tooltip: "not on the active face \(report.clock.timeOfDay(from)) → \(report.clock.timeOfDay(to))")
            let label = "not on the active face"
            if spanWidth > SVGText.width(label, size: 11) + 10 {
                canvas.text(label, x: x0 + spanWidth / 2, y: y + laneHeight / 2 + 4, anchor: .middle)
            }
        }
    }

    private func resets(on canvas: inout SVGCanvas) {
        for reset in report.model.resets where reset >= report.start && reset <= report.end {
            let x = axis.x(reset)
            canvas.line(
                x, top, x, lanesBottom, stroke: SVGPalette.warn, width: 1.5, dash: "5 3",
                tooltip: "budget reset \(report.clock.timeOfDay(reset))")
            canvas.textInside(
                "budget reset \(report.clock.hourMinute(reset))", x: x + 3, y: top - 4, size: 10, fill: SVGPalette.warn)
        }
    }

    // MARK: Helpers

    private func recordTitle(_ record: ComplicationRequestRecord) -> String {
        let what = record.kind == .reload ? "\(record.source.rawValue) reload" : "schedule background refresh"
        let decision = record.outcome.refusal.map { "refused: \($0.rawValue)" } ?? "granted"
        return "\(report.clock.timeOfDay(record.at)) \(what) \(decision), \(record.budgetLeft) left"
    }
}
