import SimulationKernel

/// The runs of a plan that a (partial) sweep or exploration result counts: sorted, disjoint run
/// ranges, adjacent ones joined, empty ones dropped.
///
/// `--shard` writes it in each part's plan record; `merge` joins the parts' coverages and refuses
/// a run counted twice, and reports the runs no part covered.
package struct RunCoverage: Hashable, Sendable {
    /// The ranges, ascending, disjoint and not touching.
    package private(set) var ranges: [Range<UInt64>] = []

    /// The runs of `range` (none by default).
    package init(_ range: Range<UInt64> = 0..<0) {
        ranges = range.isEmpty ? [] : [range]
    }

    /// The runs of `ranges`, in any order; `nil` when two of them overlap (a run counted twice).
    ///
    /// - Complexity: O(*r* log *r*) in the number of ranges.
    package init?(_ ranges: [Range<UInt64>]) {
        var joined: [Range<UInt64>] = []
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = joined.last {
                if range.lowerBound < last.upperBound { return nil }
                if range.lowerBound == last.upperBound {
                    joined[joined.count - 1] = last.lowerBound..<range.upperBound
                    continue
                }
            }
            joined.append(range)
        }
        self.ranges = joined
    }

    /// How many runs are covered.
    package var runCount: UInt64 {
        ranges.reduce(0) { $0 + ($1.upperBound - $1.lowerBound) }
    }

    /// Whether `run` is covered.
    ///
    /// - Complexity: O(log *r*).
    package func contains(_ run: UInt64) -> Bool {
        let first = ranges.partitionPoint { $0.upperBound > run }
        return first < ranges.count && ranges[first].contains(run)
    }

    /// How many runs of `range` are covered.
    ///
    /// - Complexity: O(log *r* + *k*) for the *k* ranges that meet `range`.
    package func count(in range: Range<UInt64>) -> UInt64 {
        var count: UInt64 = 0
        var index = ranges.partitionPoint { $0.upperBound > range.lowerBound }
        while index < ranges.count, ranges[index].lowerBound < range.upperBound {
            count += min(ranges[index].upperBound, range.upperBound) - max(ranges[index].lowerBound, range.lowerBound)
            index += 1
        }
        return count
    }

    /// How many cells of `seedsPerCell` runs each (cell *c* is runs `c × seedsPerCell ..< (c + 1) ×
    /// seedsPerCell`, as a sweep numbers them) have a run covered.
    ///
    /// - Complexity: O(*r*).
    package func cellsTouched(seedsPerCell: UInt64) -> Int {
        let size = max(1, seedsPerCell)
        var count: UInt64 = 0
        var nextUncounted: UInt64 = 0
        for range in ranges {
            let first = max(range.lowerBound / size, nextUncounted)
            let last = (range.upperBound - 1) / size
            if last >= first { count += last - first + 1 }
            nextUncounted = max(nextUncounted, last + 1)
        }
        return Int(clamping: count)
    }

    /// The ranges of `0..<runs` not covered.
    ///
    /// - Complexity: O(*r*).
    package func missing(runs: UInt64) -> [Range<UInt64>] {
        var gaps: [Range<UInt64>] = []
        var cursor: UInt64 = 0
        for range in ranges {
            if range.lowerBound > cursor { gaps.append(cursor..<min(range.lowerBound, runs)) }
            cursor = range.upperBound
        }
        if cursor < runs { gaps.append(cursor..<runs) }
        return gaps.filter { !$0.isEmpty }
    }

    /// The `covered` value of a part's plan record: `[[from, to], …]`.
    var json: JSONValue {
        .array(ranges.map { [.int(Int64($0.lowerBound)), .int(Int64($0.upperBound))] })
    }

    /// Reads a part's `covered` value: `[from, to]` pairs within `0...runs`, not overlapping.
    ///
    /// - Throws: a located ``ScenarioError`` for anything else.
    /// - Complexity: O(*r* log *r*) in the number of pairs.
    static func decode(_ node: JSONNode, runs: UInt64, _ context: DecodingContext) throws(ScenarioError)
        -> RunCoverage
    {
        let limit = Int(clamping: runs)
        let ranges = try node.array(context).map { (pair) throws(ScenarioError) in
            let bounds = try pair.array(context)
            guard bounds.count == 2 else { throw context.error(pair, "expected [from, to]") }
            let from = try bounds[0].int(context, in: 0...limit)
            return UInt64(from)..<UInt64(try bounds[1].int(context, in: from...limit))
        }
        guard let coverage = RunCoverage(ranges) else { throw context.error(node, "the covered ranges overlap") }
        return coverage
    }
}
