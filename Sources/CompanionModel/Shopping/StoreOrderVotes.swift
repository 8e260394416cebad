/// The "comes before" votes of a ``StoreOrder``: per pair of item numbers, how many times each
/// came first within a trip's window.
///
/// Votes are appended to a log as trips are learned (one 8-byte entry per vote, no hashing) and
/// folded into a table sorted by pair when the log has grown as large as the table (so each
/// vote is sorted O(log *e*) times in all), or when the order is computed. The table is read
/// front to back, which keeps a history of millions of votes in cache order where a hash table
/// missed the cache on every vote.
struct StoreOrderVotes: Sendable {
    /// Both directions' votes of one pair of item numbers `low` < `high`, packed `low << 32 | high`.
    struct Tally: Hashable, Sendable {
        var pair: UInt64
        /// Votes for `low` before `high`.
        var forward: Int32
        /// Votes for `high` before `low`.
        var backward: Int32

        /// The smaller item number of the pair.
        var low: Int { Int(pair >> 32) }
        /// The larger item number of the pair.
        var high: Int { Int(pair & 0xFFFF_FFFF) }
        /// Net votes for `low` before `high` (negative: `high` usually comes first).
        var net: Int { Int(forward) - Int(backward) }
    }

    /// The folded votes, sorted by `pair`, one entry per pair.
    private(set) var tallies: [Tally] = []
    /// Votes not folded yet: `pair << 1 | 1` when `high` came first (item numbers stay below
    /// 2³¹: each is a distinct item of the history held in memory).
    private var log: [UInt64] = []

    /// Counts one vote for item `before` coming before item `after` (distinct numbers).
    ///
    /// - Complexity: amortised O(1); folding the log (see ``endTrip()``) is charged to the votes.
    mutating func add(_ before: Int, before after: Int) {
        let (low, high) = before < after ? (before, after) : (after, before)
        let pair = UInt64(truncatingIfNeeded: low) << 32 | UInt64(truncatingIfNeeded: high) & 0xFFFF_FFFF
        log.append(pair << 1 | (before < after ? 0 : 1))
    }

    /// Folds the log into the table once it is as large as the table.
    ///
    /// - Complexity: amortised O(log *e*) per vote for *e* pairs (each fold at least doubles
    ///   what it sorts and merges).
    mutating func endTrip() {
        if log.count >= max(tallies.count, 4_096) { fold() }
    }

    /// Folds every logged vote into the table.
    ///
    /// - Complexity: O(*e* + *l* log *l*) for *e* pairs and *l* logged votes (O(*e* + *l*) when
    ///   the log is already sorted, as for one trip of new items).
    mutating func fold() {
        guard !log.isEmpty else { return }
        let sorted = log.sorted()
        var result: [Tally] = []
        result.reserveCapacity(tallies.count + sorted.count)
        var next = 0
        var index = 0
        while index < sorted.count {
            var tally = Tally(pair: sorted[index] >> 1, forward: 0, backward: 0)
            while index < sorted.count, sorted[index] >> 1 == tally.pair {
                if sorted[index] & 1 == 0 {
                    tally.forward = Self.increment(tally.forward)
                } else {
                    tally.backward = Self.increment(tally.backward)
                }
                index += 1
            }
            while next < tallies.count, tallies[next].pair < tally.pair {
                result.append(tallies[next])
                next += 1
            }
            if next < tallies.count, tallies[next].pair == tally.pair {
                tally.forward = Self.add(tally.forward, tallies[next].forward)
                tally.backward = Self.add(tally.backward, tallies[next].backward)
                next += 1
            }
            result.append(tally)
        }
        result.append(contentsOf: tallies[next...])
        tallies = result
        log = []
    }

    /// Counts saturate at `Int32.max` (2³¹ − 1 trips with one pair; not reachable in memory).
    private static func increment(_ count: Int32) -> Int32 { count == .max ? .max : count + 1 }

    private static func add(_ a: Int32, _ b: Int32) -> Int32 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}
