/// The "mostly comes before" graph of a ``StoreOrder``: an edge from each item to every item it
/// has more net votes to come before, stored as one array of successors with each item's range
/// in it (no array per item).
struct StoreOrderGraph {
    /// Where each item's successors start in `targets`; item `i`'s end where item `i + 1`'s start.
    private var starts: [Int]
    private var targets: [Int]
    /// Per item, how many items have an edge to it.
    private(set) var predecessorCounts: [Int]

    /// The graph of `tallies` (sorted by pair, one per pair) over items `0 ..< count`: a pair with
    /// a positive net gives one edge, from the item voted first; contradicting votes that cancel
    /// out give none.
    ///
    /// - Complexity: O(*v* + *e*) for *v* items and *e* pairs, reading `tallies` twice in order.
    init(count: Int, tallies: [StoreOrderVotes.Tally]) {
        /// The pair's edge, from the item voted first (`nil`: the votes cancel out).
        func edge(_ tally: StoreOrderVotes.Tally) -> (from: Int, to: Int)? {
            let net = tally.net
            return net == 0 ? nil : net > 0 ? (tally.low, tally.high) : (tally.high, tally.low)
        }
        var outDegree = [Int](repeating: 0, count: count + 1)
        var predecessorCounts = [Int](repeating: 0, count: count)
        for case let (from, to)? in tallies.lazy.map(edge) {
            outDegree[from] += 1
            predecessorCounts[to] += 1
        }
        var starts = [Int](repeating: 0, count: count + 1)
        for item in 0..<count { starts[item + 1] = starts[item] + outDegree[item] }
        var fill = starts
        var targets = [Int](repeating: 0, count: starts[count])
        for case let (from, to)? in tallies.lazy.map(edge) {
            targets[fill[from]] = to
            fill[from] += 1
        }
        self.starts = starts
        self.targets = targets
        self.predecessorCounts = predecessorCounts
    }

    /// The items `item` comes before.
    ///
    /// - Complexity: O(1).
    subscript(item: Int) -> ArraySlice<Int> { targets[starts[item]..<starts[item + 1]] }
}
