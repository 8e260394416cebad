import SimulationKernel

extension SweepResult {
    /// The result as a readable table: one row per cell with its pass rate, tap latency (the
    /// median and p99 of the runs' own p50 and p99, then pooled p99 and max), link faults, missed
    /// reminders and the p99 of stale complication time.
    package var text: String {
        var lines = [
            "sweep     \(plan.name)",
            "file      \(plan.file)",
            "runs      \(plan.runCount) = \(plan.cellCount) cell\(plan.cellCount == 1 ? "" : "s") × seeds "
                + "\(plan.firstSeed)..\(plan.lastSeed)",
            "",
        ]
        let header = [
            "watch", "pipeline", "settings", "runs", "pass", "p50·med", "p99·med", "p99·p99", "pooled p99",
            "max", "lost", "doubled", "reord", "late", "missed", "stale p99",
        ]
        var rows: [[String]] = [header]
        // Durations one way (DurationFormat): tap latencies in milliseconds to three decimals as
        // `latency` prints them (66.667 ms, not 66.6ms), staleness in the unit of its column.
        let durations = cells.map { stats in
            [
                stats.runP50.percentile(50), stats.runP99.percentile(50), stats.runP99.percentile(99),
                stats.pooled.percentile(99), stats.pooled.maximum, stats.stale.percentile(99),
            ]
        }
        let units = (0..<6).map { column in
            column < 5 ? .milliseconds : DurationFormat.unit(for: durations.compactMap { $0[column] })
        }
        func figure(_ row: Int, _ column: Int) -> String {
            durations[row][column].map { DurationFormat.text($0, unit: units[column]) } ?? "-"
        }
        for (index, (cell, stats)) in zip(plan.cells, cells).enumerated() {
            let settings = cell.assignments.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            rows.append([
                cell.watch, cell.pipeline ?? "(scenario)", settings.isEmpty ? "-" : settings, String(stats.runs),
                SweepResult.percent(stats.passed, of: stats.runs), figure(index, 0), figure(index, 1),
                figure(index, 2), figure(index, 3), figure(index, 4), String(stats.lost), String(stats.doubled),
                String(stats.reordered), String(stats.late), String(stats.missedTotal), figure(index, 5),
            ])
        }
        lines += LatencyReport.table(rows, leftColumns: 3)
        let failing = zip(plan.cells, cells).filter { !$0.1.failingSeeds.isEmpty }
        if !failing.isEmpty {
            lines.append("")
            lines.append("failing seeds (smallest \(SweepCellStatistics.failingSeedLimit) per cell)")
            for (cell, stats) in failing {
                let settings = cell.assignments.map { " \($0.key)=\($0.value)" }.joined()
                lines.append(
                    "  \(cell.watch) \(cell.pipeline ?? "(scenario)")\(settings): "
                        + stats.failingSeeds.map(String.init).joined(separator: ", "))
            }
        }
        lines.append("")
        lines.append(
            "p50·med, p99·med: the median over runs of each run's own p50 and p99; p99·p99: the p99 of the runs' p99; "
                + "pooled: over every tap of every run. Figures are fixed-bucket (≤ 0.8 % above the exact value).")
        return lines.joined(separator: "\n")
    }

    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "-" }
        return TraceValue.decimalText(Int64(part * 1_000 / whole), scale: 1) + "%"
    }
}
