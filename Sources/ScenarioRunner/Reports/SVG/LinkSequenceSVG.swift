import SimulationKernel

/// One message on the watch↔phone link, as the pictures see it.
package struct LinkMessageRecord: Sendable {
    /// Which way it went.
    package enum Direction: Sendable, Equatable {
        case watchToPhone
        case phoneToWatch
    }

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
    package var direction: Direction
    /// `"interactive"`, `"userInfo"`, `"applicationContext"`, `"complication"`.
    package var channel: String
    package var payload: String
    /// The item it concerns, if any.
    package var item: String?
    package var sent: SimTime
    /// When the receiving app got it.
    package var delivered: SimTime?
    package var fate: Fate
    /// When it ended, if not delivered (the failure, the loss, …).
    package var endedAt: SimTime?
    /// When the transfer was retried (a new radio session after a drop-out).
    package var retries: [SimTime]
    /// When a second copy arrived.
    package var duplicates: [SimTime]

    package init(
        id: Int, direction: Direction, channel: String, payload: String, item: String?, sent: SimTime,
        delivered: SimTime? = nil, fate: Fate = .inTransit, endedAt: SimTime? = nil, retries: [SimTime] = [],
        duplicates: [SimTime] = []
    ) {
        self.id = id
        self.direction = direction
        self.channel = channel
        self.payload = payload
        self.item = item
        self.sent = sent
        self.delivered = delivered
        self.fate = fate
        self.endedAt = endedAt
        self.retries = retries
        self.duplicates = duplicates
    }
}

/// A span of time when the link could not carry messages the ordinary way.
package struct LinkBand: Sendable {
    package enum Kind: Sendable, Equatable {
        /// The phone was out of Bluetooth/Wi-Fi range.
        case outOfRange
        /// The phone app was not running (messages wait for its next launch).
        case phoneAppNotRunning
        /// The watch app was not running.
        case watchAppNotRunning
    }

    package var kind: Kind
    package var from: SimTime
    package var to: SimTime

    package init(kind: Kind, from: SimTime, to: SimTime) {
        self.kind = kind
        self.from = from
        self.to = to
    }
}

/// The link as a sequence diagram on a time axis: the watch and the phone as two horizontal
/// lifelines, each message an arrow from its send (on the sender's line) to its delivery (on
/// the receiver's), coloured by channel and labelled with the channel and delay where there is
/// room (always in the tooltip); failures and losses as red crosses, retries as rings,
/// duplicates as dashed grey arrows; out-of-range spans shaded across both lines,
/// app-not-running spans on that device's line.
package struct LinkSequenceSVG: Sendable {
    package var title: String
    package var messages: [LinkMessageRecord]
    package var bands: [LinkBand]
    package var start: SimTime
    package var end: SimTime
    package var origin: EpochTime
    package var width: Double

    package init(
        title: String, messages: [LinkMessageRecord], bands: [LinkBand], start: SimTime, end: SimTime,
        origin: EpochTime, width: Double = 1080
    ) {
        self.title = title
        self.messages = messages
        self.bands = bands
        self.start = start
        self.end = end
        self.origin = origin
        self.width = width
    }

    let left = 120.0
    let right = 30.0
    let watchY = 74.0
    let phoneY = 214.0

    /// The picture as an `<svg>` element.
    package var element: String { canvas.element }
    /// The picture as a standalone SVG file.
    package var document: String { canvas.document }

    static func color(_ channel: String) -> String {
        switch channel {
        case "interactive": return "#7048e8"
        case "userInfo": return "#1c7ed6"
        case "applicationContext": return "#0c8599"
        case "complication": return "#e67700"
        default: return "#495057"
        }
    }

    var canvas: SVGCanvas {
        var canvas = SVGCanvas(width: width, height: 300, title: title)
        canvas.text(title, x: 12, y: 20, size: 14, bold: true)
        let delivered = messages.filter { $0.fate == .delivered }.count
        canvas.text(
            "\(messages.count) messages · \(delivered) delivered · "
                + "\(messages.filter { if case .failed = $0.fate { return true } else { return false } }.count) failed · "
                + "\(messages.filter { if case .lost = $0.fate { return true } else { return false } }.count) lost · "
                + "\(messages.reduce(0) { $0 + $1.retries.count }) retries · "
                + "\(messages.reduce(0) { $0 + $1.duplicates.count }) duplicates",
            x: 12, y: 38, size: 11, fill: SVGPalette.muted)
        let axis = SVGTimeAxis(start: start, end: end, origin: origin, left: left, right: width - right)
        // Bands first, under everything.
        for band in bands {
            let x0 = axis.x(max(band.from, start))
            let x1 = axis.x(min(band.to, end))
            guard x1 > x0 else { continue }
            let span = (band.to - band.from).description
            switch band.kind {
            case .outOfRange:
                canvas.rect(
                    x: x0, y: watchY - 22, width: x1 - x0, height: phoneY - watchY + 44, fill: "#adb5bd",
                    extra: "fill-opacity=\"0.35\"", tooltip: "phone out of range for \(span)")
                if x1 - x0 > 90 {
                    canvas.text(
                        "out of range", x: (x0 + x1) / 2, y: (watchY + phoneY) / 2 + 4, size: 10, anchor: .middle,
                        fill: "#495057")
                }
            case .phoneAppNotRunning, .watchAppNotRunning:
                let y = band.kind == .phoneAppNotRunning ? phoneY : watchY
                let who = band.kind == .phoneAppNotRunning ? "phone" : "watch"
                canvas.rect(
                    x: x0, y: y - 14, width: x1 - x0, height: 28, fill: "#ffe066", extra: "fill-opacity=\"0.55\"",
                    tooltip: "\(who) app not running for \(span)")
                if x1 - x0 > 120 {
                    canvas.text(
                        "\(who) app not running", x: (x0 + x1) / 2, y: y + (who == "phone" ? 26 : -18), size: 10,
                        anchor: .middle, fill: "#8a6d00")
                }
            }
        }
        // Lifelines.
        for (name, y) in [("watch", watchY), ("phone", phoneY)] {
            canvas.line(left, y, width - right, y, stroke: "#343a40", width: 2)
            canvas.text(name, x: 12, y: y + 4, size: 12, bold: true)
        }
        var labelRows: [Double] = [-.infinity, -.infinity, -.infinity]
        for message in messages { draw(message, axis: axis, on: &canvas, labelRows: &labelRows) }
        let axisY = phoneY + 40
        axis.draw(on: &canvas, y: axisY, gridTop: watchY - 22)
        var legend: [(glyph: SVGGlyph, label: String)] = []
        for channel in ["interactive", "userInfo", "applicationContext", "complication"]
        where messages.contains(where: { $0.channel == channel }) {
            legend.append((SVGGlyph(.swatch(dash: nil), color: Self.color(channel)), channel))
        }
        // Only what the picture shows.
        if messages.contains(where: {
            if case .failed = $0.fate { true } else if case .lost = $0.fate { true } else { false }
        }) {
            legend.append((Self.failedGlyph, "failed / lost"))
        }
        if messages.contains(where: { !$0.retries.isEmpty }) { legend.append((Self.retryGlyph, "retry")) }
        if messages.contains(where: { !$0.duplicates.isEmpty }) {
            legend.append((SVGGlyph(.swatch(dash: "3 2"), color: "#ced4da", outline: "#868e96"), "duplicate"))
        }
        if bands.contains(where: { $0.kind == .outOfRange }) {
            legend.append((SVGGlyph(.swatch(dash: nil), color: "#adb5bd"), "out of range"))
        }
        if bands.contains(where: { $0.kind != .outOfRange }) {
            legend.append((SVGGlyph(.swatch(dash: nil), color: "#ffe066"), "app not running"))
        }
        let used = canvas.legend(legend, left: left, top: axisY + 38, right: width - right)
        canvas.height = axisY + 38 + used + 6
        return canvas
    }

    static let failedGlyph = SVGGlyph(.cross(size: 9), color: SVGPalette.bad)
    static let retryGlyph = SVGGlyph(.dot(radius: 4), color: "#fab005")

    private func draw(
        _ message: LinkMessageRecord, axis: SVGTimeAxis, on canvas: inout SVGCanvas,
        labelRows: inout [Double]
    ) {
        let fromY = message.direction == .watchToPhone ? watchY : phoneY
        let toY = message.direction == .watchToPhone ? phoneY : watchY
        let x0 = axis.x(message.sent)
        let color = Self.color(message.channel)
        let route = message.direction == .watchToPhone ? "watch → phone" : "phone → watch"
        var tooltip = "message \(message.id) \(message.payload) · \(message.channel) \(route) · sent "
        tooltip += TraceFormatter(start: origin).clock(message.sent)
        let delay = message.delivered.map { SVGDuration.precise($0 - message.sent) }
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
        let midY = (fromY + toY) / 2
        if let delivered = message.delivered {
            let x1 = axis.x(delivered)
            arrow(from: (x0, fromY), to: (x1, toY), color: color, dash: nil, on: &canvas, tooltip: tooltip)
            label(
                "\(message.channel) \(SVGDuration.label(milliseconds: (delivered - message.sent).milliseconds))",
                x: (x0 + x1) / 2, baseY: midY, color: color, on: &canvas, rows: &labelRows)
        } else {
            let endTime = message.endedAt ?? end
            let x1 = axis.x(endTime)
            let failed = message.fate != .inTransit && message.fate != .superseded && message.fate != .cancelled
            let stopY = fromY + (toY - fromY) * 0.45
            canvas.line(x0, fromY, max(x0, x1), stopY, stroke: color, width: 1.5, dash: "4 3", tooltip: tooltip)
            if failed {
                canvas.glyph(Self.failedGlyph, x: max(x0, x1), y: stopY, tooltip: tooltip)
            } else {
                canvas.glyph(SVGGlyph(.dot(radius: 3), color: color), x: max(x0, x1), y: stopY, tooltip: tooltip)
            }
        }
        for retry in message.retries {
            canvas.glyph(Self.retryGlyph, x: axis.x(retry), y: fromY, tooltip: "retry of message \(message.id)")
        }
        for duplicate in message.duplicates {
            let x1 = axis.x(duplicate)
            arrow(
                from: (x0, fromY), to: (x1, toY), color: "#868e96", dash: "3 2", on: &canvas,
                tooltip: "duplicate of message \(message.id) arrived " + TraceFormatter(start: origin).clock(duplicate))
        }
    }

    private func arrow(
        from: (Double, Double), to: (Double, Double), color: String, dash: String?, on canvas: inout SVGCanvas,
        tooltip: String
    ) {
        canvas.line(from.0, from.1, to.0, to.1, stroke: color, width: 1.5, dash: dash, tooltip: tooltip)
        let direction = to.1 > from.1 ? -1.0 : 1.0
        let head =
            "M\(SVGNumber.text(to.0)) \(SVGNumber.text(to.1)) L\(SVGNumber.text(to.0 - 4)) \(SVGNumber.text(to.1 + 8 * direction)) "
            + "L\(SVGNumber.text(to.0 + 4)) \(SVGNumber.text(to.1 + 8 * direction)) Z"
        canvas.path(head, stroke: color, fill: color)
    }

    /// Places a label in the first of three rows around `baseY` whose last label ends before it
    /// starts (`rows` holds each row's right end); no room in any row: the tooltip carries it.
    ///
    /// - Complexity: O(1).
    private func label(
        _ text: String, x: Double, baseY: Double, color: String, on canvas: inout SVGCanvas,
        rows: inout [Double]
    ) {
        let textWidth = SVGText.width(text, size: 10)
        let x0 = min(max(left, x - textWidth / 2), width - right - textWidth)
        for (index, end) in rows.enumerated() where end < x0 - 4 {
            rows[index] = x0 + textWidth + 4
            let y = baseY - 22 + Double(index) * 22
            canvas.rect(
                x: x0 - 2, y: y - 10, width: textWidth + 4, height: 13, fill: "#ffffff", extra: "fill-opacity=\"0.8\"")
            canvas.text(text, x: x0, y: y, size: 10, fill: color)
            return
        }
    }
}
