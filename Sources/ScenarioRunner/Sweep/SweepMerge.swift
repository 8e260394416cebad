/// Adds up `sweep --shard` partial results, part by part, into the single run's result.
///
/// The cells are kept once, for the whole plan, and each part adds only the cells it has records
/// for; the parts' coverages are joined once at the end. So merging costs time linear in the
/// parts' total size (plus O(cells) once, and O(*r* log *r*) for *r* covered ranges), not parts ×
/// cells. Every count is added with checked arithmetic.
///
/// ```swift
/// var merge = SweepMerge()
/// for (bytes, file) in parts { try merge.add(bytes, file: file) }
/// let result = try merge.result()
/// ```
package struct SweepMerge: Sendable {
    /// The plan of the first part, and its name.
    private var plan: SweepPlan?
    private var planFile = ""
    /// Every cell's statistics so far.
    private var cells: [SweepCellStatistics] = []
    /// The runs of the parts so far.
    private var coverage = RunCoverageCollector()

    package init() {}

    /// Reads the part `bytes` (named `file` in messages) and adds it.
    ///
    /// - Throws: ``SweepError/parts(_:)`` naming the part when it is malformed or cut short
    ///   (``SweepPart/read(_:file:)``), belongs to another sweep than the first part, or would make
    ///   a count overflow.
    /// - Complexity: O(*n*) in the part's size.
    package mutating func add(_ bytes: [UInt8], file: String) throws(SweepError) {
        try add(try SweepPart.read(bytes, file: file), file: file)
    }

    /// Adds `part`, read from `file`.
    ///
    /// - Throws: as ``add(_:file:)``.
    /// - Complexity: O(the part's records).
    package mutating func add(_ part: SweepPart, file: String) throws(SweepError) {
        if let plan {
            guard part.plan == plan else {
                throw .parts(
                    "\(FileName.display(file)): error: belongs to a different sweep than "
                        + "\(FileName.display(planFile)) (scenario, seeds, watches, pipelines or --set differ)")
            }
        } else {
            plan = part.plan
            planFile = file
            cells = Array(repeating: SweepCellStatistics(), count: part.plan.cellCount)
        }
        coverage.add(part.covered, file: file)
        for (index, statistics) in part.cells {
            do {
                try cells[index].merge(statistics)
            } catch {
                throw .parts(
                    "\(FileName.display(file)): error: adding its cell \(index) makes a count larger than "
                        + "\(Int.max); the parts cannot be from one sweep")
            }
        }
    }

    /// The merged result.
    ///
    /// - Throws: ``SweepError/parts(_:)`` when no part was added, or naming two parts that count the
    ///   same run.
    /// - Complexity: O(*r* log *r*) for the parts' *r* covered ranges.
    package func result() throws(SweepError) -> SweepResult {
        guard let plan else { throw .parts("no parts to merge") }
        return SweepResult(plan: plan, covered: try coverage.union(), cells: cells)
    }
}
