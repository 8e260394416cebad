import CompanionModel
import SimulationKernel

/// Tap-to-removal latency as a picture: every run's taps on **one shared axis** (logarithmic
/// when the runs' latencies differ by more than 10×, so 33 ms and 5 s are both readable and
/// never drawn the same size), a histogram per run with its p50/p90/p99 marked, then the
/// mean time per tap of each pipeline step as stacked bars (main queue and background queue
/// apart, with the wait for the main queue behind earlier taps).
package struct LatencyHistogramSVG: SVGPicture {
    /// One run: a pipeline on a watch.
    package struct Series: Sendable {
        /// `"naive on series0-38mm"`.
        package var label: String
        package var latencies: [SimDuration]
        /// Each pipeline step with its summed wall time over all taps.
        package var steps: [(kind: PipelineStepKind, queue: PipelineQueue, total: SimDuration)] = []
        /// Summed time taps waited for the main queue behind earlier taps.
        package var queueing: SimDuration = .zero
    }

    package var title: String
    package var series: [Series]
    package var width: Double = 1080

    let left = 170.0
    let right = 30.0
    let rowHeight = 112.0
    let bins = 48

    /// The shared latency axis (milliseconds): log when the runs' ranges differ by more than 10×.
    package var scale: SVGScale {
        let values = series.flatMap { $0.latencies.map(\.milliseconds) }
        return SVGScale.automatic(values, from: left, to: width - right)
    }

    static let markerGlyph = SVGGlyph(.tick(length: 12), color: "#212529")

    package var canvas: SVGCanvas {
        var canvas = SVGCanvas(width: width, height: 200, title: title)
        var y = canvas.wrappedText(title, x: 12, y: 22, maxWidth: width - 24, size: 14, bold: true, lineHeight: 18)
        let scale = self.scale
        y += 18
        canvas.text(
            "every tap, one axis for all runs"
                + (scale.kind == .log ? " (log scale: the runs differ by more than 10×)" : ""),
            x: 12, y: y, fill: SVGPalette.muted)
        y += 12
        for (index, series) in series.enumerated() {
            histogram(series, index: index, top: y, scale: scale, on: &canvas)
            y += rowHeight
        }
        scale.drawAxis(at: y, ticks: 8, on: &canvas)
        canvas.text("tap-to-removal latency", x: left, y: y + 32, size: 10, fill: SVGPalette.muted)
        y += 40
        var legend: [(glyph: SVGGlyph, label: String)] = series.enumerated().map { index, series in
            (SVGGlyph(.swatch(dash: nil), color: SVGPalette.series(index)), "\(series.label): taps per bin")
        }
        legend.append((Self.markerGlyph, "p50 / p90 / p99 (dashed)"))
        y += canvas.legend(legend, left: 12, top: y, right: width - right) + 14
        y = breakdown(top: y, on: &canvas)
        canvas.height = y + 8
        return canvas
    }

    private func histogram(_ series: Series, index: Int, top: Double, scale: SVGScale, on canvas: inout SVGCanvas) {
        let color = SVGPalette.series(index)
        let stats = LatencyStatistics(series.latencies)
        var heading = series.label + " · \(stats.count) tap\(stats.count == 1 ? "" : "s")"
        if let figures = LatencyReport.figures(stats) { heading += " · " + figures }
        canvas.text(heading, x: 12, y: top + 14, bold: true)
        let plotTop = top + 52
        let plotBottom = top + rowHeight - 8
        canvas.rect(x: left, y: plotTop, width: width - right - left, height: plotBottom - plotTop, fill: "#f8f9fa")
        // Grid lines inside the plot only, under the bars.
        scale.drawGrid(from: plotTop, to: plotBottom, ticks: 8, on: &canvas)
        guard !series.latencies.isEmpty else {
            canvas.text("no tap reached the list", x: left + 8, y: plotBottom - 8, fill: SVGPalette.muted)
            return
        }
        // Bins of equal width in pixels (so equal ratios on a log axis).
        let binWidth = (width - right - left) / Double(bins)
        var counts = [Int](repeating: 0, count: bins)
        for latency in series.latencies {
            let bin = Int((scale.position(latency.milliseconds) - left) / binWidth)
            counts[min(bins - 1, max(0, bin))] += 1
        }
        let peak = Double(counts.max() ?? 1)
        var countLabels: [(left: Double, right: Double, top: Double, bottom: Double)] = []
        for (bin, count) in counts.enumerated() where count > 0 {
            let height = Double(count) / peak * (plotBottom - plotTop - 14)
            let x = left + Double(bin) * binWidth
            canvas.rect(
                x: x + 1, y: plotBottom - height, width: binWidth - 2, height: height, fill: color,
                extra: "fill-opacity=\"0.75\"", tooltip: "\(count) tap\(count == 1 ? "" : "s") in this bin")
            let label = String(count)
            let labelWidth = SVGText.width(label, size: 9)
            if labelWidth <= binWidth {
                let baseline = plotBottom - height - 2
                canvas.groundedText(label, x: x + binWidth / 2, y: baseline, size: 9, anchor: .middle)
                countLabels.append(
                    (x + binWidth / 2 - labelWidth / 2, x + binWidth / 2 + labelWidth / 2, baseline - 9, baseline + 2))
            }
        }
        // Percentile markers: equal values share one label; labels sit in two rows above the
        // plot, right of their line when there is room, else left of it, never on another label.
        var markers: [(value: SimDuration, names: [String])] = []
        for (name, percent) in [("p50", 50), ("p90", 90), ("p99", 99)] {
            guard let value = stats.percentile(percent) else { continue }
            if let last = markers.last, last.value == value {
                markers[markers.count - 1].names.append(name)
            } else {
                markers.append((value, [name]))
            }
        }
        let unit = DurationFormat.unit(for: markers.map(\.value))
        var placed: [[(Double, Double)]] = [[], []]
        for marker in markers {
            let x = scale.position(marker.value.milliseconds)
            let label = marker.names.joined(separator: " = ") + " " + DurationFormat.text(marker.value, unit: unit)
            let labelWidth = SVGText.width(label, size: 9)
            canvas.beginMark()
            // The dashed line, broken around the bar counts it would cross.
            var from = plotTop
            for box in countLabels.sorted(by: { $0.top < $1.top }) where box.left - 1 <= x && x <= box.right + 1 {
                if box.top > from { canvas.line(x, from, x, box.top, stroke: "#212529", width: 1.2, dash: "3 2") }
                from = max(from, box.bottom)
            }
            canvas.line(
                x, from, x, plotBottom, stroke: "#212529", width: 1.2, dash: "3 2",
                tooltip: marker.names.joined(separator: ", ") + ": " + DurationFormat.text(marker.value))
            let candidates = [x + 3, x - 3 - labelWidth].filter { $0 >= left && $0 + labelWidth <= width - right }
            search: for row in [1, 0] {
                for lx in candidates
                where !placed[row].contains(where: { lx < $0.1 + 4 && $0.0 < lx + labelWidth + 4 }) {
                    placed[row].append((lx, lx + labelWidth))
                    canvas.text(label, x: lx, y: plotTop - 6 - Double(1 - row) * 12, size: 9, fill: "#212529")
                    break search
                }
            }
            canvas.endMark()
        }
    }

    /// Mean time per tap of each step, stacked; returns the y below.
    private func breakdown(top: Double, on canvas: inout SVGCanvas) -> Double {
        canvas.text("mean time per tap, by step (main queue and background apart)", x: 12, y: top, size: 12, bold: true)
        var rows: [(label: String, segments: [(name: String, color: String, ms: Double)])] = []
        for series in series {
            let taps = Double(max(1, series.latencies.count))
            var main: [(String, String, Double)] = []
            if series.queueing > .zero {
                main.append(("waiting for main", "#adb5bd", series.queueing.milliseconds / taps))
            }
            var background: [(String, String, Double)] = []
            for step in series.steps where step.total > .zero {
                let entry = (step.kind.name, SVGPalette.step(step.kind), step.total.milliseconds / taps)
                if step.queue.isMain { main.append(entry) } else { background.append(entry) }
            }
            rows.append((series.label + " · main", main))
            if !background.isEmpty { rows.append((series.label + " · background", background)) }
        }
        let total = rows.map { $0.segments.reduce(0) { $0 + $1.ms } }.max() ?? 0
        let barLeft = 260.0
        let barRight = width - right - 80
        let step = SVGScale.niceStep(max(total, 0.001) / 6)
        let scale = SVGScale.linear(0, (max(total, 0.001) / step).rounded(.up) * step, from: barLeft, to: barRight)
        func duration(_ ms: Double) -> SimDuration { SimDuration(nanoseconds: Int64((min(ms, 1e12) * 1e6).rounded())) }
        let totals = DurationFormat.column(rows.map { duration($0.segments.reduce(0) { $0 + $1.ms }) })
        var y = top + 12
        for (rowIndex, row) in rows.enumerated() {
            canvas.text(row.label, x: 12, y: y + 14, size: 10)
            var x = barLeft
            var sum = 0.0
            for segment in row.segments {
                sum += segment.ms
                let next = scale.position(sum)
                canvas.box(
                    x: x, y: y + 2, width: max(0.5, next - x), height: 18, fill: segment.color, label: segment.name,
                    labelColor: "#ffffff", size: 10,
                    tooltip: "\(segment.name): \(DurationFormat.text(duration(segment.ms))) per tap on average")
                x = next
            }
            canvas.text(totals[rowIndex], x: x + 4, y: y + 15, size: 10)
            y += 24
        }
        scale.drawAxis(at: y + 2, ticks: 6, on: &canvas)
        // The steps' colours (a bar too narrow for its name is named here).
        let legend = rows.flatMap(\.segments).uniqued(by: \.name).map {
            (glyph: SVGGlyph(.swatch(dash: nil), color: $0.color), label: $0.name)
        }
        return y + 30 + canvas.legend(legend, left: 12, top: y + 30, right: width - right)
    }
}

extension LatencyHistogramSVG {
    /// The latency picture of `profiles` (runs of one scenario), titled with the scenario's name:
    /// one series per run, labelled with its pipeline and watch.
    init(profiles: [LatencyProfile]) {
        self.init(
            title: "Tap-to-removal latency · \(profiles.first?.scenario.name ?? "")",
            series: profiles.map { profile in
                let run = profile.run
                return Series(
                    label: "\(run.pipeline.name) on \(profile.watch.name)", latencies: run.latencies,
                    steps: zip(run.pipeline.steps, run.stepTotals).map { ($0.kind, $0.queue, $1.wall) },
                    queueing: run.totalQueueingDelay)
            })
    }
}
