/// One `--shard` partial result as read: the plan it belongs to and the runs it covers.
package protocol ShardPart: Sendable {
    /// What every part of one sweep or exploration shares.
    associatedtype Plan: Equatable & Sendable
    /// The plan the part belongs to.
    var plan: Plan { get }
    /// The runs the part counts.
    var covered: RunCoverage { get }
    /// Reads one part file (`file` names it in messages).
    static func read(_ bytes: [UInt8], file: String) throws(SweepError) -> Self
}

/// What `--shard` parts add up to (``PartMerge``): a sweep's result or an exploration's report.
package protocol PartResult: Sendable {
    /// One part as read.
    associatedtype Part: ShardPart
    /// What a part belongs to and what tells two apart, for messages.
    static var kind: (noun: String, planFields: String) { get }
    /// A result of `plan` with no run counted.
    init(empty plan: Part.Plan)
    /// Adds the counts of `part`, read from `file`.
    mutating func add(_ part: Part, file: String) throws(SweepError)
    /// The plan the runs belong to.
    var plan: Part.Plan { get }
    /// The runs counted.
    var covered: RunCoverage { get set }
}

/// Adds up `--shard` partial results, part by part, into the single run's result (`merge`, and
/// `sweep`/`explore --jobs`): every count with checked arithmetic, and the parts' coverages
/// joined once at the end, so merging costs time linear in the parts' total size (plus
/// O(*r* log *r*) for their *r* covered ranges), not parts × cells or parts × ranges.
///
/// ```swift
/// var merge = SweepMerge()
/// for (bytes, file) in parts { try merge.add(bytes, file: file) }
/// let result = try merge.result()
/// ```
package struct PartMerge<Result: PartResult>: Sendable {
    /// The result so far (its coverage empty until ``result()``).
    private var merged: Result?
    /// Every part's run ranges, with the index of its part in ``files`` (the first part's plan is
    /// the one all must share).
    private var ranges: [(range: Range<UInt64>, part: Int)] = []
    private var files: [String] = []

    package init() {}

    /// Reads the part `bytes` (named `file` in messages) and adds it.
    ///
    /// - Throws: what ``ShardPart/read(_:file:)`` throws, and what adding the part throws.
    /// - Complexity: O(*n*) in the part's size.
    package mutating func add(_ bytes: [UInt8], file: String) throws(SweepError) {
        try add(try Result.Part.read(bytes, file: file), file: file)
    }

    /// Adds `part`, read from `file`.
    ///
    /// - Throws: ``SweepError/parts(_:)`` naming the part when it belongs to another sweep or
    ///   exploration than the first part, or would make a count overflow.
    /// - Complexity: O(the part's records and ranges).
    package mutating func add(_ part: Result.Part, file: String) throws(SweepError) {
        var result = merged ?? Result(empty: part.plan)
        merged = nil  // `result` alone holds the counts, so they grow in place
        if let first = files.first {
            guard part.plan == result.plan else {
                throw .parts(
                    "\(FileName.display(file)): error: belongs to a different \(Result.kind.noun) than "
                        + "\(FileName.display(first)) (\(Result.kind.planFields) differ)")
            }
        }
        try result.add(part, file: file)
        ranges.append(contentsOf: part.covered.ranges.map { ($0, files.count) })
        files.append(file)
        merged = result
    }

    /// The merged result.
    ///
    /// - Throws: ``SweepError/parts(_:)`` when no part was added, or naming two parts that count the
    ///   same run.
    /// - Complexity: O(*r* log *r*) for the parts' *r* covered ranges.
    package func result() throws(SweepError) -> Result {
        guard var result = merged else { throw .parts("no parts to merge") }
        let sorted = ranges.sorted { $0.range.lowerBound < $1.range.lowerBound }
        for (previous, entry) in zip(sorted, sorted.dropFirst())
        where entry.range.lowerBound < previous.range.upperBound {
            throw .parts(
                "\(FileName.display(files[entry.part])): error: counts run \(entry.range.lowerBound) again, which "
                    + "\(FileName.display(files[previous.part])) counts too: the parts overlap (the same shard given twice?)"
            )
        }
        // Sorted and disjoint: the initializer joins them.
        result.covered = RunCoverage(sorted.map(\.range)) ?? RunCoverage()
        return result
    }
}

/// Adds up `sweep --shard` parts: each part adds only the cells it has records for.
package typealias SweepMerge = PartMerge<SweepResult>

/// Adds up `explore --shard` parts: the failures of the smallest run numbers are kept.
package typealias ExploreMerge = PartMerge<ExploreReport>
