import CompanionModel
import SimulationKernel

extension Calibration {
    /// The `"pipeline"` section, as a one-key object to paste into a scenario:
    ///
    /// ```json
    /// {"pipeline": {"name": "calibrated", "steps": [
    ///     {"step": "updateTableModel", "queue": "main", "cost": "1.65ms", "on": "S9"}, …],
    ///   "jitter": {"spread": 0.21, "pauseProbability": 0.004, "pause": "20.1ms", "on": "S9"}}}
    /// ```
    ///
    /// Costs are the measured medians on the recording chip (`"on"`), to the microsecond; the
    /// scenario decoder converts them to the reference chip. The jitter is pooled over all steps
    /// (the engine draws every step with one spread); each step's own spread is in ``summary``.
    package var pipelineSection: JSONValue {
        let chip = JSONValue.string(options.chip.name)
        let stepValues: [JSONValue] = steps.map { step in
            .object(
                JSONObject([
                    ("step", .string(step.name)), ("queue", .string(Calibration.spelling(step.queue))),
                    ("cost", .string(Calibration.millisecondsText(step.cost.median))), ("on", chip),
                ]))
        }
        let pauses = pooledPauses
        let jitter = JSONObject([
            ("spread", .decimal(Calibration.rounded(pooledSpread, scale: 3), scale: 3)),
            ("pauseProbability", .decimal(Calibration.rounded(pauses.probability, scale: 4), scale: 4)),
            ("pause", .string(Calibration.millisecondsText(pauses.pause))), ("on", chip),
        ])
        let pipeline = JSONObject([
            ("name", .string(options.pipelineName)), ("steps", .array(stepValues)), ("jitter", .object(jitter)),
        ])
        return .object(JSONObject([("pipeline", .object(pipeline))]))
    }

    /// What was found and what was ignored, as a table for the terminal.
    package var summary: String {
        var lines = [
            "calibrated \(steps.count) step\(steps.count == 1 ? "" : "s") from \(sampleCount) intervals "
                + "(\(checkOffs) check-offs) measured on \(options.chip.name) (×\(options.chip.relativeSpeed) the S1)",
            "",
        ]
        let header = ["step", "signpost", "queue", "samples", "median", "p90", "spread", "pauses"]
        var rows = [header]
        // One unit and precision per column (DurationFormat), never 17.3ms beside 8.873ms.
        let medians = DurationFormat.column(steps.map { SimDuration(nanoseconds: $0.cost.median) })
        let p90s = DurationFormat.column(steps.map { SimDuration(nanoseconds: $0.cost.p90) })
        for (index, step) in steps.enumerated() {
            rows.append([
                step.name, step.signpost, Calibration.spelling(step.queue), String(step.cost.samples),
                medians[index], p90s[index], Calibration.decimalText(step.cost.spread, scale: 2),
                String(step.cost.pauses.count),
            ])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let padded = row.indices.map { row[$0] + String(repeating: " ", count: widths[$0] - row[$0].count) }
            var line = padded.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append("  " + line)
        }
        let pauses = pooledPauses
        lines += [
            "",
            "jitter (pooled)  spread \(Calibration.decimalText(pooledSpread, scale: 3)), pauses "
                + "\(Calibration.decimalText(pauses.probability * 100, scale: 2)) % of runs, "
                + "\(DurationFormat.text(SimDuration(nanoseconds: pauses.pause))) on \(options.chip.name)",
            "ignored          \(tally.filteredOut) of another subsystem or category, \(tally.incomplete) "
                + "incomplete, \(tally.otherTables) rows of other tables",
        ]
        let mixed = steps.filter { $0.onMainThread > 0 && $0.onMainThread < $0.cost.samples }
        for step in mixed {
            lines.append(
                "note             \(step.signpost): \(step.onMainThread) of \(step.cost.samples) intervals "
                    + "began on the main thread; queue \(Calibration.spelling(step.queue)) by majority")
        }
        return lines.joined(separator: "\n")
    }

    /// The format's spelling of a queue (`"mainAsync"`).
    package static func spelling(_ queue: PipelineQueue) -> String {
        switch queue {
        case .main: return "main"
        case .mainAsync: return "mainAsync"
        case .background: return "background"
        }
    }

    /// Nanoseconds as milliseconds to the microsecond (`"1.713ms"`, `"12ms"`, `"0ms"`).
    package static func millisecondsText(_ nanoseconds: Int64) -> String {
        let micro = (max(0, nanoseconds) + 500) / 1000
        let whole = micro / 1000
        var fraction = String(micro % 1000)
        if fraction == "0" { return "\(whole)ms" }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)ms"
    }

    /// `value` × 10^scale, rounded to the nearest whole number (halves away from zero).
    static func rounded(_ value: Double, scale: Int) -> Int64 {
        var factor = 1.0
        for _ in 0..<scale { factor *= 10 }
        let scaled = value * factor
        guard scaled.isFinite, abs(scaled) < 1e15 else { return 0 }
        return Int64(scaled + (scaled < 0 ? -0.5 : 0.5))
    }

    /// `value` with `scale` decimals (`"0.21"`).
    static func decimalText(_ value: Double, scale: Int) -> String {
        JSONValue.decimal(rounded(value, scale: scale), scale: scale).compact
    }
}
