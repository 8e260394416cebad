import CompanionModel
import SimulationKernel

/// One message on the watch↔phone link, as the pictures see it.
package struct LinkMessageRecord: Sendable {
    /// How it ended.
    package enum Fate: Sendable, Equatable {
        /// It reached the receiving app.
        case delivered
        /// The sender was told it failed (`reason` as the link gave it).
        case failed(reason: String)
        /// It vanished: no delivery, no error (or the reply was lost).
        case lost(reason: String)
        /// A newer application context replaced it before delivery.
        case superseded
        /// The sender cancelled it.
        case cancelled
        /// Still on its way when the scenario ended.
        case inTransit
    }

    package var id: Int
    /// Which way it went.
    package var direction: LinkRoute
    package var channel: LinkChannel
    package var payload: String
    /// The item it concerns, if any.
    package var item: String?
    package var sent: SimTime
    /// When the receiving app got it.
    package var delivered: SimTime?
    package var fate: Fate = .inTransit
    /// When it ended, if not delivered (the failure, the loss, …).
    package var endedAt: SimTime?
    /// When the transfer was retried (a new radio session after a drop-out).
    package var retries: [SimTime] = []
    /// When a second copy arrived.
    package var duplicates: [SimTime] = []
}

/// A span of time when the link could not carry messages the ordinary way.
package struct LinkBand: Sendable {
    /// What it was; its raw value is what the picture calls it.
    package enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The phone was out of Bluetooth/Wi-Fi range.
        case outOfRange = "out of range"
        /// The phone app was not running (messages wait for its next launch).
        case phoneAppNotRunning = "phone app not running"
        /// The watch app was not running.
        case watchAppNotRunning = "watch app not running"
        /// The watch app ran in the background (the wrist dropped, the face showed the clock).
        case watchAppBackground = "watch app in background"
        /// The watch app was suspended: messages wait until it runs again.
        case watchAppSuspended = "watch app suspended"

        /// Its shading.
        var color: String {
            switch self {
            case .outOfRange: return "#adb5bd"
            case .phoneAppNotRunning, .watchAppNotRunning: return "#ffe066"
            case .watchAppBackground: return "#d0ebff"
            case .watchAppSuspended: return "#e5dbff"
            }
        }
    }

    package var kind: Kind
    package var from: SimTime
    package var to: SimTime
}

/// The link as a sequence diagram on a time axis: the watch and the phone as two horizontal
/// lifelines, each message an arrow from its send (on the sender's line) to its delivery (on
/// the receiver's), coloured by channel and labelled with the channel and delay where there is
/// room (always in the tooltip); failures and losses as red crosses, retries as rings,
/// duplicates as dashed grey arrows; out-of-range spans shaded across both lines,
/// app-not-running spans on that device's line.
package struct LinkSequenceSVG: SVGPicture {
    package var title: String
    package var messages: [LinkMessageRecord]
    package var bands: [LinkBand]
    /// What the user did from a notification (`"complete milk"`) and when, marked on the phone's line.
    package var actions: [(at: SimTime, label: String)] = []
    package var end: SimTime
    package var origin: EpochTime
    package var width: Double = 1080

    let left = 120.0
    let right = 30.0
    let watchY = 96.0
    let phoneY = 236.0

    static func color(_ channel: LinkChannel) -> String {
        switch channel {
        case .interactive: return "#7048e8"
        case .userInfo: return "#1c7ed6"
        case .applicationContext: return "#0c8599"
        case .complication: return "#e67700"
        }
    }

    /// Past this many messages per pixel of axis, arrows give way to counts per time bucket.
    static let arrowSpacing = 36.0

    /// Whether the messages are drawn as counts per bucket instead of one arrow each.
    var aggregated: Bool { Double(messages.count) * Self.arrowSpacing > width - right - left }

    package var canvas: SVGCanvas {
        var canvas = SVGCanvas(width: width, height: 300, title: title)
        canvas.text(title, x: 12, y: 20, size: 14, bold: true)
        let failed = messages.count { if case .failed = $0.fate { true } else { false } }
        let lost = messages.count { if case .lost = $0.fate { true } else { false } }
        let retries = messages.reduce(0) { $0 + $1.retries.count }
        let duplicates = messages.reduce(0) { $0 + $1.duplicates.count }
        canvas.text(
            "\(messages.count) messages · \(messages.count { $0.fate == .delivered }) delivered · \(failed) failed · "
                + "\(lost) lost · \(retries) retries · \(duplicates) duplicates"
                + (aggregated ? " · drawn as counts per \(bucketName) (too many for one arrow each)" : ""),
            x: 12, y: 38, size: 11, fill: SVGPalette.muted)
        let axis = SVGTimeAxis(start: .zero, end: end, origin: origin, left: left, right: width - right)
        let axisY = phoneY + 44
        // The grid first, under everything.
        axis.draw(on: &canvas, y: axisY, gridTop: watchY - 22)
        var bandLabels = LabelRows(rows: [watchY - 34, watchY - 48], left: left, right: width - right)
        for band in bands {
            let x0 = axis.x(band.from)
            let x1 = axis.x(min(band.to, end))
            guard x1 > x0 else { continue }
            let tooltip = "\(band.kind.rawValue) for \(DurationFormat.text(band.to - band.from))"
            switch band.kind {
            case .outOfRange:
                canvas.rect(
                    x: x0, y: watchY - 22, width: x1 - x0, height: phoneY - watchY + 44, fill: band.kind.color,
                    extra: "fill-opacity=\"0.35\"", tooltip: tooltip)
            case .phoneAppNotRunning, .watchAppNotRunning, .watchAppBackground, .watchAppSuspended:
                let y = band.kind == .phoneAppNotRunning ? phoneY : watchY  // the app's own line
                canvas.rect(
                    x: x0, y: y - 14, width: x1 - x0, height: 28, fill: band.kind.color,
                    extra: "fill-opacity=\"0.6\"", tooltip: tooltip)
            }
            let label = band.kind.rawValue + " " + SVGDuration.label(milliseconds: (band.to - band.from).milliseconds)
            bandLabels.place(label, x: x0 + 2, size: 10, color: "#495057", on: &canvas, tooltip: tooltip)
        }
        // Lifelines.
        for (name, y) in [("watch", watchY), ("phone", phoneY)] {
            canvas.line(left, y, width - right, y, stroke: "#343a40", width: 2)
            canvas.text(name, x: 12, y: y + 4, size: 12, bold: true)
        }
        // Labels sit outside the lifelines, at the receiving end: arrows never cross them.
        var below = LabelRows(rows: [phoneY + 26, phoneY + 38], left: left, right: width - right)
        var above = LabelRows(rows: [watchY - 8], left: left, right: width - right)
        if aggregated {
            drawBuckets(axis: axis, on: &canvas)
        } else {
            for message in messages { draw(message, axis: axis, on: &canvas, below: &below, above: &above) }
        }
        for action in actions {
            let x = axis.x(action.at)
            canvas.glyph(Self.actionGlyph, x: x, y: phoneY + 12, tooltip: "notification action: \(action.label)")
            below.place(action.label, x: x + 7, size: 10, color: Self.actionGlyph.color, on: &canvas)
        }
        var legend: [(glyph: SVGGlyph, label: String)] = []
        for channel in LinkChannel.allCases where messages.contains(where: { $0.channel == channel }) {
            legend.append((SVGGlyph(.swatch(dash: nil), color: Self.color(channel)), channel.name))
        }
        // Only what the picture shows.
        if failed + lost > 0 { legend.append((Self.failedGlyph, "failed / lost")) }
        if retries > 0 { legend.append((Self.retryGlyph, "retry")) }
        if duplicates > 0 { legend.append((Self.duplicateGlyph, "duplicate")) }
        for kind in bands.map(\.kind).uniqued(by: \.rawValue) {
            legend.append((SVGGlyph(.swatch(dash: nil), color: kind.color), kind.rawValue))
        }
        if !actions.isEmpty { legend.append((Self.actionGlyph, "notification action")) }
        let used = canvas.legend(legend, left: left, top: axisY + 38, right: width - right)
        canvas.height = axisY + 38 + used + 6
        return canvas
    }

    static let failedGlyph = SVGGlyph(.cross(size: 9), color: SVGPalette.bad)
    static let retryGlyph = SVGGlyph(.dot(radius: 4), color: "#fab005")
    static let actionGlyph = SVGGlyph(.diamond(size: 9), color: "#c2255c")
    static let duplicateGlyph = SVGGlyph(.swatch(dash: "3 2"), color: "#ced4da", outline: "#868e96")

    // MARK: Counts per bucket

    /// The bucket for counts: a minute, or more when a minute is under 8 px.
    var bucket: SimDuration {
        let span = Double(max(1, end.offset.nanoseconds))
        let pixels = max(1, width - right - left)
        for minutes: Int64 in [1, 2, 5, 10, 15, 30, 60, 120, 360, 720, 1440] {
            let step = SimDuration.seconds(60 * minutes)
            if Double(step.nanoseconds) / span * pixels >= 8 { return step }
        }
        return .seconds(86_400)
    }

    private var bucketName: String {
        bucket == .seconds(60) ? "minute" : SVGDuration.label(milliseconds: bucket.milliseconds)
    }

    /// Messages per bucket and direction as bars between the lifelines (watch → phone in the
    /// upper half, phone → watch in the lower), each bar's count above it; failures and losses
    /// still a cross each on the sender's side.
    private func drawBuckets(axis: SVGTimeAxis, on canvas: inout SVGCanvas) {
        let step = bucket.nanoseconds
        let counts = Dictionary(grouping: messages) { $0.sent.offset.nanoseconds / step }.mapValues { bucket in
            (down: bucket.filter { $0.direction == .watchToPhone }, up: bucket.filter { $0.direction != .watchToPhone })
        }
        let peak = Double(counts.values.map { max($0.down.count, $0.up.count) }.max() ?? 1)
        let half = (phoneY - watchY) / 2
        canvas.text("→ phone", x: 12, y: watchY + half / 2 + 8, size: 10, fill: SVGPalette.muted)
        canvas.text("→ watch", x: 12, y: phoneY - half / 2 + 8, size: 10, fill: SVGPalette.muted)
        for key in counts.keys.sorted() {
            guard let entry = counts[key] else { continue }
            let from = SimTime(offset: SimDuration(nanoseconds: key * step))
            let x0 = axis.x(from)
            let x1 = axis.x(min(end, from + bucket))
            for (group, baseline) in [(entry.down, watchY + half - 4), (entry.up, phoneY - 6)] where !group.isEmpty {
                let height = Double(group.count) / peak * (half - 24)
                let delays = group.compactMap { message in message.delivered.map { $0 - message.sent } }.sorted()
                var tooltip = "\(group.count) message\(group.count == 1 ? "" : "s") from "
                tooltip += TraceFormatter(start: origin).text(from)
                if let slowest = delays.last {
                    tooltip += " · delivered \(delays.count), slowest after \(DurationFormat.text(slowest))"
                }
                canvas.rect(
                    x: x0 + 0.5, y: baseline - height, width: max(1, x1 - x0 - 1), height: height,
                    fill: Self.color(group[0].channel), extra: "fill-opacity=\"0.8\"", tooltip: tooltip)
                let label = String(group.count)
                if SVGText.width(label, size: 9) <= x1 - x0 {
                    canvas.text(label, x: (x0 + x1) / 2, y: baseline - height - 2, size: 9, anchor: .middle)
                }
                for message in group where message.fate != .delivered && message.fate != .inTransit {
                    canvas.glyph(Self.failedGlyph, x: axis.x(message.sent), y: baseline + 8, tooltip: tooltip)
                }
            }
        }
    }

    // MARK: One arrow per message

    private func draw(
        _ message: LinkMessageRecord, axis: SVGTimeAxis, on canvas: inout SVGCanvas, below: inout LabelRows,
        above: inout LabelRows
    ) {
        let (fromY, toY, route) =
            message.direction == .watchToPhone ? (watchY, phoneY, "watch → phone") : (phoneY, watchY, "phone → watch")
        let x0 = axis.x(message.sent)
        let color = Self.color(message.channel)
        var tooltip = "message \(message.id) \(message.payload) · \(message.channel.name) \(route) · sent "
        tooltip += TraceFormatter(start: origin).text(message.sent)
        let delay = message.delivered.map { DurationFormat.text($0 - message.sent) }
        switch message.fate {
        case .delivered: tooltip += " · delivered after \(delay ?? "?")"
        case .failed(let reason): tooltip += " · failed: \(reason)"
        case .lost(let reason): tooltip += " · lost: \(reason)"
        case .superseded: tooltip += " · superseded by a newer context"
        case .cancelled: tooltip += " · cancelled"
        case .inTransit: tooltip += " · still in transit at the end"
        }
        if !message.retries.isEmpty {
            tooltip += " · \(message.retries.count) retr\(message.retries.count == 1 ? "y" : "ies")"
        }
        if let delivered = message.delivered {
            let x1 = axis.x(delivered)
            arrow(from: (x0, fromY), to: (x1, toY), color: color, dash: nil, on: &canvas, tooltip: tooltip)
            let label =
                "\(message.channel.name) \(SVGDuration.label(milliseconds: (delivered - message.sent).milliseconds))"
            let width = SVGText.width(label, size: 10)
            if toY == phoneY {
                below.place(label, x: x1 - width / 2, size: 10, color: color, on: &canvas, tooltip: tooltip)
            } else {
                above.place(label, x: x1 - width / 2, size: 10, color: color, on: &canvas, tooltip: tooltip)
            }
        } else {
            let endTime = message.endedAt ?? end
            let x1 = axis.x(endTime)
            let failed = message.fate != .inTransit && message.fate != .superseded && message.fate != .cancelled
            let stopY = fromY + (toY - fromY) * 0.45
            canvas.line(x0, fromY, max(x0, x1), stopY, stroke: color, width: 1.5, dash: "4 3", tooltip: tooltip)
            let glyph = failed ? Self.failedGlyph : SVGGlyph(.dot(radius: 3), color: color)
            canvas.glyph(glyph, x: max(x0, x1), y: stopY, tooltip: tooltip)
        }
        for retry in message.retries {
            canvas.glyph(Self.retryGlyph, x: axis.x(retry), y: fromY, tooltip: "retry of message \(message.id)")
        }
        for duplicate in message.duplicates {
            let x1 = axis.x(duplicate)
            arrow(
                from: (x0, fromY), to: (x1, toY), color: "#868e96", dash: "3 2", on: &canvas,
                tooltip: "duplicate of message \(message.id) arrived " + TraceFormatter(start: origin).text(duplicate))
        }
    }

    private func arrow(
        from: (Double, Double), to: (Double, Double), color: String, dash: String?, on canvas: inout SVGCanvas,
        tooltip: String
    ) {
        canvas.line(from.0, from.1, to.0, to.1, stroke: color, width: 1.5, dash: dash, tooltip: tooltip)
        let direction = to.1 > from.1 ? -1.0 : 1.0
        let head = [to, (to.0 - 4, to.1 + 8 * direction), (to.0 + 4, to.1 + 8 * direction)]
        canvas.path(SVGCanvas.pathData(head) + " Z", stroke: color, fill: color)
    }
}
