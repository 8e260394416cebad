import SimulationKernel

/// One `sweep --shard` partial-result file as read: its plan, the runs it covers and the
/// statistics of the cells it has records for (only those: reading a part costs memory for what
/// it lists, not for every cell of the plan).
package struct SweepPart: ShardPart {
    /// The plan the part belongs to.
    package var plan: SweepPlan
    /// The runs the part counts.
    package var covered: RunCoverage
    /// The cells with records, ascending (as the part lists them), and their statistics.
    package var cells: [(index: Int, statistics: SweepCellStatistics)] = []

    /// Reads one partial-result file (JSON Lines written by ``SweepResult/partLines``): its `plan`
    /// record, then its `cell` records.
    ///
    /// Every record must agree with the runs the plan record says the part covers: a cell record
    /// counts exactly the part's runs of that cell (its failing seeds among them), and every cell
    /// the part covers has its record. So a part cut short at a line boundary (what a shard killed
    /// while it wrote leaves), or a record added or edited, is refused rather than merged.
    ///
    /// - Throws: ``SweepError/parts(_:)`` naming `file:line:column` for anything malformed, a
    ///   second plan record, a cell record before the plan, a cell out of range, given twice or out
    ///   of ascending order, or a cell record that does not count the runs the part covers; naming
    ///   the file for cells the part covers without a record.
    /// - Complexity: O(*n* + *r* log *r*) for a file of *n* bytes whose plan covers *r* ranges.
    package static func read(_ bytes: [UInt8], file: String) throws(SweepError) -> SweepPart {
        let part = try PartFileReader.read(
            bytes, file: file, schema: SweepResult.partSchema, record: "cell", writer: "--shard",
            plan: SweepResult.readPlanRecord, SweepResult.readCell)
        let touched = part.covered.cellsTouched(seedsPerCell: part.plan.seedCount)
        guard touched == part.cells.count else {
            throw .parts(
                "\(FileName.display(file)): error: the part covers runs of \(touched) cells but has "
                    + "\(part.cells.count) cell records; it was cut short (a shard stopped while writing?): "
                    + "run that shard again")
        }
        return part
    }
}

extension SweepResult {
    /// A `plan` record: the plan and the runs the part covers.
    fileprivate static func readPlanRecord(_ object: inout ObjectReader, _ context: DecodingContext)
        throws(ScenarioError)
        -> SweepPart
    {
        let plan = try readPlan(try object.required("plan"), context)
        let covered = try RunCoverage.decode(
            try object.required("covered", "an array of [from, to] run ranges"), runs: plan.runCount, context)
        try object.finish()
        return SweepPart(plan: plan, covered: covered)
    }

    /// A `cell` record: one cell's statistics, which must count the part's runs of that cell, after
    /// the cells before it (``SweepResult/partLines`` writes them ascending).
    fileprivate static func readCell(
        _ object: inout ObjectReader, _ node: JSONNode, _ part: inout SweepPart, _ context: DecodingContext
    ) throws(ScenarioError) {
        let cellNode = try object.required("cell", "the cell's index")
        let cell = try cellNode.int(context, in: 0...max(0, part.plan.cellCount - 1))
        let stats = try readStats(try object.required("stats"), context)
        try object.finish()
        if let last = part.cells.last?.index, last >= cell {
            throw context.error(cellNode, "cell \(cell) after cell \(last); expected each cell once, ascending")
        }
        try check(stats, ofCell: cell, against: part, node, context)
        part.cells.append((cell, stats))
    }

    /// Checks that `stats` counts exactly the runs of `cell` that `part` covers: as many runs, the
    /// failing seeds among them and as many as the runs that did not pass (up to the limit kept),
    /// one stale time per run and at most one p50 and p99 per run.
    private static func check(
        _ stats: SweepCellStatistics, ofCell cell: Int, against part: SweepPart, _ node: JSONNode,
        _ context: DecodingContext
    ) throws(ScenarioError) {
        let seeds = part.plan.seedCount
        let first = UInt64(cell) * seeds
        let covered = part.covered.count(in: first..<first + seeds)
        guard UInt64(stats.runs) == covered else {
            throw context.error(
                node,
                "cell \(cell) counts \(stats.runs) runs, but the part covers \(covered) of its runs; "
                    + "expected the records of one --shard run, unedited")
        }
        let failing = min(stats.runs - stats.passed, SweepCellStatistics.failingSeedLimit)
        guard stats.failingSeeds.count == failing,
            stats.failingSeeds.allSatisfy({ seed in
                seed >= part.plan.firstSeed && seed <= part.plan.lastSeed
                    && part.covered.contains(first + (seed - part.plan.firstSeed))
            })
        else {
            throw context.error(
                node, "cell \(cell)'s failing seeds are not \(failing) seeds of the runs the part covers")
        }
        guard stats.stale.total == stats.runs, stats.runP50.total == stats.runP99.total,
            stats.runP50.total <= stats.runs, stats.runsWithLinkFaults <= stats.runs
        else {
            throw context.error(node, "cell \(cell)'s per-run counts do not add up to its \(stats.runs) runs")
        }
    }

    private static func readPlan(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError) -> SweepPlan {
        var object = try ObjectReader(node, context, what: "a sweep plan")
        let file = try object.required("file").string(context)
        let name = try object.required("name").string(context, allowEmpty: true)
        var seeds = try ObjectReader(try object.required("seeds"), context)
        let first = try seeds.required("first").int(context, in: 0...UInt64.max)
        let last = try seeds.required("last").int(context, in: 0...UInt64.max)
        try seeds.finish()
        let watches = try object.required("watches").array(context, nonEmpty: true).map {
            (node) throws(ScenarioError) in try node.string(context)
        }
        let pipelines = try object.required("pipelines").array(context, nonEmpty: true).map {
            (node) throws(ScenarioError) -> String? in node.isNull ? nil : try node.string(context)
        }
        let settings = try object.required("settings").array(context).map { (settingNode) throws(ScenarioError) in
            var setting = try ObjectReader(settingNode, context)
            let key = try setting.required("key").string(context)
            let values = try setting.required("values").array(context, nonEmpty: true).map {
                (node) throws(ScenarioError) in try node.string(context)
            }
            try setting.finish()
            return SweepSetting(key: key, values: values)
        }
        try object.finish()
        return try context.located(node) { () throws(SweepError) in
            try SweepPlan(
                file: file, name: name, firstSeed: first, lastSeed: last, watches: watches, pipelines: pipelines,
                settings: settings)
        }
    }

    private static func readStats(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError)
        -> SweepCellStatistics
    {
        var object = try ObjectReader(node, context, what: "a cell's statistics")
        var stats = SweepCellStatistics()
        let counts = 0...Int(Int32.max) * 1_000_000
        for (key, field) in SweepCellStatistics.fields {
            let value = try object.required(key)
            switch field {
            case .count(let count): stats[keyPath: count] = try value.int(context, in: counts)
            case .failingSeeds:
                let seeds = try value.array(context).map { (node) throws(ScenarioError) in
                    try node.int(context, in: 0...UInt64.max)
                }
                guard seeds.count <= SweepCellStatistics.failingSeedLimit, zip(seeds, seeds.dropFirst()).allSatisfy(<)
                else {
                    throw context.error(
                        node, "expected at most \(SweepCellStatistics.failingSeedLimit) ascending seeds")
                }
                stats.failingSeeds = seeds
            case .histogram(let histogram): stats[keyPath: histogram] = try self.histogram(value, context)
            case .missed:
                stats.missed = try value.array(context).map { (node) throws(ScenarioError) in
                    try node.int(context, in: counts)
                }
                guard stats.missed.count == SweepObservation.missedReasonCodes.count else {
                    throw context.error(value, "expected \(SweepObservation.missedReasonCodes.count) counts")
                }
            }
        }
        try object.finish()
        guard stats.passed <= stats.runs, stats.runs > 0 else {
            throw context.error(node, "expected 1 or more runs and at most as many passed")
        }
        return stats
    }

    private static func histogram(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError)
        -> FixedHistogram
    {
        if case .null = node.value { return FixedHistogram() }
        var object = try ObjectReader(node, context, what: "a histogram or null")
        let minimum = try object.required("minUs").int(context, in: 0...Int.max)
        let maximum = try object.required("maxUs").int(context, in: 0...Int.max)
        let sum = try object.required("sumUs").int(context, in: 0...Int.max)
        let buckets = try pairs(
            try object.required("buckets").array(context, nonEmpty: true), "[bucket, count]",
            0...FixedHistogram.bucketLimit - 1, context
        )
        var exact: [FixedHistogram.Entry]?
        let exactNode = try object.required("exact", "the exact values as [microseconds, count] pairs, or null")
        if case .array(let values) = exactNode.value {
            exact = try pairs(values, "[microseconds, count]", 0...Int.max, context)
        } else if !exactNode.isNull {
            throw context.error(exactNode, "expected an array of [microseconds, count] pairs or null")
        }
        try object.finish()
        guard
            let histogram = FixedHistogram(
                buckets: buckets, minimumMicroseconds: Int64(minimum), maximumMicroseconds: Int64(maximum),
                sumMicroseconds: Int64(sum), exact: exact)
        else {
            throw context.error(node, "the buckets, minimum and maximum do not fit together")
        }
        return histogram
    }

    /// Each of `nodes` as a pair `[key, count]`: a key within `keys`, a positive count.
    private static func pairs(
        _ nodes: [JSONNode], _ what: String, _ keys: ClosedRange<Int>, _ context: DecodingContext
    ) throws(ScenarioError) -> [FixedHistogram.Entry] {
        try nodes.map { (pair) throws(ScenarioError) in
            let entries = try pair.array(context)
            guard entries.count == 2 else { throw context.error(pair, "expected \(what)") }
            return FixedHistogram.Entry(
                key: Int64(try entries[0].int(context, in: keys)),
                count: try entries[1].int(context, in: 1...Int(Int32.max) * 1_000_000))
        }
    }
}
