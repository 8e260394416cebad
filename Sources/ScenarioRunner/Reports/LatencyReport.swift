import CompanionModel
import SimulationKernel

/// Renders one or more ``LatencyProfile``s for `wristsim latency`: a readable report, JSON, or
/// (through ``LatencyHistogramSVG``) a picture.
///
/// JSON shape `wristsim.latency/1` for one profile:
/// `{"schema", "file", "scenario", "watch": {name, chip, relativeSpeed, cores, rowsVisible},
/// "pipeline", "summary": {count, p50Ms, p90Ms, p99Ms, maxMs, queueingTotalMs},
/// "taps": [{tap, item, at, queuedMs, latencyMs}], "steps": [{name, queue, totalMs, cpuMs}],
/// "histogram": {binWidthMs, bins: [{fromMs, toMs, count}]}, "nextItem": [{at, visible, where}]}`.
/// With `--compare`: `{"schema", "file", "runs": [profile, profile]}`.
public struct LatencyReport {
    public var profiles: [LatencyProfile]

    public init(profiles: [LatencyProfile]) {
        self.profiles = profiles
    }

    /// The JSON schema identifier.
    public static let jsonSchema = "wristsim.latency/1"

    // MARK: Text

    /// The human report (one profile in full; several side by side, then each in full).
    public var text: String {
        var lines: [String] = []
        if profiles.count > 1 {
            lines += comparison
            lines.append("")
        }
        for (index, profile) in profiles.enumerated() {
            if index > 0 || profiles.count > 1 { lines.append(String(repeating: "─", count: 72)) }
            lines += LatencyReport.text(profile)
            lines.append("")
        }
        if lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    private var comparison: [String] {
        guard let first = profiles.first else { return [] }
        var rows: [[String]] = [[""] + profiles.map { $0.run.pipeline.name }]
        func add(_ name: String, _ value: (LatencyProfile) -> String) { rows.append([name] + profiles.map(value)) }
        add("taps") { String($0.run.taps.count) }
        for (name, percent) in [("p50", 50), ("p90", 90), ("p99", 99), ("max", 100)] {
            add(name) { $0.run.statistics.percentile(percent).map(LatencyFormat.text) ?? "-" }
        }
        add("queued (total)") { LatencyFormat.text($0.run.totalQueueingDelay) }
        add("main CPU/tap") { profile in
            let main = profile.run.stepTotals.filter { $0.queue.isMain }.reduce(SimDuration.zero) { $0 + $1.cpu }
            return LatencyFormat.text(
                profile.run.taps.isEmpty
                    ? .zero : SimDuration(nanoseconds: main.nanoseconds / Int64(profile.run.taps.count)))
        }
        var lines = [
            "compare   \(first.scenario.name)", "file      \(first.scenario.file)",
            "watch     \(LatencyReport.describe(first.watch))", "",
        ]
        lines += LatencyReport.table(rows, rightAligned: true).map { "  " + $0 }
        return lines
    }

    static func describe(_ watch: WatchModel) -> String {
        let speed = TraceValue.decimalText(Int64((watch.relativeSpeed * 10).rounded()), scale: 1)
        return "\(watch.name) (\(watch.chip.name), ×\(speed), \(watch.cores) core\(watch.cores == 1 ? "" : "s"), "
            + "\(watch.rowsVisible) rows visible)"
    }

    static func text(_ profile: LatencyProfile) -> [String] {
        let run = profile.run
        let formatter = TraceFormatter(start: profile.scenario.start)
        var lines = [
            "latency   \(profile.scenario.name)",
            "file      \(profile.scenario.file)",
            "watch     \(describe(profile.watch))",
            "pipeline  \(run.pipeline.name): "
                + run.pipeline.steps.map { "\($0.name)@\($0.queue.rawValue)" }.joined(separator: " → "),
            "",
        ]
        guard let summary = run.summary else {
            lines.append("no tap reached the list")
            return lines
        }
        lines.append(
            "summary   \(summary.count) taps · p50 \(LatencyFormat.text(summary.p50)) · p90 \(LatencyFormat.text(summary.p90))"
                + " · p99 \(LatencyFormat.text(summary.p99)) · max \(LatencyFormat.text(summary.max))")
        lines.append("queueing  \(LatencyFormat.text(run.totalQueueingDelay)) in total behind earlier taps")
        lines.append("")
        lines.append("taps")
        var rows = [["#", "item", "tap", "queued", "latency"]]
        for tap in run.taps {
            rows.append([
                String(tap.index + 1), profile.item(of: tap), formatter.clock(tap.tap),
                LatencyFormat.text(tap.queueingDelay), LatencyFormat.text(tap.latency),
            ])
        }
        lines += table(rows, rightAligned: true).map { "  " + $0 }
        lines.append("")
        lines.append("steps (time on each queue, all taps)")
        var stepRows = [["step", "queue", "total", "cpu", "per tap"]]
        for total in run.stepTotals {
            stepRows.append([
                total.name, total.queue.rawValue, LatencyFormat.text(total.wall), LatencyFormat.text(total.cpu),
                LatencyFormat.text(SimDuration(nanoseconds: total.wall.nanoseconds / Int64(run.taps.count))),
            ])
        }
        lines += table(stepRows, rightAligned: true).map { "  " + $0 }
        if !profile.visibility.isEmpty {
            lines.append("")
            lines.append("next item at each wrist raise")
            for report in profile.visibility {
                lines.append("  \(formatter.clock(report.time))  \(report.visibility.label)")
            }
        }
        lines.append("")
        lines.append("histogram")
        lines += LatencyHistogram(run.latencies, maxBins: 12).textLines(barWidth: 40).map { "  " + $0 }
        return lines
    }

    /// Aligned columns: the first column left-aligned, the others right-aligned when asked.
    static func table(_ rows: [[String]], rightAligned: Bool) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 || column == 1 && !rightAligned ? cell + pad : pad + cell
            }.joined(separator: "  ").replacingTrailingSpaces()
        }
    }

    // MARK: JSON

    /// One JSON object (one line).
    public var json: String {
        if profiles.count == 1, let profile = profiles.first { return LatencyReport.json(profile, schema: true) }
        var object = JSONObjectText()
        object.add("schema", .string(LatencyReport.jsonSchema))
        object.add("file", .string(profiles.first?.scenario.file ?? ""))
        object.addRaw("runs", profiles.map { LatencyReport.json($0, schema: false) }.jsonArray)
        return object.text
    }

    static func json(_ profile: LatencyProfile, schema: Bool) -> String {
        let run = profile.run
        let formatter = TraceFormatter(start: profile.scenario.start)
        var object = JSONObjectText()
        if schema { object.add("schema", .string(jsonSchema)) }
        object.add("file", .string(profile.scenario.file))
        object.add("scenario", .string(profile.scenario.name))
        var watch = JSONObjectText()
        watch.add("name", .string(profile.watch.name))
        watch.add("chip", .string(profile.watch.chip.name))
        watch.add("relativeSpeed", .decimal(Int64((profile.watch.relativeSpeed * 10).rounded()), scale: 1))
        watch.add("cores", .int(Int64(profile.watch.cores)))
        watch.add("rowsVisible", .int(Int64(profile.watch.rowsVisible)))
        object.addRaw("watch", watch.text)
        object.add("pipeline", .string(run.pipeline.name))
        var summary = JSONObjectText()
        let stats = run.statistics
        summary.add("count", .int(Int64(stats.count)))
        summary.add("p50Ms", stats.percentile(50).map(LatencyFormat.milliseconds))
        summary.add("p90Ms", stats.percentile(90).map(LatencyFormat.milliseconds))
        summary.add("p99Ms", stats.percentile(99).map(LatencyFormat.milliseconds))
        summary.add("maxMs", stats.maximum.map(LatencyFormat.milliseconds))
        summary.add("queueingTotalMs", LatencyFormat.milliseconds(run.totalQueueingDelay))
        object.addRaw("summary", summary.text)
        object.addRaw(
            "taps",
            run.taps.map { tap in
                var entry = JSONObjectText()
                entry.add("tap", .int(Int64(tap.index + 1)))
                entry.add("item", .string(profile.item(of: tap)))
                entry.add("at", .string(formatter.clock(tap.tap)))
                entry.add("offset", .string(tap.tap.description))
                entry.add("queuedMs", LatencyFormat.milliseconds(tap.queueingDelay))
                entry.add("latencyMs", LatencyFormat.milliseconds(tap.latency))
                return entry.text
            }.jsonArray)
        object.addRaw(
            "steps",
            run.stepTotals.map { total in
                var entry = JSONObjectText()
                entry.add("name", .string(total.name))
                entry.add("queue", .string(total.queue.rawValue))
                entry.add("totalMs", LatencyFormat.milliseconds(total.wall))
                entry.add("cpuMs", LatencyFormat.milliseconds(total.cpu))
                return entry.text
            }.jsonArray)
        let histogram = LatencyHistogram(run.latencies, maxBins: 12)
        var bins = JSONObjectText()
        bins.add("binWidthMs", LatencyFormat.milliseconds(histogram.binWidth))
        bins.addRaw(
            "bins",
            histogram.bins.map { bin in
                var entry = JSONObjectText()
                entry.add("fromMs", LatencyFormat.milliseconds(bin.lower))
                entry.add("toMs", LatencyFormat.milliseconds(bin.upper))
                entry.add("count", .int(Int64(bin.count)))
                return entry.text
            }.jsonArray)
        object.addRaw("histogram", bins.text)
        object.addRaw(
            "nextItem",
            profile.visibility.map { report in
                var entry = JSONObjectText()
                entry.add("at", .string(formatter.clock(report.time)))
                entry.add("visible", .bool(report.visibility.isVisible))
                entry.add("where", .string(report.visibility.label))
                return entry.text
            }.jsonArray)
        return object.text
    }

    // MARK: SVG

    /// Every profile's latencies as one SVG (see ``LatencyHistogramSVG``: a shared axis, p50/p90/p99,
    /// the per-step breakdown).
    public var svg: String {
        LatencyHistogramSVG(
            title: "Tap-to-removal latency · \(profiles.first?.scenario.file ?? "")",
            series: profiles.map(LatencyHistogramSVG.Series.init)
        ).document
    }
}

extension String {
    fileprivate func replacingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
