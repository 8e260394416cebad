import SimulationKernel

extension SweepResult {
    /// The schema of the complete result document.
    package static let schema = "wristsim.sweep/2"
    /// The schema of each partial-result record (JSON Lines).
    package static let partSchema = "wristsim.sweep-part/2"

    /// The complete result as one JSON document (schema `wristsim.sweep/2`): the plan, then per
    /// cell the pass rate, tap-latency distributions, link faults, missed reminders and stale
    /// complication time. Durations are milliseconds (keys end in `Ms`); seeds are numbers
    /// (``JSONValue/seed(_:)``).
    package var json: JSONValue {
        var root = JSONObject()
        root["schema"] = .string(SweepResult.schema)
        root["scenario"] = ["file": .string(plan.file), "name": .string(plan.name)]
        root["seeds"] = ["first": .seed(plan.firstSeed), "last": .seed(plan.lastSeed)]
        root["runs"] = .int(Int64(plan.runCount))
        root["cells"] = .array(zip(plan.cells, cells).map { SweepResult.cellJSON($0, $1) })
        return .object(root)
    }

    static func cellJSON(_ cell: SweepPlan.Cell, _ stats: SweepCellStatistics) -> JSONValue {
        var object = JSONObject()
        object["watch"] = .string(cell.watch)
        object["pipeline"] = cell.pipeline.map(JSONValue.string) ?? .null
        var settings = JSONObject()
        for assignment in cell.assignments { settings[assignment.key] = .string(assignment.value) }
        object["settings"] = .object(settings)
        object["runs"] = .count(stats.runs)
        object["passed"] = .count(stats.passed)
        object["passRate"] = stats.runs == 0 ? .null : .decimal(Int64(stats.passed * 10_000 / stats.runs), scale: 4)
        object["expectationFailures"] = .count(stats.expectationFailures)
        object["invariantFailures"] = .count(stats.invariantFailures)
        object["failingSeeds"] = .array(stats.failingSeeds.map(JSONValue.seed))
        object["taps"] = .count(stats.pooled.total)
        object["tapLatency"] = [
            "pooled": percentiles(stats.pooled),
            "runP50": percentiles(stats.runP50),
            "runP99": percentiles(stats.runP99),
        ]
        object["operations"] = [
            "lost": .count(stats.lost), "doubled": .count(stats.doubled), "reordered": .count(stats.reordered),
            "late": .count(stats.late), "runsWithLinkFaults": .count(stats.runsWithLinkFaults),
        ]
        object["missedReminders"] = [
            "total": .count(stats.missedTotal),
            "byReason": .array(
                zip(SweepObservation.missedReasonCodes, stats.missed).map {
                    ["code": .string($0.0), "count": .count($0.1)]
                }),
        ]
        var stale = percentiles(stats.stale).objectValue ?? JSONObject()
        stale["totalMs"] = .milliseconds(stats.stale.sum)
        object["staleComplication"] = .object(stale)
        return .object(object)
    }

    /// `count`, `minMs`, `meanMs`, `p50Ms`, `p90Ms`, `p99Ms`, `maxMs` (`null` figures when empty).
    static func percentiles(_ histogram: FixedHistogram) -> JSONValue {
        func ms(_ value: SimDuration?) -> JSONValue { value.map(JSONValue.milliseconds) ?? .null }
        return [
            "count": .count(histogram.total), "minMs": ms(histogram.minimum), "meanMs": ms(histogram.mean),
            "p50Ms": ms(histogram.percentile(50)), "p90Ms": ms(histogram.percentile(90)),
            "p99Ms": ms(histogram.percentile(99)), "maxMs": ms(histogram.maximum),
        ]
    }

    // MARK: Partial results

    /// The result as JSON Lines records (schema `wristsim.sweep-part/2`): one `plan` record with
    /// the plan (everything ``SweepPlan`` needs, nothing else) and the runs covered, then one
    /// `cell` record per cell with runs, holding the raw mergeable counts and histogram buckets.
    /// `wristsim merge` reads them back.
    package var partLines: [String] {
        let planJSON: JSONValue = [
            "file": .string(plan.file), "name": .string(plan.name),
            "seeds": ["first": .seed(plan.firstSeed), "last": .seed(plan.lastSeed)],
            "watches": .array(plan.watches.map(JSONValue.string)),
            "pipelines": .array(plan.pipelines.map { $0.map(JSONValue.string) ?? .null }),
            "settings": .array(
                plan.settings.map { ["key": .string($0.key), "values": .array($0.values.map(JSONValue.string))] }),
        ]
        var lines: [JSONValue] = [
            ["schema": .string(SweepResult.partSchema), "record": "plan", "plan": planJSON, "covered": covered.json]
        ]
        for (index, stats) in cells.enumerated() where stats.runs > 0 {
            lines.append(
                [
                    "schema": .string(SweepResult.partSchema), "record": "cell", "cell": .count(index),
                    "stats": SweepResult.rawJSON(stats),
                ])
        }
        return lines.map(\.compact)
    }

    static func rawJSON(_ stats: SweepCellStatistics) -> JSONValue {
        .object(
            JSONObject(
                SweepCellStatistics.fields.map { key, field in
                    switch field {
                    case .count(let count): (key, .count(stats[keyPath: count]))
                    case .failingSeeds: (key, .array(stats.failingSeeds.map(JSONValue.seed)))
                    case .histogram(let histogram): (key, rawJSON(stats[keyPath: histogram]))
                    case .missed: (key, .array(stats.missed.map(JSONValue.count)))
                    }
                }))
    }

    static func rawJSON(_ histogram: FixedHistogram) -> JSONValue {
        guard histogram.total > 0 else { return .null }
        return [
            "minUs": .int(histogram.minimumMicroseconds), "maxUs": .int(histogram.maximumMicroseconds),
            "sumUs": .int(histogram.sumMicroseconds),
            "buckets": .array(histogram.buckets.map { [.int($0.key), .count($0.count)] }),
            "exact": histogram.exact.map { values in .array(values.map { [.int($0.key), .count($0.count)] }) } ?? .null,
        ]
    }
}
