import CompanionModel
import SimulationKernel

/// Renders one or more ``LatencyProfile``s for `wristsim latency`: a readable report, JSON, or
/// (through ``LatencyHistogramSVG``) a picture.
///
/// JSON shape `wristsim.latency/2` (`Schemas/latency.schema.json`): `{"schema", "file",
/// "scenario", "runs": [{"watch": {name, chip, relativeSpeed, cores, rowsVisible}, "pipeline",
/// "summary": {count, p50Ms, p90Ms, p99Ms, maxMs, queueingTotalMs}, "taps": [{tap, item, at,
/// queuedMs, latencyMs}], "steps": [{name, queue, totalMs, cpuMs}], "histogram": {binWidthMs,
/// bins: [{fromMs, toMs, count}]}, "nextItem": [{at, visible, where}]}]}`: one run per
/// pipeline × watch asked for.
package struct LatencyReport {
    package var profiles: [LatencyProfile]

    package init(profiles: [LatencyProfile]) {
        self.profiles = profiles
    }

    /// The JSON schema identifier.
    package static let jsonSchema = "wristsim.latency/2"

    // MARK: Text

    /// The human report (one profile in full; several side by side, then each in full).
    package var text: String {
        var lines = profiles.count > 1 ? comparison + [""] : []
        for profile in profiles {
            if profiles.count > 1 { lines.append(String(repeating: "─", count: 72)) }
            lines += LatencyReport.text(profile) + [""]
        }
        if lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    private var comparison: [String] {
        guard let first = profiles.first else { return [] }
        let watches = Set(profiles.map(\.watch.name))
        // One column per run, its figures in one unit: that of the largest it shows.
        let runs = profiles.map { profile in
            let run = profile.run
            let mainCPU = run.stepTotals.filter { $0.queue.isMain }.reduce(SimDuration.zero) { $0 + $1.cpu }
            let figures =
                [50, 90, 99, 100].map(run.statistics.percentile) + [
                    run.totalQueueingDelay,
                    run.taps.isEmpty ? .zero : SimDuration(nanoseconds: mainCPU.nanoseconds / Int64(run.taps.count)),
                ]
            let unit = DurationFormat.unit(for: figures.compactMap { $0 })
            return [watches.count > 1 ? "\(run.pipeline.name) · \(profile.watch.name)" : run.pipeline.name]
                + [String(run.taps.count)] + figures.map { $0.map { DurationFormat.text($0, unit: unit) } ?? "-" }
        }
        let names = ["", "taps", "p50", "p90", "p99", "max", "queued (total)", "main CPU/tap"]
        var lines = ["compare   \(first.scenario.name)", "file      \(first.scenario.file)"]
        lines += profiles.map(\.watch).uniqued(by: \.name).map { "watch     \(LatencyReport.describe($0))" }
        lines.append("")
        lines += LatencyReport.table(columns: [names] + runs).map { "  " + $0 }
        return lines
    }

    static func describe(_ watch: WatchModel) -> String {
        "\(watch.name) (\(watch.chip.name), ×\(WatchesReport.tenths(watch.relativeSpeed).compact), \(watch.cores) core\(watch.cores == 1 ? "" : "s"), "
            + "\(watch.rowsVisible) rows visible)"
    }

    static func text(_ profile: LatencyProfile) -> [String] {
        let run = profile.run
        let clock = profile.outcome.clock
        var lines = [
            "latency   \(profile.scenario.name)",
            "file      \(profile.scenario.file)",
            "watch     \(describe(profile.watch))",
            "pipeline  \(run.pipeline.name): "
                + run.pipeline.steps.map { "\($0.name)@\($0.queue.rawValue)" }.joined(separator: " → "),
            "",
        ]
        let statistics = run.statistics
        guard let figures = figures(statistics) else {
            lines.append("no tap reached the list")
            return lines
        }
        lines.append("summary   \(statistics.count) taps · " + figures)
        lines.append("queueing  \(DurationFormat.text(run.totalQueueingDelay)) in total behind earlier taps")
        lines.append("")
        lines.append("taps")
        let taps = run.taps
        lines += table(columns: [
            ["#"] + taps.map { String($0.index + 1) }, ["item"] + taps.map { profile.items[safe: $0.index] ?? "-" },
            ["tap"] + taps.map { clock.text($0.tap) }, ["queued"] + DurationFormat.column(taps.map(\.queueingDelay)),
            ["latency"] + DurationFormat.column(taps.map(\.latency)),
        ]).map { "  " + $0 }
        lines.append("")
        lines.append("steps (time on each queue, all taps)")
        let totals = run.stepTotals
        let perTap = totals.map { SimDuration(nanoseconds: $0.wall.nanoseconds / Int64(taps.count)) }
        lines += table(columns: [
            ["step"] + totals.map(\.name), ["queue"] + totals.map(\.queue.rawValue),
            ["total"] + DurationFormat.column(totals.map(\.wall)), ["cpu"] + DurationFormat.column(totals.map(\.cpu)),
            ["per tap"] + DurationFormat.column(perTap),
        ]).map { "  " + $0 }
        if !profile.visibility.isEmpty {
            lines.append("")
            lines.append("next item at each wrist raise")
            for report in profile.visibility {
                lines.append("  \(clock.text(report.time))  \(report.visibility.label)")
            }
        }
        lines.append("")
        lines.append("histogram")
        lines += histogramLines(LatencyHistogram(run.latencies, maxBins: 12), barWidth: 40).map { "  " + $0 }
        return lines
    }

    /// The headline figures of `statistics` in one unit, the largest's: `p50 2.033 s · p90 … ·
    /// max 10.200 s`, or `nil` when there are no values.
    static func figures(_ statistics: LatencyStatistics) -> String? {
        guard let p50 = statistics.percentile(50), let p90 = statistics.percentile(90),
            let p99 = statistics.percentile(99), let max = statistics.maximum
        else { return nil }
        let text = DurationFormat.column([p50, p90, p99, max])
        return "p50 \(text[0]) · p90 \(text[1]) · p99 \(text[2]) · max \(text[3])"
    }

    /// `"5.183 s ≤ t < 5.184 s | ######## 8"`: the bins' bounds in one unit and precision.
    static func histogramLines(_ histogram: LatencyHistogram, barWidth: Int) -> [String] {
        let bins = histogram.bins
        let peak = bins.map(\.count).max() ?? 0
        let unit = DurationFormat.unit(for: bins.map(\.upper))
        let lowers = bins.map { DurationFormat.text($0.lower, unit: unit) }
        let uppers = bins.map { DurationFormat.text($0.upper, unit: unit) }
        let lowerWidth = lowers.map(\.count).max() ?? 0
        let upperWidth = uppers.map(\.count).max() ?? 0
        return bins.enumerated().map { index, bin in
            let bar = peak == 0 ? 0 : (bin.count * barWidth + peak - 1) / peak
            let lower = String(repeating: " ", count: lowerWidth - lowers[index].count) + lowers[index]
            let upper = String(repeating: " ", count: upperWidth - uppers[index].count) + uppers[index]
            return "\(lower) ≤ t < \(upper) | " + String(repeating: "#", count: bar)
                + String(repeating: " ", count: barWidth - bar) + " \(bin.count)"
        }
    }

    /// ``table(_:leftColumns:)`` of `columns` given column by column (each with one cell per row).
    static func table(columns: [[String]]) -> [String] {
        table((columns.first ?? []).indices.map { row in columns.map { $0[row] } })
    }

    /// Aligned columns two spaces apart, trailing spaces trimmed: the first `leftColumns` columns
    /// left-aligned, the others right-aligned.
    static func table(_ rows: [[String]], leftColumns: Int = 1) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            let line = row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column < leftColumns ? cell + pad : pad + cell
            }.joined(separator: "  ")
            return String(line.dropLast(line.reversed().prefix { $0 == " " }.count))
        }
    }

    // MARK: JSON

    /// One JSON document, schema `wristsim.latency/2`: `{"schema", "file", "scenario", "runs": […]}`
    /// with one run per profile (one unless `--compare` or several `--watch`).
    package var json: String {
        JSONValue.object([
            "schema": .string(LatencyReport.jsonSchema), "file": .string(profiles.first?.scenario.file ?? ""),
            "scenario": .string(profiles.first?.scenario.name ?? ""),
            "runs": .array(profiles.map(LatencyReport.json)),
        ]).compact
    }

    static func json(_ profile: LatencyProfile) -> JSONValue {
        let run = profile.run
        let clock = profile.outcome.clock
        let stats = run.statistics
        func milliseconds(_ duration: SimDuration?) -> JSONValue { .optional(duration.map(JSONValue.milliseconds)) }
        let histogram = LatencyHistogram(run.latencies, maxBins: 12)
        return [
            "watch": [
                "name": .string(profile.watch.name), "chip": .string(profile.watch.chip.name),
                "relativeSpeed": WatchesReport.tenths(profile.watch.relativeSpeed),
                "cores": .count(profile.watch.cores), "rowsVisible": .count(profile.watch.rowsVisible),
            ],
            "pipeline": .string(run.pipeline.name),
            "summary": [
                "count": .count(stats.count), "p50Ms": milliseconds(stats.percentile(50)),
                "p90Ms": milliseconds(stats.percentile(90)), "p99Ms": milliseconds(stats.percentile(99)),
                "maxMs": milliseconds(stats.maximum), "queueingTotalMs": milliseconds(run.totalQueueingDelay),
            ],
            "taps": .array(
                run.taps.map { tap in
                    [
                        "tap": .count(tap.index + 1),
                        "item": .optional(profile.items[safe: tap.index].map { .string($0) }),
                        "at": .string(clock.iso(tap.tap)), "queuedMs": milliseconds(tap.queueingDelay),
                        "latencyMs": milliseconds(tap.latency),
                    ]
                }),
            "steps": .array(
                run.stepTotals.map { total in
                    [
                        "name": .string(total.name), "queue": .string(total.queue.rawValue),
                        "totalMs": milliseconds(total.wall), "cpuMs": milliseconds(total.cpu),
                    ]
                }),
            "histogram": [
                "binWidthMs": milliseconds(histogram.binWidth),
                "bins": .array(
                    histogram.bins.map { bin in
                        [
                            "fromMs": milliseconds(bin.lower), "toMs": milliseconds(bin.upper),
                            "count": .count(bin.count),
                        ]
                    }),
            ],
            "nextItem": .array(
                profile.visibility.map { report in
                    [
                        "at": .string(clock.iso(report.time)), "visible": .bool(report.visibility.isVisible),
                        "where": .string(report.visibility.label),
                    ]
                }),
        ]
    }

    // MARK: SVG

    /// Every profile's latencies as one SVG (see ``LatencyHistogramSVG``: a shared axis, p50/p90/p99,
    /// the per-step breakdown).
    package var svg: String { LatencyHistogramSVG(profiles: profiles).document }
}
