import SimulationKernel

extension SweepResult {
    /// Reads one partial-result file (JSON Lines written by ``partLines``): its `plan` record and
    /// its `cell` records.
    ///
    /// - Throws: ``SweepError/parts(_:)`` naming `file:line:column` for anything malformed, a
    ///   second plan record, a cell record before the plan, or a cell out of range.
    /// - Complexity: O(*n*) in the file's size.
    public static func part(_ bytes: [UInt8], file: String) throws(SweepError) -> SweepResult {
        var result: SweepResult?
        try PartFileReader.read(bytes, file: file, into: &result, read)
        guard let result else { throw .parts("\(file): error: no plan record; expected a file written by --shard") }
        return result
    }

    private static func read(_ node: JSONNode, into result: inout SweepResult?, _ context: DecodingContext)
        throws(ScenarioError)
    {
        var object = try ObjectReader(node, context, what: "a \(partSchema) record")
        let schemaNode = try object.required("schema", "\"\(partSchema)\"")
        guard try schemaNode.string(context) == partSchema else {
            throw context.error(schemaNode, "expected schema \"\(partSchema)\"")
        }
        let recordNode = try object.required("record", "\"plan\" or \"cell\"")
        switch try recordNode.string(context) {
        case "plan":
            guard result == nil else { throw context.error(node, "a second plan record; expected one per file") }
            let plan = try readPlan(try object.required("plan"), context)
            let covered = try RunCoverage.decode(
                try object.required("covered", "an array of [from, to] run ranges"), runs: plan.runCount, context)
            try object.finish()
            result = SweepResult(
                plan: plan, covered: covered,
                cells: Array(repeating: SweepCellStatistics(), count: plan.cellCount))
        case "cell":
            guard var current = result else {
                throw context.error(node, "a cell record before the plan record")
            }
            let cellNode = try object.required("cell", "the cell's index")
            let cell = try cellNode.int(context, in: 0...max(0, current.plan.cellCount - 1))
            let stats = try readStats(try object.required("stats"), context)
            try object.finish()
            guard current.cells[cell].runs == 0 else { throw context.error(cellNode, "cell \(cell) appears twice") }
            current.cells[cell] = stats
            result = current
        default:
            throw context.error(recordNode, "expected \"plan\" or \"cell\"")
        }
    }

    private static func readPlan(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError) -> SweepPlan {
        var object = try ObjectReader(node, context, what: "a sweep plan")
        let file = try object.required("file").string(context)
        let name = try object.required("name").string(context, allowEmpty: true)
        var seeds = try ObjectReader(try object.required("seeds"), context)
        let first = try seed(try seeds.required("first"), context)
        let last = try seed(try seeds.required("last"), context)
        try seeds.finish()
        let watches = try object.required("watches").array(context, nonEmpty: true).map {
            (node) throws(ScenarioError) in try node.string(context)
        }
        let pipelines = try object.required("pipelines").array(context, nonEmpty: true).map {
            (node) throws(ScenarioError) -> String? in
            if case .null = node.value { return nil }
            return try node.string(context)
        }
        var settings: [SweepSetting] = []
        for settingNode in try object.required("settings").array(context) {
            var setting = try ObjectReader(settingNode, context)
            let key = try setting.required("key").string(context)
            let values = try setting.required("values").array(context, nonEmpty: true).map {
                (node) throws(ScenarioError) in try node.string(context)
            }
            try setting.finish()
            settings.append(SweepSetting(key: key, values: values))
        }
        try object.finish()
        do {
            return try SweepPlan(
                file: file, name: name, firstSeed: first, lastSeed: last, watches: watches, pipelines: pipelines,
                settings: settings)
        } catch {
            throw context.error(node, error.description)
        }
    }

    /// A seed as the parts write it (``RunReport/seed(_:)``): a JSON number, or a string of
    /// digits above 2⁶³ − 1.
    static func seed(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError) -> UInt64 {
        switch node.value {
        case .number(let text): if let value = UInt64(text) { return value }
        case .string(let text): if let value = UInt64(text), value > UInt64(Int64.max) { return value }
        default: break
        }
        throw context.error(node, "expected a seed (a whole number from 0), found \(node.kindDescription)")
    }

    private static func readStats(_ node: JSONNode, _ context: DecodingContext) throws(ScenarioError)
        -> SweepCellStatistics
    {
        var object = try ObjectReader(node, context, what: "a cell's statistics")
        func count(_ key: String) throws(ScenarioError) -> Int {
            try object.required(key).int(context, in: 0...Int(Int32.max) * 1_000_000)
        }
        var stats = SweepCellStatistics()
        stats.runs = try count("runs")
        stats.passed = try count("passed")
        stats.expectationFailures = try count("expectationFailures")
        stats.invariantFailures = try count("invariantFailures")
        let seeds = try object.required("failingSeeds").array(context).map {
            (node) throws(ScenarioError) in try seed(node, context)
        }
        guard seeds.count <= SweepCellStatistics.failingSeedLimit, zip(seeds, seeds.dropFirst()).allSatisfy(<)
        else { throw context.error(node, "expected at most \(SweepCellStatistics.failingSeedLimit) ascending seeds") }
        stats.failingSeeds = seeds
        stats.pooled = try histogram(try object.required("pooled"), context)
        stats.runP50 = try histogram(try object.required("runP50"), context)
        stats.runP99 = try histogram(try object.required("runP99"), context)
        stats.lost = try count("lost")
        stats.doubled = try count("doubled")
        stats.reordered = try count("reordered")
        stats.late = try count("late")
        stats.runsWithLinkFaults = try count("runsWithLinkFaults")
        let missedNode = try object.required("missed")
        let missed = try missedNode.array(context).map {
            (node) throws(ScenarioError) in try node.int(context, in: 0...Int(Int32.max) * 1_000_000)
        }
        guard missed.count == SweepObservation.missedReasonCodes.count else {
            throw context.error(missedNode, "expected \(SweepObservation.missedReasonCodes.count) counts")
        }
        stats.missed = missed
        stats.stale = try histogram(try object.required("stale"), context)
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
        var buckets: [(index: Int, count: Int)] = []
        for pair in try object.required("buckets").array(context, nonEmpty: true) {
            let values = try pair.array(context)
            guard values.count == 2 else { throw context.error(pair, "expected [bucket, count]") }
            buckets.append(
                (
                    try values[0].int(context, in: 0...FixedHistogram.bucketLimit - 1),
                    try values[1].int(context, in: 1...Int(Int32.max) * 1_000_000)
                ))
        }
        var exact: [(microseconds: Int64, count: Int)]?
        let exactNode = try object.required("exact", "the exact values as [microseconds, count] pairs, or null")
        if case .array(let pairs) = exactNode.value {
            var values: [(microseconds: Int64, count: Int)] = []
            for pair in pairs {
                let entries = try pair.array(context)
                guard entries.count == 2 else { throw context.error(pair, "expected [microseconds, count]") }
                values.append(
                    (
                        Int64(try entries[0].int(context, in: 0...Int.max)),
                        try entries[1].int(context, in: 1...Int(Int32.max) * 1_000_000)
                    ))
            }
            exact = values
        } else if case .null = exactNode.value {
            exact = nil
        } else {
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
}
