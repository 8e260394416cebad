import SimulationKernel

extension ExploreReport {
    /// The schema of the complete report document.
    package static let schema = "wristsim.explore/1"
    /// The schema of each partial-result record (JSON Lines).
    package static let partSchema = "wristsim.explore-part/1"

    /// The report as one JSON document (schema `wristsim.explore/1`): the scenario file, the base
    /// seed, the runs, how many broke an invariant, and the failing runs of the smallest run
    /// numbers with their seeds and failures (`code` `invariantBroken` beside the message).
    package var json: JSONValue {
        var root = JSONObject()
        root["schema"] = .string(ExploreReport.schema)
        root["file"] = .string(plan.file)
        root["seed"] = .seed(plan.seed)
        root["runs"] = .int(Int64(runs))
        root["failed"] = .count(failed)
        root["failures"] = .array(
            failures.map { failure in
                [
                    "run": .int(Int64(failure.run)), "seed": .seed(failure.seed),
                    "failures": .array(
                        failure.failures.map { RunReport.reason(code: "invariantBroken", message: $0) }),
                ]
            })
        return .object(root)
    }

    /// The report as JSON Lines records (schema `wristsim.explore-part/1`): one `plan` record with
    /// the runs covered and the counts, then one `failure` record per kept failure. `wristsim
    /// merge` reads them back.
    package var partLines: [String] {
        var lines: [JSONValue] = [
            [
                "schema": .string(ExploreReport.partSchema), "record": "plan",
                "plan": [
                    "file": .string(plan.file), "seed": .seed(plan.seed), "runs": .int(Int64(plan.runs)),
                ],
                "covered": covered.json,
                "runs": .int(Int64(runs)), "failed": .count(failed),
            ]
        ]
        for failure in failures {
            lines.append(
                [
                    "schema": .string(ExploreReport.partSchema), "record": "failure", "run": .int(Int64(failure.run)),
                    "seed": .seed(failure.seed), "failures": .array(failure.failures.map(JSONValue.string)),
                ])
        }
        return lines.map(\.compact)
    }

    /// Reads one partial-result file (JSON Lines written by ``partLines``).
    ///
    /// - Throws: ``SweepError/parts(_:)`` naming `file:line:column` for anything malformed, a
    ///   second plan record, a failure record before the plan, or a failure outside the runs covered.
    /// - Complexity: O(*n*) in the file's size.
    package static func read(_ bytes: [UInt8], file: String) throws(SweepError) -> ExploreReport {
        let report = try PartFileReader.read(
            bytes, file: file, schema: partSchema, record: "failure", writer: "'explore --shard'", plan: readPlan,
            readFailure)
        guard report.failures.count == min(report.failed, keptFailures) else {
            throw .parts(
                "\(FileName.display(file)): error: expected \(min(report.failed, keptFailures)) failure records")
        }
        return report
    }

    /// A `plan` record: the plan, the runs the part covers and its counts.
    private static func readPlan(_ object: inout ObjectReader, _ context: DecodingContext) throws(ScenarioError)
        -> ExploreReport
    {
        var planObject = try ObjectReader(try object.required("plan"), context, what: "an exploration plan")
        let plan = ExplorePlan(
            file: try planObject.required("file").string(context),
            seed: try planObject.required("seed").int(context, in: 0...UInt64.max),
            runs: UInt64(try planObject.required("runs").int(context, in: 1...100_000_000)))
        try planObject.finish()
        let covered = try RunCoverage.decode(
            try object.required("covered", "an array of [from, to] run ranges"), runs: plan.runs, context)
        var read = ExploreReport(plan: plan, covered: covered)
        let total = read.runs
        _ = try object.required("runs").int(context, in: total...total)
        read.failed = try object.required("failed").int(context, in: 0...total)
        try object.finish()
        return read
    }

    /// A `failure` record: one failing run among those the part covers, in ascending run order.
    private static func readFailure(
        _ object: inout ObjectReader, _ node: JSONNode, _ report: inout ExploreReport, _ context: DecodingContext
    ) throws(ScenarioError) {
        let runNode = try object.required("run")
        let run = UInt64(try runNode.int(context, in: 0...Int(report.plan.runs)))
        guard report.covered.contains(run) else {
            throw context.error(runNode, "run \(run) is not among the runs this part covers")
        }
        guard report.failures.last.map({ $0.run < run }) ?? true else {
            throw context.error(runNode, "expected failure records in ascending run order")
        }
        let failures = try object.required("failures").array(context, nonEmpty: true).map {
            (node) throws(ScenarioError) in try node.string(context)
        }
        report.failures.append(
            ExploreFailure(
                run: run, seed: try object.required("seed").int(context, in: 0...UInt64.max), failures: failures))
        try object.finish()
        guard report.failures.count <= keptFailures else {
            throw context.error(node, "more than \(keptFailures) failure records")
        }
    }
}
