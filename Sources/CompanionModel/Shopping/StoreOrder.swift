import SimulationKernel

/// The order in which a shopper picks items up in their store, learned from past trips.
///
/// Each completed trip is the sequence in which items were checked off. Each item in a trip gets
/// a vote for "comes before" each of the next ``window`` items of that trip (every later item,
/// in a trip of up to ``window`` + 1 items). Two items are ordered by their votes when they were
/// seen close together. When they were not, they are ordered through items they were each seen
/// with, because the global order is a topological order of the "mostly comes before" graph.
/// Example: after a trip Avocados → Eggs → Milk and a trip Kale → Carrots → Onions → Bell
/// Peppers → Avocados, Kale sorts before Eggs, through Avocados, even though the two were never
/// bought together.
///
/// The window keeps learning linear: a trip of *k* items gives fewer than *k* × ``window``
/// votes; items farther apart are ordered through the items between them.
///
/// Among items whose predecessors are all placed, the one with the smallest mean relative
/// position across the trips it was in comes first (an item usually picked early in a trip
/// is near the entrance), then the one first seen earliest. Contradicting votes that cancel out
/// give no edge; a cycle (the shopper changed their route) is broken by taking the item with the
/// fewest unresolved predecessors, by the same rule. Items never seen in any trip go last, in
/// the order the list gives them.
///
/// The order is computed once for many reads: a scenario's history is learned once
/// (``init(trips:)``, which computes each item's rank), and every run of the scenario reads the
/// same ranks (``rank(of:)``, ``sorted(_:)``) without recomputing them. ``learn(trip:)`` (the
/// summary's lesson of one trip) computes them again.
///
/// ```swift
/// let order = StoreOrder(trips: [
///     ["avocados", "eggs", "milk"],
///     ["kale", "carrots", "onions", "bell-peppers", "avocados"],
/// ])
/// order.sorted(["eggs", "kale"])  // ["kale", "eggs"]
/// ```
package struct StoreOrder: Sendable {
    /// How many following items of a trip each item votes to come before.
    package static let window = 32

    /// Everything learned, in one shared, copy-on-write box: copying a `StoreOrder` (every run's
    /// scenario and world context holds one) is one reference, not one per table. Every change
    /// goes through ``makeUnique()`` first.
    private var storage = Storage()

    /// The number of trips learned.
    package var tripCount: Int { storage.tripCount }

    /// Copies the box before a change when another order shares it.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    }

    /// The tables behind a ``StoreOrder`` (changed only through a uniquely referenced box, hence
    /// `@unchecked Sendable`).
    private final class Storage: @unchecked Sendable {
        /// Every item seen, in the order first seen; an item's index here is its number.
        var items: [ItemID] = []
        var number: [ItemID: Int] = [:]
        /// Votes for "item `a` was checked off before item `b`", per pair of item numbers.
        var votes = StoreOrderVotes()
        /// Per item number: the sum over trips of the item's relative position,
        /// `(index + 0.5) / tripLength`, and the number of trips it was in; their ratio estimates
        /// where in the store it is.
        var positionSum: [Double] = []
        var appearances: [Int] = []
        var tripCount = 0
        /// Each known item's index in the learned order, computed from the votes once the trips
        /// are counted.
        var ranks: [ItemID: Int] = [:]

        init() {}

        /// Counts one trip's votes and positions (the box is uniquely referenced).
        ///
        /// - Complexity: O(*k* × ``StoreOrder/window``) expected for a trip of *k* items, plus folding
        ///   the vote log when it has grown (amortised O(log *e*) per vote for *e* voted pairs; see
        ///   ``StoreOrderVotes``).
        func record(trip: [ItemID]) {
            var seen: Set<ItemID> = []
            let unique = trip.filter { seen.insert($0).inserted }
            var numbers: [Int] = []
            numbers.reserveCapacity(unique.count)
            for (index, item) in unique.enumerated() {
                let itemNumber: Int
                if let known = number[item] {
                    itemNumber = known
                } else {
                    itemNumber = items.count
                    number[item] = itemNumber
                    items.append(item)
                    positionSum.append(0)
                    appearances.append(0)
                }
                positionSum[itemNumber] += (Double(index) + 0.5) / Double(unique.count)
                appearances[itemNumber] += 1
                numbers.append(itemNumber)
            }
            for (index, before) in numbers.enumerated() {
                for after in numbers[(index + 1)..<min(numbers.count, index + 1 + StoreOrder.window)] {
                    votes.add(before, before: after)
                }
            }
            votes.endTrip()
            tripCount += 1
        }

        init(copying other: Storage) {
            items = other.items
            number = other.number
            votes = other.votes
            positionSum = other.positionSum
            appearances = other.appearances
            tripCount = other.tripCount
            ranks = other.ranks
        }
    }

    /// An order that knows no trip: ``sorted(_:)`` keeps the given order.
    package init() {}

    /// The order learned from `trips`, oldest first: the same as ``learn(trip:)`` on each, with
    /// the order computed once at the end.
    ///
    /// - Complexity: O(*k* × ``window`` × log *e*) for *k* items in all trips and *e* voted pairs
    ///   (O(*k* × ``window``) when the trips' votes arrive in order, as for one trip), plus one
    ///   computation of the order (see ``order()``).
    package init(trips: some Sequence<[ItemID]>) {
        for trip in trips { storage.record(trip: trip) }
        computeRanks()
    }

    /// Learns the order of one completed trip, and computes the order again: the order learned
    /// from this one's trips, then `trip`. Repeated items count at their first position.
    ///
    /// - Complexity: O(*k* × ``window``) for a trip of *k* items, plus one computation of the
    ///   order (see ``order()``). Many trips are learned at once by ``init(trips:)``.
    package mutating func learn(trip: [ItemID]) {
        makeUnique()
        storage.record(trip: trip)
        computeRanks()
    }

    /// The index of `item` in the learned store order, or `nil` for an item never seen in a trip.
    ///
    /// - Complexity: O(1) expected.
    package func rank(of item: ItemID) -> Int? { storage.ranks[item] }

    /// Folds every vote into the table and computes each item's rank from the votes (the box is
    /// uniquely referenced).
    private mutating func computeRanks() {
        storage.votes.fold()
        let order = order()
        var ranks: [ItemID: Int] = [:]
        ranks.reserveCapacity(order.count)
        for (index, item) in order.enumerated() { ranks[item] = index }
        storage.ranks = ranks
    }

    /// Where in the store the item numbered `itemNumber` usually is: its mean relative position in
    /// the trips it was in, from 0 (first) to 1 (last).
    private func meanPosition(number itemNumber: Int) -> Double {
        let count = storage.appearances[itemNumber]
        return count > 0 ? storage.positionSum[itemNumber] / Double(count) : 1
    }

    /// The priority of an item while the order is built: fewest unresolved predecessors, then
    /// smallest mean position, then first seen (item numbers are in first-seen order).
    private struct Rank: Comparable {
        var unresolved: Int
        var meanPosition: Double
        var number: Int

        static func < (lhs: Rank, rhs: Rank) -> Bool {
            (lhs.unresolved, lhs.meanPosition, lhs.number) < (rhs.unresolved, rhs.meanPosition, rhs.number)
        }
    }

    /// Every known item in learned store order, computed from the votes.
    ///
    /// Kahn's algorithm over the net-vote edges with a priority queue: the next item is always
    /// the remaining one of least ``Rank`` (on a cycle, the one with the fewest unresolved
    /// predecessors). Placing an item improves its successors' ranks; the improved rank is
    /// queued and the stale one skipped when it surfaces. The edges come from the vote table read
    /// in order into one successor array (``StoreOrderGraph``); every vote is in the table, since
    /// each learning ends with ``computeRanks()``, which folds the log first.
    ///
    /// - Complexity: O(*e* + *v* log *v*) for *v* known items and *e* voted pairs (*e* < ``window``
    ///   × the number of items in all trips) while the votes have no cycle; O((*v* + *e*) log(*v*
    ///   + *e*)) from the first cycle on.
    private func order() -> [ItemID] {
        let storage = storage
        let count = storage.items.count
        let successors = StoreOrderGraph(count: count, tallies: storage.votes.tallies)
        var unresolved = successors.predecessorCounts
        let mean = (0..<count).map { meanPosition(number: $0) }
        func rank(_ item: Int) -> Rank { Rank(unresolved: unresolved[item], meanPosition: mean[item], number: item) }
        // While the graph has no cycle, only items whose predecessors are all placed are queued
        // (each once), so a long trip costs O(v log v), not a queued entry per vote. At the first
        // cycle (nothing ready) every remaining item is queued with its current rank, and from
        // then on each placement re-queues its successors' improved ranks (stale ones are skipped).
        var ready = EventQueue<Rank, Int>(capacity: count)
        for item in 0..<count where unresolved[item] == 0 { ready.schedule(item, at: rank(item)) }
        var cyclic = false
        var placed = [Bool](repeating: false, count: count)
        var result: [ItemID] = []
        result.reserveCapacity(count)
        while result.count < count {
            guard let (entry, item) = ready.popNext() else {
                cyclic = true
                for other in 0..<count where !placed[other] { ready.schedule(other, at: rank(other)) }
                continue
            }
            guard !placed[item], entry.unresolved == unresolved[item] else { continue }
            placed[item] = true
            result.append(storage.items[item])
            for successor in successors[item] where !placed[successor] {
                unresolved[successor] -= 1
                if cyclic || unresolved[successor] == 0 { ready.schedule(successor, at: rank(successor)) }
            }
        }
        return result
    }

    /// `items` in learned store order; items never seen keep their given relative order, last.
    ///
    /// - Complexity: O(*n* log *n*) for *n* items.
    package func sorted(_ items: [ItemID]) -> [ItemID] {
        items.enumerated().sorted { lhs, rhs in
            let (ra, rb) = (rank(of: lhs.element), rank(of: rhs.element))
            switch (ra, rb) {
            case let (a?, b?): return a < b
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return lhs.offset < rhs.offset
            }
        }.map(\.element)
    }
}
