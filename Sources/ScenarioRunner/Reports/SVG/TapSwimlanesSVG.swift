import CompanionModel
import SimulationKernel

/// The seed story in one picture: for one tap, what each queue of the watch did from the
/// finger touching the row until the row was gone, under each pipeline, stacked **on one time
/// axis** (milliseconds after the tap) so a 5 s naive tap and a 33 ms optimized one are drawn
/// to the same scale.
///
/// Each run is a block of lanes: the main queue (this tap's steps in colour, other taps' work
/// that kept main busy in grey), each background queue, the 60 Hz frame clock with the frame
/// that showed the row gone, and the link (the check-off message from send to delivery).
package struct TapSwimlanesSVG: SVGPicture {
    /// One pipeline's run, and the messages it sent for the link lane.
    package struct Run: Sendable {
        package var profile: LatencyProfile
        package var messages: [LinkMessageRecord]
    }

    package var title: String
    package var runs: [Run]
    /// The index into each run's taps of the tap to draw.
    package var tap: Int
    package var width: Double = 1080

    let left = 150.0
    let right = 24.0
    let laneHeight = 24.0
    let laneGap = 4.0
    let blockHeader = 34.0

    /// The time after the tap the axis of `runs` ends at: the latest row-gone or step end of any
    /// drawn tap, and a link delivery when it is not far beyond that.
    func extent(of runs: [Run]) -> Double {
        let drawn = runs.compactMap { run in run.profile.run.taps[safe: tap].map { (run, $0) } }
        let extent = drawn.reduce(1.0) { max($0, ($1.1.finished - $1.1.tap).milliseconds, $1.1.latency.milliseconds) }
        var withLink = extent
        for (run, tap) in drawn {
            for message in messages(of: run, tap: tap) {
                if let arrived = message.delivered, (arrived - tap.tap).milliseconds <= extent * 3 {
                    withLink = max(withLink, (arrived - tap.tap).milliseconds)
                }
            }
        }
        let step = SVGScale.niceCeiling(withLink / 10)
        return (withLink * 1.02 / step).rounded(.up) * step
    }

    /// A run whose own span is under this share of the shared axis gets its own zoomed axis.
    static let zoomBelow = 0.05

    package var canvas: SVGCanvas {
        var canvas = SVGCanvas(width: width, height: 100, title: title)
        canvas.text(title, x: 12, y: 20, size: 14, bold: true)
        let shared = extent(of: runs)
        let scale = SVGScale.linear(0, shared, from: left, to: width - right)
        var y = 34.0
        var zoomed = false
        for run in runs {
            let own = extent(of: [run])
            if own < shared * Self.zoomBelow {
                // Under 5 % of the shared axis this run would be a sliver: a zoomed inset with its
                // own axis, said so in its header.
                zoomed = true
                let inset = SVGScale.linear(0, own, from: left, to: width - right)
                y = block(run, on: &canvas, top: y, scale: inset, zoom: shared / own)
                y = axis(inset, at: y - 6, on: &canvas, note: nil) + 8
            } else {
                y = block(run, on: &canvas, top: y, scale: scale, zoom: nil)
            }
        }
        // One axis for every block drawn to the shared scale.
        let axisBottom = axis(
            scale, at: y + 4, on: &canvas,
            note: "time after the tap (one axis for "
                + (zoomed ? "the pipelines not zoomed in above)" : "both pipelines)"))
        var items = runs.flatMap(\.profile.run.pipeline.steps).uniqued(by: \.name).map {
            (glyph: SVGGlyph(.swatch(dash: nil), color: SVGPalette.step($0.kind)), label: $0.name)
        }
        items.append((SVGGlyph(.swatch(dash: nil), color: "#ced4da"), "other taps' work"))
        items.append((SVGGlyph(.tick(length: 12), color: SVGPalette.bad), "row gone (frame drawn)"))
        let used = canvas.legend(items, left: left, top: axisBottom + 8, right: width - right)
        canvas.height = axisBottom + 8 + used + 8
        return canvas
    }

    /// An axis line at `y` with ticks "tap", "+10 ms", …; returns the y below its labels.
    private func axis(_ scale: SVGScale, at y: Double, on canvas: inout SVGCanvas, note: String?) -> Double {
        scale.drawAxis(at: y, ticks: 10, on: &canvas) { $0 == 0 ? "tap" : "+" + SVGDuration.label(milliseconds: $0) }
        guard let note else { return y + 20 }
        canvas.text(note, x: left, y: y + 32, size: 10, fill: SVGPalette.muted)
        return y + 36
    }

    /// A lane's name and background, with the axis's grid lines through it (under the bars).
    private func lane(_ name: String, y: Double, scale: SVGScale, on canvas: inout SVGCanvas) {
        canvas.rect(x: left, y: y, width: width - right - left, height: laneHeight, fill: SVGPalette.lane)
        scale.drawGrid(from: y, to: y + laneHeight, ticks: 10, stroke: "#dee2e6", on: &canvas)
        canvas.text(name, x: 12, y: y + laneHeight / 2 + 4)
    }

    /// Draws one run's block from `top`; returns the y below it.
    private func block(_ run: Run, on canvas: inout SVGCanvas, top: Double, scale: SVGScale, zoom: Double?) -> Double {
        guard let tap = run.profile.run.taps[safe: self.tap] else {
            canvas.text("\(run.profile.run.pipeline.name): no tap to draw", x: 12, y: top + 18, bold: true)
            return top + blockHeader
        }
        let origin = tap.tap
        func x(_ time: SimTime) -> Double { scale.position((time - origin).milliseconds) }
        let item = run.profile.items[safe: tap.index] ?? "-"
        let unit = DurationFormat.unit(for: [tap.latency, tap.queueingDelay])
        let queued =
            tap.queueingDelay > .zero
            ? " · waited \(DurationFormat.text(tap.queueingDelay, unit: unit)) for main" : ""
        let zoomNote = zoom.map { " · zoomed ×\(Int($0.rounded())): its own axis below" } ?? ""
        canvas.text(
            "\(run.profile.run.pipeline.name) on \(run.profile.run.watch.name) · tap \(tap.index + 1) (\(item)) · row gone after "
                + DurationFormat.text(tap.latency, unit: unit) + queued + zoomNote,
            x: 12, y: top + 22, size: 12, bold: true)
        var y = top + blockHeader
        let backgroundQueues = run.profile.run.pipeline.steps.contains { !$0.queue.isMain }
        let lanes: [(name: String, main: Bool?)] =
            [("main queue", true)] + (backgroundQueues ? [("background queue", false)] : [])
        let extent = scale.upper
        let windowEnd = origin + SimDuration(nanoseconds: Int64(extent * 1_000_000))
        for lane in lanes {
            self.lane(lane.name, y: y, scale: scale, on: &canvas)
            for other in run.profile.run.taps {
                for (index, stepRun) in other.steps.enumerated() {
                    let step = run.profile.run.pipeline.steps[index]
                    guard step.queue.isMain == lane.main, stepRun.end > origin, stepRun.start < windowEnd,
                        stepRun.end > stepRun.start
                    else { continue }
                    let mine = other.index == tap.index
                    let x0 = x(max(stepRun.start, origin))
                    let x1 = x(min(stepRun.end, windowEnd))
                    let tooltip =
                        "tap \(other.index + 1) (\(run.profile.items[safe: other.index] ?? "-")) · \(step.name) on \(step.queue.rawValue): "
                        + "+\(DurationFormat.text(stepRun.start - origin, unit: unit)) → "
                        + "+\(DurationFormat.text(stepRun.end - origin, unit: unit)) "
                        + "(\(DurationFormat.text(stepRun.wall)), CPU \(DurationFormat.text(stepRun.cpu)))"
                    canvas.box(
                        x: x0, y: y + 2, width: max(1, x1 - x0), height: laneHeight - 4,
                        fill: mine ? SVGPalette.step(step.kind) : "#ced4da",
                        extra: mine ? "" : "fill-opacity=\"0.8\"", label: step.name,
                        labelColor: mine ? "#ffffff" : "#495057", size: 10, tooltip: tooltip)
                }
            }
            y += laneHeight + laneGap
        }
        // Frame clock.
        let framesPerSecond = FrameClock.framesPerSecond  // every pipeline session's clock
        lane("frames (\(framesPerSecond) Hz)", y: y, scale: scale, on: &canvas)
        let frame = 1_000.0 / Double(framesPerSecond)
        let frameWidth = scale.position(frame) - scale.position(0)
        if frameWidth >= 4 {
            var count = 0
            var t = ((origin.offset.milliseconds / frame).rounded(.up) * frame) - origin.offset.milliseconds
            while t <= extent, count < 400 {
                let fx = scale.position(t)
                canvas.line(fx, y + 6, fx, y + laneHeight - 6, stroke: "#adb5bd")
                t += frame
                count += 1
            }
        }
        let gone = x(tap.rowGone)
        // The row-gone mark across the frame lane only (over the step bars it would strike
        // through their names).
        canvas.line(
            gone, y, gone, y + laneHeight, stroke: SVGPalette.bad, width: 2,
            tooltip:
                "row gone at +\(DurationFormat.text(tap.latency, unit: unit)) (first frame after the removal committed)"
        )
        let goneLabel = "row gone +" + DurationFormat.text(tap.latency, unit: unit)
        let labelWidth = SVGText.width(goneLabel, size: 10, bold: true)
        let labelX = gone + 4 + labelWidth < width - right ? gone + 4 : gone - 4 - labelWidth
        canvas.ground(x: labelX, width: labelWidth, y: y + 4, height: laneHeight - 8, pad: 1, opacity: "0.85")
        canvas.text(goneLabel, x: labelX, y: y + laneHeight / 2 + 4, size: 10, bold: true, fill: SVGPalette.bad)
        y += laneHeight + laneGap
        // Link.
        lane("link → phone", y: y, scale: scale, on: &canvas)
        let sent = messages(of: run, tap: tap)
        if sent.isEmpty {
            canvas.text(
                run.profile.run.pipeline.steps.contains { $0.kind == .sendMessageToPhone }
                    ? "no message within the window" : "this pipeline sends nothing",
                x: left + 6, y: y + laneHeight / 2 + 4, size: 10, fill: SVGPalette.muted)
        }
        for message in sent {
            let x0 = x(message.sent)
            let end = message.delivered ?? windowEnd
            let x1 = x(min(end, windowEnd))
            let beyond = end > windowEnd
            let delay = message.delivered.map { DurationFormat.text($0 - message.sent) }
            let label =
                "\(message.channel.name) " + (delay.map { beyond ? "delivered after \($0) →" : $0 } ?? "not delivered")
            let boxWidth = max(1, x1 - x0)
            let inside = canvas.box(
                x: x0, y: y + 4, width: boxWidth, height: laneHeight - 8, fill: "#e5dbff", stroke: "#7048e8",
                extra: beyond ? "stroke-dasharray=\"4 2\"" : "", label: label, size: 10,
                tooltip: "message \(message.id) \(message.payload) on \(message.channel.name): sent +"
                    + DurationFormat.text(message.sent - origin)
                    + (delay.map { ", delivered \($0) later" } ?? ", not delivered"))
            if !inside {
                // Too narrow for its label: the label beside the box, on a white ground.
                let labelWidth = SVGText.width(label, size: 10)
                let beside = x0 + boxWidth + 4 + labelWidth <= width - right ? x0 + boxWidth + 4 : x0 - 4 - labelWidth
                if beside >= left {
                    canvas.ground(x: beside, width: labelWidth, y: y + 5, height: laneHeight - 10)
                    canvas.text(label, x: beside, y: y + laneHeight / 2 + 4, size: 10, fill: "#5f3dc4")
                }
            }
        }
        y += laneHeight + laneGap
        return y + 10
    }

    private func messages(of run: Run, tap: TapOutcome) -> [LinkMessageRecord] {
        guard let send = tap.messageSend else { return [] }
        let item = run.profile.items[safe: tap.index]
        return run.messages.filter { $0.item == item && $0.sent >= send.started && $0.direction == .watchToPhone }
            .prefix(1).map { $0 }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { index >= 0 && index < count ? self[index] : nil }

    /// The elements whose `key` no earlier element has, in order.
    ///
    /// - Complexity: O(*n*) hashing.
    func uniqued(by key: (Element) -> String) -> [Element] {
        var seen = Set<String>()
        return filter { seen.insert(key($0)).inserted }
    }
}
