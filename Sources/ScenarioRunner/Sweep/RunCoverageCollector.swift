/// The runs covered by many partial results, gathered part by part and joined once at the end,
/// so that merging *p* parts costs O(*r* log *r*) for their *r* ranges in all, and a run counted
/// twice names both parts.
package struct RunCoverageCollector: Sendable {
    /// Every part's ranges, with the index of the part in ``files``.
    private var ranges: [(range: Range<UInt64>, part: Int)] = []
    /// The parts' names, in the order they were added.
    private var files: [String] = []

    package init() {}

    /// Adds the runs `coverage` of the part named `file`.
    ///
    /// - Complexity: O(ranges of `coverage`).
    package mutating func add(_ coverage: RunCoverage, file: String) {
        let part = files.count
        files.append(file)
        ranges.append(contentsOf: coverage.ranges.map { ($0, part) })
    }

    /// The runs of every part.
    ///
    /// - Throws: ``SweepError/parts(_:)`` naming two parts that count the same run.
    /// - Complexity: O(*r* log *r*).
    package func union() throws(SweepError) -> RunCoverage {
        let sorted = ranges.sorted { $0.range.lowerBound < $1.range.lowerBound }
        for (previous, entry) in zip(sorted, sorted.dropFirst())
        where entry.range.lowerBound < previous.range.upperBound {
            let first = FileName.display(files[previous.part])
            let second = FileName.display(files[entry.part])
            throw .parts(
                "\(second): error: counts run \(entry.range.lowerBound) again, which \(first) counts too: "
                    + "the parts overlap (the same shard given twice?)")
        }
        // Sorted and disjoint: the initializer joins them.
        return RunCoverage(sorted.map(\.range)) ?? RunCoverage()
    }
}
