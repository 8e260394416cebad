/// Adds up `explore --shard` partial results, part by part, into the single run's report: the
/// counts with checked arithmetic, the failures of the smallest run numbers, and the parts'
/// coverages joined once at the end (O(*r* log *r*) for *r* ranges, not parts × ranges), so
/// merging costs time linear in the parts' total size.
package struct ExploreMerge: Sendable {
    /// The report so far (its coverage empty until ``result()``), and the first part's name.
    private var report: ExploreReport?
    private var planFile = ""
    private var coverage = RunCoverageCollector()

    package init() {}

    /// Adds `part`, read from `file`.
    ///
    /// - Throws: ``SweepError/parts(_:)`` naming the part when it belongs to another exploration
    ///   than the first part, or would make a count overflow.
    /// - Complexity: O(``ExploreReport/keptFailures`` + the part's ranges).
    package mutating func add(_ part: ExploreReport, file: String) throws(SweepError) {
        var merged = report ?? ExploreReport(plan: part.plan)
        if report == nil { planFile = file }
        guard part.plan == merged.plan else {
            throw .parts(
                "\(FileName.display(file)): error: belongs to a different exploration than "
                    + "\(FileName.display(planFile)) (scenario file, --seed or --runs differ)")
        }
        do {
            try merged.add(runs: part.runs, failed: part.failed, failures: part.failures)
        } catch {
            throw .parts("\(FileName.display(file)): error: \(error.description)")
        }
        coverage.add(part.covered, file: file)
        report = merged
    }

    /// Reads the part `bytes` (named `file`) and adds it.
    ///
    /// - Throws: what ``ExploreReport/part(_:file:)`` throws, and what adding the part throws.
    package mutating func add(_ bytes: [UInt8], file: String) throws(SweepError) {
        try add(try ExploreReport.part(bytes, file: file), file: file)
    }

    /// The merged report.
    ///
    /// - Throws: ``SweepError/parts(_:)`` when no part was added, or naming two parts that count the
    ///   same run.
    package func result() throws(SweepError) -> ExploreReport {
        guard var report else { throw .parts("no parts to merge") }
        report.covered = try coverage.union()
        return report
    }
}
