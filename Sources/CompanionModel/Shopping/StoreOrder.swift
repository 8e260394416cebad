/// The order in which a shopper picks items up in their store, learned from past trips.
///
/// Each completed trip is the sequence in which items were checked off. For every pair of
/// items in a trip, the earlier one gets a vote for "comes before" the later one. Two items
/// are ordered by their votes when they were ever seen together. When they were not, they are
/// ordered through items they were each seen with, because the global order is a topological
/// order of the "mostly comes before" graph. Example: after a trip Avocados → Eggs → Milk and a
/// trip Kale → Carrots → Onions → Bell Peppers → Avocados, Kale sorts before Eggs, through
/// Avocados, even though the two were never bought together.
///
/// Among items whose predecessors are all placed, the one with the smallest mean relative
/// position across the trips it was in comes first (an item usually picked early in a trip
/// is near the entrance), then the one first seen earliest, then the smaller identifier.
/// Contradicting votes that cancel out give no edge; a cycle (the shopper changed their route)
/// is broken by taking the item with the fewest unresolved predecessors, by the same rule.
/// Items never seen in any trip go last, in the order the list gives them.
///
/// ```swift
/// var order = StoreOrder()
/// order.learn(trip: ["avocados", "eggs", "milk"])
/// order.learn(trip: ["kale", "carrots", "onions", "bell-peppers", "avocados"])
/// order.sorted(["eggs", "kale"])  // ["kale", "eggs"]
/// ```
public struct StoreOrder: Hashable, Sendable {
    private struct Pair: Hashable, Sendable {
        var before: ItemID
        var after: ItemID
    }

    /// Votes for "`before` was checked off before `after`" across all trips.
    private var votes: [Pair: Int] = [:]
    /// The trip index and position at which each item was first seen (for tie-breaks).
    private var firstSeen: [ItemID: Int] = [:]
    /// The sum over trips of the item's relative position, `(index + 0.5) / tripLength`, and
    /// the number of trips it was in: their ratio estimates where in the store it is.
    private var positionSum: [ItemID: Double] = [:]
    private var appearances: [ItemID: Int] = [:]
    private var seenCount = 0
    /// The number of trips learned.
    public private(set) var tripCount = 0

    public init() {}

    /// Learns the order of one completed trip. Repeated items count at their first position.
    ///
    /// - Complexity: O(*k*²) for a trip of *k* items (every pair gets a vote).
    public mutating func learn(trip: [ItemID]) {
        var seen: Set<ItemID> = []
        let unique = trip.filter { seen.insert($0).inserted }
        for (index, item) in unique.enumerated() {
            if firstSeen[item] == nil {
                firstSeen[item] = seenCount
                seenCount += 1
            }
            positionSum[item, default: 0] += (Double(index) + 0.5) / Double(unique.count)
            appearances[item, default: 0] += 1
            for later in unique[(index + 1)...] {
                votes[Pair(before: item, after: later), default: 0] += 1
            }
        }
        tripCount += 1
    }

    /// Whether `item` appeared in any learned trip.
    public func knows(_ item: ItemID) -> Bool { firstSeen[item] != nil }

    /// Where in the store `item` usually is: its mean relative position in the trips it was
    /// in, from 0 (first) to 1 (last); 1 for an item never seen.
    public func meanPosition(_ item: ItemID) -> Double {
        guard let count = appearances[item], count > 0 else { return 1 }
        return positionSum[item, default: 1] / Double(count)
    }

    /// The net votes for `a` before `b` (negative: `b` usually comes first; 0: no evidence).
    public func preference(_ a: ItemID, before b: ItemID) -> Int {
        votes[Pair(before: a, after: b), default: 0] - votes[Pair(before: b, after: a), default: 0]
    }

    /// Every known item in learned store order.
    ///
    /// - Complexity: O(*v*² + *e*) for *v* known items and *e* voted pairs (Kahn's algorithm
    ///   with a linear scan for the next item, which keeps the tie-break rules simple;
    ///   shopping lists have tens to hundreds of items).
    public var learnedOrder: [ItemID] {
        var successors: [ItemID: [ItemID]] = [:]
        var inDegree: [ItemID: Int] = [:]
        for item in firstSeen.keys { inDegree[item] = 0 }
        for pair in votes.keys.sorted(by: { ($0.before, $0.after) < ($1.before, $1.after) }) {
            guard preference(pair.before, before: pair.after) > 0 else { continue }
            successors[pair.before, default: []].append(pair.after)
            inDegree[pair.after, default: 0] += 1
        }
        var remaining = Set(firstSeen.keys)
        var result: [ItemID] = []
        result.reserveCapacity(remaining.count)
        while !remaining.isEmpty {
            // The ready item (no unresolved predecessor) seen earliest; on a cycle, the item
            // with the fewest unresolved predecessors.
            guard
                let next = remaining.min(by: { a, b in
                    let (da, db) = (inDegree[a, default: 0], inDegree[b, default: 0])
                    if da != db { return da < db }
                    let (pa, pb) = (meanPosition(a), meanPosition(b))
                    if pa != pb { return pa < pb }
                    let (fa, fb) = (firstSeen[a, default: .max], firstSeen[b, default: .max])
                    return fa != fb ? fa < fb : a < b
                })
            else { break }
            remaining.remove(next)
            result.append(next)
            for successor in successors[next, default: []] where remaining.contains(successor) {
                inDegree[successor, default: 0] -= 1
            }
        }
        return result
    }

    /// `items` in learned store order; items never seen keep their given relative order, last.
    ///
    /// - Complexity: O(*v*² + *e* + *n* log *n*).
    public func sorted(_ items: [ItemID]) -> [ItemID] {
        var rank: [ItemID: Int] = [:]
        for (index, item) in learnedOrder.enumerated() { rank[item] = index }
        return items.enumerated().sorted { lhs, rhs in
            let (ra, rb) = (rank[lhs.element], rank[rhs.element])
            switch (ra, rb) {
            case let (a?, b?): return a < b
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return lhs.offset < rhs.offset
            }
        }.map(\.element)
    }
}
