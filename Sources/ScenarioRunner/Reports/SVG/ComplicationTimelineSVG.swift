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
package struct ComplicationTimelineSVG: SVGPicture {
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
    let requestRowHeight = 34.0
    let laneHeight = 50.0
    let laneGap = 8.0

    static let grantedGlyph = SVGGlyph(.tick(length: 12), color: SVGPalette.good)
    static let scheduledGlyph = SVGGlyph(.tick(length: 6), color: "#8e8e8e")
    static let refusedGlyph = SVGGlyph(.cross(size: 8), color: SVGPalette.bad)
    static let unchangedGlyph = SVGGlyph(.tick(length: 8), color: "#0b3d66")
    static let resetGlyph = SVGGlyph(.tick(length: 12), color: SVGPalette.warn)

    private var origin: EpochTime { report.clock.origin ?? EpochTime(secondsSinceEpoch: 0) }

    /// Where one drawing of the lanes goes: its time axis, the top of its reloads row, and the
    /// top and bottom of its lanes.
    struct Frame {
        var axis: SVGTimeAxis
        var top: Double
        var lanesTop: Double
        var lanesBottom: Double
    }

    private func frame(from start: SimTime, to end: SimTime, top: Double) -> Frame {
        let lanesTop = top + requestRowHeight + laneGap
        return Frame(
            axis: SVGTimeAxis(start: start, end: end, origin: origin, left: left, right: width - right), top: top,
            lanesTop: lanesTop, lanesBottom: lanesTop + Double(report.families.count) * (laneHeight + laneGap))
    }

    /// `"Sat 2026-11-21 10:00"`: the date once, then the clock.
    private func when(_ time: SimTime) -> String {
        SVGTimeAxis.dayLabel(origin.adding(time.offset)) + " " + report.clock.hourMinute(time)
    }

    /// The stretch where the shown text changed, when it is under 5 % of the whole axis (a
    /// 5-minute trip in a 17-hour day): drawn again below, zoomed in.
    var zoomSpan: (from: SimTime, to: SimTime)? {
        var changes: [SimTime] = []
        for family in report.families {
            var shown: String?
            for entry in report.entryLines where entry.family == family {
                if let shown, shown != entry.text, entry.at > report.start, entry.at < report.end {
                    changes.append(entry.at)
                }
                shown = entry.text
            }
        }
        guard let first = changes.min(), let last = changes.max(), changes.count >= 3 else { return nil }
        let whole = (report.end - report.start).nanoseconds
        let busy = (last - first).nanoseconds
        guard busy > 0, Double(busy) < Double(whole) * 0.05 else { return nil }
        let pad = SimDuration(nanoseconds: max(busy / 10, 1_000_000_000))
        return (max(report.start, first - pad), min(report.end, last + pad))
    }

    /// The picture, drawn (a standalone file as ``SVGPicture/document``, an element of the HTML
    /// report as ``SVGPicture/element``).
    ///
    /// - Complexity: O(*e* · *f* + *r*) for *e* entries, *f* families and *r* requests.
    package var canvas: SVGCanvas {
        let name = "Complication timeline" + (scenarioName.isEmpty ? "" : " · \(scenarioName)")
        let sameDay = origin.adding(report.start.offset).dateText == origin.adding(report.end.offset).dateText
        let span = when(report.start) + " → " + (sameDay ? report.clock.hourMinute(report.end) : when(report.end))
        var canvas = SVGCanvas(width: width, height: 300, title: name + " · " + span)
        var y = canvas.wrappedText(name, x: 12, y: 22, maxWidth: width - 24, size: 14, bold: true, lineHeight: 18)
        y = canvas.wrappedText(
            span + " · " + subtitle, x: 12, y: y + 20, maxWidth: width - 24, fill: SVGPalette.muted, lineHeight: 15)
        let main = frame(from: report.start, to: report.end, top: y + 24)
        var bottom = draw(main, on: &canvas)
        if let zoom = zoomSpan {
            canvas.text(
                "zoomed in: \(when(zoom.from)) → \(report.clock.hourMinute(zoom.to)), "
                    + "where the shown text changed (under 5 % of the day above)",
                x: 12, y: bottom + 8, bold: true)
            let inset = frame(from: zoom.from, to: zoom.to, top: bottom + 30)
            bottom = draw(inset, on: &canvas)
        }
        let legendTop = bottom
        let used = canvas.legend(
            [
                (SVGGlyph(.swatch(dash: nil), color: "#a5d8ff", outline: "#1c7ed6"), "shown text"),
                (SVGGlyph(.swatch(dash: "3 2"), color: "#d0ebff", outline: "#1c7ed6"), "supplied ahead"),
                (Self.unchangedGlyph, "refresh, same text"),
                (SVGGlyph(.swatch(dash: nil), color: SVGPalette.bad), "stale (shows an old value)"),
                (SVGGlyph(.swatch(dash: nil), color: "#ced4da"), "not on the active face"),
                (Self.grantedGlyph, "reload granted"),
                (Self.scheduledGlyph, "refresh scheduled"),
                (Self.refusedGlyph, "refused (×N: N refusals too close to draw apart)"),
                (Self.resetGlyph, "budget reset"),
            ], left: left, top: legendTop, right: width - right)
        canvas.height = legendTop + used + 6
        return canvas
    }

    /// The reloads row and the lanes in `frame`; returns the y below its axis labels.
    private func draw(_ frame: Frame, on canvas: inout SVGCanvas) -> Double {
        frame.axis.draw(on: &canvas, y: frame.lanesBottom + 2, gridTop: frame.top)
        requestRow(frame, on: &canvas)
        for (index, family) in report.families.enumerated() { lane(family, index: index, frame: frame, on: &canvas) }
        resets(frame, on: &canvas)
        return frame.lanesBottom + 38
    }

    private var subtitle: String {
        let counts = report.requestCounts
        let reasons = counts.refusalTally(separator: " ×")
        let refused = reasons.isEmpty ? "none refused" : "refused: " + reasons.joined(separator: ", ")
        let stale = report.families.compactMap { family in
            report.staleness(of: family).map {
                "\(family.rawValue) stale \(ComplicationStaleness.displayed($0.totalStale))"
            }
        }
        return (["\(counts.granted) reloads granted", refused] + stale).joined(separator: " · ")
    }

    // MARK: Parts

    private func requestRow(_ frame: Frame, on canvas: inout SVGCanvas) {
        let y = frame.top
        let axis = frame.axis
        canvas.rect(x: left, y: y, width: width - right - left, height: requestRowHeight, fill: "#f8f9fa")
        canvas.text("reloads", x: 12, y: y + 21, bold: true)
        var refusals: [(x: Double, tooltip: String)] = []
        for record in report.records where record.at >= axis.start && record.at <= axis.end {
            let x = axis.x(record.at)
            let tooltip = recordTitle(record)
            switch record.outcome {
            case .granted where record.kind != .scheduleRefresh:
                canvas.glyph(Self.grantedGlyph, x: x, y: y + 9, tooltip: tooltip)
            case .granted, .deferred:
                canvas.glyph(Self.scheduledGlyph, x: x, y: y + 20, tooltip: tooltip)
            case .refused:
                refusals.append((x, tooltip))
            }
        }
        // Refusals too close to draw apart are one cross with their count (×7) beside it, every
        // refusal's time and reason in its tooltip.
        var index = 0
        while index < refusals.count {
            var last = index
            func reach(_ count: Int) -> Double {
                count == 1 ? 10 : 10 + SVGText.width("×\(count)", size: 9) + 4
            }
            while last + 1 < refusals.count, refusals[last + 1].x - refusals[index].x < reach(last + 2 - index) {
                last += 1
            }
            let count = last - index + 1
            let x = refusals[index].x
            let tooltip = refusals[index...last].map(\.tooltip).joined(separator: "\n")
            canvas.glyph(Self.refusedGlyph, x: x, y: y + 27, tooltip: tooltip)
            if count > 1 {
                canvas.text("×\(count)", x: x + 6, y: y + 31, size: 9, fill: SVGPalette.bad, tooltip: tooltip)
            }
            index = last + 1
        }
    }

    private func lane(_ family: ComplicationFamily, index: Int, frame: Frame, on canvas: inout SVGCanvas) {
        let y = frame.lanesTop + Double(index) * (laneHeight + laneGap)
        let axis = frame.axis
        let start = max(report.start, frame.axis.start)
        let end = min(report.end, frame.axis.end)
        canvas.rect(x: left, y: y, width: width - right - left, height: laneHeight, fill: SVGPalette.lane)
        canvas.text(family.rawValue, x: 12, y: y + 22, bold: true)
        if let stale = report.staleness(of: family) {
            canvas.text(
                "stale \(ComplicationStaleness.displayed(stale.totalStale))", x: 12, y: y + 38, size: 10,
                fill: SVGPalette.muted)
        }
        let lines = report.entryLines.filter { $0.family == family }
        var position = 0
        var boxIndex = 0
        while position < lines.count {
            // One box per run of the same text.
            var last = position
            while last + 1 < lines.count, lines[last + 1].text == lines[position].text { last += 1 }
            let first = lines[position]
            let from = max(first.at, start)
            let to = last + 1 < lines.count ? min(lines[last + 1].at, end) : end
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
                    label: first.text, labelColor: "#0b3d66", size: 11, tooltip: tooltip, verbatim: true)
                boxIndex += 1
            }
            if last > position {
                for repeatLine in lines[(position + 1)...last] where repeatLine.at >= start && repeatLine.at <= end {
                    canvas.glyph(
                        Self.unchangedGlyph, x: axis.x(repeatLine.at), y: y + 10,
                        tooltip: "\(report.clock.timeOfDay(repeatLine.at)) \(repeatLine.source.rawValue) refresh: "
                            + "still \"\(repeatLine.text)\"")
                }
            }
            position = last + 1
        }
        offFace(y: y, axis: axis, on: &canvas)
        if let stale = report.staleness(of: family) {
            for span in stale.spans {
                let x0 = axis.x(span.from)
                let spanWidth = axis.x(span.to) - x0
                guard spanWidth >= 0.5 else { continue }  // a pipeline's millisecond lag: invisible at this scale
                // A red band along the lane's foot (the legend's swatch), leaving the text readable.
                canvas.rect(
                    x: x0, y: y + laneHeight - 10, width: spanWidth, height: 8, fill: SVGPalette.bad,
                    tooltip: "stale \(ComplicationStaleness.displayed(span.duration)) from "
                        + "\(report.clock.timeOfDay(span.from)): shows \"\(span.shown)\", true \"\(span.truth)\"")
            }
        }
    }

    private func offFace(y: Double, axis: SVGTimeAxis, on canvas: inout SVGCanvas) {
        for (from, to) in report.offActiveFace {
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

    private func resets(_ frame: Frame, on canvas: inout SVGCanvas) {
        let top = frame.top
        for reset in report.model.resets where reset >= frame.axis.start && reset <= frame.axis.end {
            let x = frame.axis.x(reset)
            canvas.line(
                x, top, x, frame.lanesBottom, stroke: SVGPalette.warn, width: 1.5, dash: "5 3",
                tooltip: "budget reset \(report.clock.timeOfDay(reset))")
            // The label stays inside the picture: at the line when it fits, else pushed in from the edge.
            let label = "budget reset \(report.clock.hourMinute(reset))"
            let labelX = min(max(4, x + 3), max(4, width - 4 - SVGText.width(label, size: 10)))
            canvas.text(label, x: labelX, y: top - 4, size: 10, fill: SVGPalette.warn)
        }
    }

    // MARK: Helpers

    private func recordTitle(_ record: ComplicationRequestRecord) -> String {
        let what = record.kind == .reload ? "\(record.source.rawValue) reload" : "schedule background refresh"
        let decision =
            record.outcome.refusal.map { "refused: \($0.rawValue)" }
            ?? record.outcome.deferredUntil.map { "deferred to \(report.clock.timeOfDay($0))" } ?? "granted"
        return "\(report.clock.timeOfDay(record.at)) \(what) \(decision), \(record.budgetLeft) left"
    }
}
