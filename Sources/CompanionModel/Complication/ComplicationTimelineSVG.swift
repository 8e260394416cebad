import SimulationKernel

/// Draws a ``ComplicationReport`` as an SVG picture, written by hand so the bytes are the same
/// on every run: one lane per family over the scenario, each installed entry a labelled block
/// (dashed when it was supplied ahead), stale spans shaded red, time off the active face grey,
/// a row of reload requests (granted ticks, refused crosses), budget resets as dashed lines,
/// and an hour axis.
public struct ComplicationTimelineSVG: Sendable {
    public var report: ComplicationReport
    /// Total picture width in pixels.
    public var width: Int

    public init(report: ComplicationReport, width: Int = 1200) {
        self.report = report
        self.width = max(400, width)
    }

    private let left = 130.0
    private let right = 36.0
    private let top = 44.0
    private let requestRowHeight = 34.0
    private let laneHeight = 54.0
    private let laneGap = 8.0

    private var plotWidth: Double { Double(width) - left - right }
    private var lanesTop: Double { top + requestRowHeight + laneGap }
    private var lanesBottom: Double {
        lanesTop + Double(report.families.count) * (laneHeight + laneGap)
    }
    private var height: Double { lanesBottom + 78 }

    /// The SVG document.
    ///
    /// - Complexity: O(*e* · *f* + *r*) for *e* entries, *f* families and *r* requests.
    public var document: String {
        var out: [String] = []
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        out.append(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(fmt(height))\" "
                + "viewBox=\"0 0 \(width) \(fmt(height))\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">"
        )
        out.append("<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(fmt(height))\" fill=\"#ffffff\"/>")
        out.append(
            "<text x=\"\(fmt(left))\" y=\"24\" font-size=\"15\" font-weight=\"bold\">"
                + XMLText.escaped(
                    "Complication timeline \(report.clock.timeOfDay(report.start)) – \(report.clock.timeOfDay(report.end))"
                )
                + "</text>")
        out += axis()
        out += requestRow()
        for (index, family) in report.families.enumerated() { out += lane(family, index: index) }
        out += resets()
        out += legend()
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: Parts

    private func axis() -> [String] {
        var out: [String] = []
        let y = lanesBottom + 4
        out.append(line(left, y, left + plotWidth, y, stroke: "#333333"))
        let hour: Int64 = 3_600_000_000_000
        let span = report.end - report.start
        let step: Int64 =
            span > .hours(12) ? 2 * hour : span > .hours(3) ? hour : span > .minutes(90) ? hour / 2 : hour / 4
        let intoStep = (report.clock.startSecondOfDay * 1_000_000_000 + report.start.nanoseconds) % step
        var tick = report.start + SimDuration(nanoseconds: intoStep == 0 ? 0 : step - intoStep)
        var count = 0
        while tick <= report.end, count < 200 {
            let x = xPosition(tick)
            out.append(line(x, top, x, y, stroke: "#e6e6e6"))
            out.append(line(x, y, x, y + 5, stroke: "#333333"))
            out.append(
                "<text x=\"\(fmt(x))\" y=\"\(fmt(y + 18))\" text-anchor=\"middle\" fill=\"#333333\">"
                    + XMLText.escaped(report.clock.hourMinute(tick)) + "</text>")
            tick = tick + SimDuration(nanoseconds: step)
            count += 1
        }
        return out
    }

    private func requestRow() -> [String] {
        var out: [String] = []
        let y = top
        out.append(
            "<rect x=\"\(fmt(left))\" y=\"\(fmt(y))\" width=\"\(fmt(plotWidth))\" height=\"\(fmt(requestRowHeight))\" "
                + "fill=\"#f7f7f7\"/>")
        out.append("<text x=\"10\" y=\"\(fmt(y + 21))\" font-weight=\"bold\">reloads</text>")
        let records = report.records
        let reloads = records.filter { $0.kind == .reload }
        let refused = records.filter { !$0.outcome.isGranted }.count
        out.append(
            "<text x=\"10\" y=\"\(fmt(y + 33))\" font-size=\"10\" fill=\"#666666\">"
                + XMLText.escaped("\(reloads.filter(\.outcome.isGranted).count) granted, \(refused) refused")
                + "</text>")
        for record in records {
            let x = xPosition(record.at)
            let title = "<title>" + XMLText.escaped(recordTitle(record)) + "</title>"
            switch record.outcome {
            case .granted:
                let schedule = record.kind == .scheduleRefresh
                let (y1, y2) = schedule ? (y + 15, y + 21) : (y + 3, y + 14)
                out.append(
                    "<line x1=\"\(fmt(x))\" y1=\"\(fmt(y1))\" x2=\"\(fmt(x))\" y2=\"\(fmt(y2))\" "
                        + "stroke=\"\(schedule ? "#8e8e8e" : "#2f9e44")\" stroke-width=\"1.5\">\(title)</line>")
            case .refused:
                let cy = y + 27
                out.append(
                    "<path d=\"M\(fmt(x - 3.5)) \(fmt(cy - 3.5)) L\(fmt(x + 3.5)) \(fmt(cy + 3.5)) M\(fmt(x - 3.5)) "
                        + "\(fmt(cy + 3.5)) L\(fmt(x + 3.5)) \(fmt(cy - 3.5))\" stroke=\"#e03131\" stroke-width=\"1.6\">"
                        + title + "</path>")
            }
        }
        return out
    }

    private func lane(_ family: ComplicationFamily, index: Int) -> [String] {
        var out: [String] = []
        let y = lanesTop + Double(index) * (laneHeight + laneGap)
        out.append(
            "<rect x=\"\(fmt(left))\" y=\"\(fmt(y))\" width=\"\(fmt(plotWidth))\" height=\"\(fmt(laneHeight))\" "
                + "fill=\"#f1f3f5\"/>")
        out.append(
            "<text x=\"10\" y=\"\(fmt(y + 24))\" font-weight=\"bold\">\(XMLText.escaped(family.rawValue))</text>")
        if let stale = report.staleness(of: family) {
            out.append(
                "<text x=\"10\" y=\"\(fmt(y + 40))\" font-size=\"10\" fill=\"#666666\">"
                    + XMLText.escaped("stale \(ComplicationStaleness.displayed(stale.totalStale))") + "</text>")
        }
        let lines = report.entries.filter { $0.family == family }
        for (position, entry) in lines.enumerated() {
            let from = max(entry.at, report.start)
            let to = position + 1 < lines.count ? min(lines[position + 1].at, report.end) : report.end
            guard to > from else { continue }
            let x0 = xPosition(from)
            let blockWidth = max(1, xPosition(to) - x0)
            let ahead = entry.reloadedAt < entry.at
            let fill = position % 2 == 0 ? "#a5d8ff" : "#d0ebff"
            out.append(
                "<rect x=\"\(fmt(x0))\" y=\"\(fmt(y + 6))\" width=\"\(fmt(blockWidth))\" height=\"\(fmt(laneHeight - 12))\" "
                    + "fill=\"\(fill)\" stroke=\"#1c7ed6\" stroke-width=\"0.8\""
                    + (ahead ? " stroke-dasharray=\"3 2\"" : "")
                    + "><title>"
                    + XMLText.escaped("\(report.clock.timeOfDay(entry.at)) \(family.rawValue): \(entry.text)")
                    + "</title></rect>")
            let label = fitLabel(entry.text, width: blockWidth - 6)
            if !label.isEmpty {
                out.append(
                    "<text x=\"\(fmt(x0 + 3))\" y=\"\(fmt(y + laneHeight / 2 + 4))\" fill=\"#0b3d66\">"
                        + XMLText.escaped(label) + "</text>")
            }
        }
        out += offFace(y: y)
        if let stale = report.staleness(of: family) {
            for span in stale.spans {
                let x0 = xPosition(span.from)
                let spanWidth = xPosition(span.to) - x0
                guard spanWidth >= 0.5 else { continue }  // a pipeline's millisecond lag: invisible at this scale
                out.append(
                    "<rect x=\"\(fmt(x0))\" y=\"\(fmt(y + 2))\" width=\"\(fmt(spanWidth))\" height=\"\(fmt(laneHeight - 4))\" "
                        + "fill=\"#e03131\" fill-opacity=\"0.28\"><title>"
                        + XMLText.escaped(
                            "stale \(ComplicationStaleness.displayed(span.duration)): shows \"\(span.shown)\", true \"\(span.truth)\""
                        )
                        + "</title></rect>")
                out.append(
                    "<rect x=\"\(fmt(x0))\" y=\"\(fmt(y + laneHeight - 5))\" width=\"\(fmt(spanWidth))\" height=\"4\" "
                        + "fill=\"#e03131\"/>")
            }
        }
        return out
    }

    private func offFace(y: Double) -> [String] {
        var out: [String] = []
        let changes = report.model.presence
        for (index, change) in changes.enumerated() where change.presence == .notOnActiveFace {
            let from = max(change.at, report.start)
            let to = index + 1 < changes.count ? min(changes[index + 1].at, report.end) : report.end
            guard to > from else { continue }
            let x0 = xPosition(from)
            let spanWidth = xPosition(to) - x0
            out.append(
                "<rect x=\"\(fmt(x0))\" y=\"\(fmt(y))\" width=\"\(fmt(spanWidth))\" height=\"\(fmt(laneHeight))\" "
                    + "fill=\"#868e96\" fill-opacity=\"0.45\"><title>not on the active face</title></rect>")
            if spanWidth > 130 {
                out.append(
                    "<text x=\"\(fmt(x0 + spanWidth / 2))\" y=\"\(fmt(y + laneHeight / 2 + 4))\" text-anchor=\"middle\" "
                        + "fill=\"#212529\">not on the active face</text>")
            }
        }
        return out
    }

    private func resets() -> [String] {
        report.model.resets.filter { $0 >= report.start && $0 <= report.end }.flatMap { reset -> [String] in
            let x = xPosition(reset)
            return [
                "<line x1=\"\(fmt(x))\" y1=\"\(fmt(top))\" x2=\"\(fmt(x))\" y2=\"\(fmt(lanesBottom))\" stroke=\"#f08c00\" "
                    + "stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>",
                "<text x=\"\(fmt(x + 3))\" y=\"\(fmt(top - 4))\" fill=\"#f08c00\" font-size=\"10\">budget reset</text>",
            ]
        }
    }

    private func legend() -> [String] {
        let y = lanesBottom + 44
        var x = left
        var out: [String] = []
        func item(_ swatch: String, _ label: String) {
            out.append("<rect x=\"\(fmt(x))\" y=\"\(fmt(y - 9))\" " + swatch + "/>")
            out.append("<text x=\"\(fmt(x + 18))\" y=\"\(fmt(y))\">\(XMLText.escaped(label))</text>")
            x += 18 + Double(label.count) * 6.6 + 22
        }
        item("width=\"12\" height=\"10\" fill=\"#a5d8ff\" stroke=\"#1c7ed6\"", "entry")
        item(
            "width=\"12\" height=\"10\" fill=\"#d0ebff\" stroke=\"#1c7ed6\" stroke-dasharray=\"3 2\"",
            "entry supplied ahead")
        item("width=\"12\" height=\"10\" fill=\"#e03131\" fill-opacity=\"0.5\"", "stale")
        item("width=\"12\" height=\"10\" fill=\"#868e96\" fill-opacity=\"0.6\"", "not on face")
        item("width=\"3\" height=\"10\" fill=\"#2f9e44\"", "reload granted")
        item("width=\"3\" height=\"10\" fill=\"#8e8e8e\"", "refresh scheduled")
        item("width=\"10\" height=\"10\" fill=\"#e03131\"", "refused")
        item("width=\"3\" height=\"10\" fill=\"#f08c00\"", "budget reset")
        return out
    }

    // MARK: Helpers

    private func recordTitle(_ record: ComplicationRequestRecord) -> String {
        let what = record.kind == .reload ? "\(record.source.rawValue) reload" : "schedule background refresh"
        let decision = record.outcome.refusal.map { "refused: \($0.rawValue)" } ?? "granted"
        return "\(report.clock.timeOfDay(record.at)) \(what) \(decision), \(record.budgetLeft) left"
    }

    private func xPosition(_ time: SimTime) -> Double {
        let span = Double((report.end - report.start).nanoseconds)
        guard span > 0 else { return left }
        let fraction = Double((time - report.start).nanoseconds) / span
        return left + min(1, max(0, fraction)) * plotWidth
    }

    /// The label that fits `width` pixels (about 6.5 px a character at 12 px): the text, else its
    /// first word (the count), else the text truncated with "…", else nothing.
    private func fitLabel(_ text: String, width: Double) -> String {
        let fits = Int(width / 6.5)
        if text.count <= fits { return text }
        if let word = text.split(separator: " ").first, word.count <= fits { return String(word) }
        if fits < 2 { return "" }
        return String(text.prefix(fits - 1)) + "…"
    }

    private func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String) -> String {
        "<line x1=\"\(fmt(x1))\" y1=\"\(fmt(y1))\" x2=\"\(fmt(x2))\" y2=\"\(fmt(y2))\" stroke=\"\(stroke)\"/>"
    }

    /// A coordinate with one decimal, rendered without Foundation formatting.
    private func fmt(_ value: Double) -> String {
        let tenths = Int64((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }

}
