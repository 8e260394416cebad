import SimulationKernel

/// The list as it truly is through a run, what a complication's entries are compared with: its
/// first state, then each change as the run of items it replaced.
///
/// A change usually touches one item (a check-off removes it, an edit replaces it), so a change
/// keeps only what differs from the list before it: where the difference starts, how many items
/// it removed and the items it put there. Keeping the whole remaining list at every change
/// instead costs *n* items per change: 6,000 check-offs of a 6,000-item list kept 18 million
/// items (1.2 GB). The whole list is also kept at a checkpoint whenever the changes since the
/// last one add up to the list's length, so what it keeps stays linear in the list and the
/// changes, and a state is rebuilt from the nearest checkpoint before it.
///
/// ```swift
/// var truth = ComplicationTruth(items, at: .zero)
/// truth.record(Array(items.dropFirst()), at: SimTime(offset: .minutes(5)))   // keeps an empty run
/// truth.remaining(at: SimTime(offset: .minutes(1))) == items                   // true
/// ```
public struct ComplicationTruth: Hashable, Sendable {
    /// One state of the list: from `at` on, the list before it with the items at
    /// `offset ..< offset + removed` replaced by `inserted`.
    public struct Change: Hashable, Sendable {
        /// When the list took this state.
        public var at: SimTime
        /// Where the replaced run starts (the length of the part before it that did not change).
        public var offset: Int
        /// How many items of the list before were replaced.
        public var removed: Int
        /// The items in their place (for the first state, the whole list).
        public var inserted: [ShoppingItem]
    }

    /// A whole list kept after a change, where rebuilding a state starts.
    private struct Checkpoint: Hashable, Sendable {
        /// The index of the change whose state this is.
        var change: Int
        var items: [ShoppingItem]
    }

    /// Every state in time order, the first one the whole list; two changes at one instant are
    /// both kept, and the later one is the state from then on.
    public private(set) var changes: [Change]
    /// The list after the last change.
    public private(set) var latest: [ShoppingItem]
    /// Whole lists kept along the way (the first state is the first checkpoint), by change index.
    private var checkpoints: [Checkpoint]
    /// The items the changes since the last checkpoint replaced and inserted, plus one per change.
    private var sinceCheckpoint = 0

    /// The truth starting at `start` with `items` remaining.
    public init(_ items: [ShoppingItem], at start: SimTime) {
        changes = [Change(at: start, offset: 0, removed: 0, inserted: items)]
        latest = items
        checkpoints = [Checkpoint(change: 0, items: items)]
    }

    /// When the truth starts.
    public var start: SimTime { changes[0].at }

    /// How many items it keeps (in its changes and checkpoints, counting shared storage as often
    /// as it is referred to): linear in the list's length and the items changed.
    public var keptItemCount: Int {
        changes.reduce(0) { $0 + $1.inserted.count } + checkpoints.reduce(0) { $0 + $1.items.count }
    }

    /// Records that from `time` (not before the last change) the list is `remaining`: keeps the
    /// run of items that differs from the list before, nothing when nothing differs.
    ///
    /// - Complexity: O(*n*) for a list of *n* items, to find what differs; amortised O(*k*)
    ///   more kept for *k* items changed.
    public mutating func record(_ remaining: [ShoppingItem], at time: SimTime) {
        let common = min(latest.count, remaining.count)
        var prefix = 0
        while prefix < common, latest[prefix] == remaining[prefix] { prefix += 1 }
        if prefix == latest.count, prefix == remaining.count { return }
        var suffix = 0
        while suffix < common - prefix,
            latest[latest.count - 1 - suffix] == remaining[remaining.count - 1 - suffix]
        {
            suffix += 1
        }
        let removed = latest.count - prefix - suffix
        let inserted = Array(remaining[prefix..<(remaining.count - suffix)])
        changes.append(Change(at: time, offset: prefix, removed: removed, inserted: inserted))
        latest = remaining
        sinceCheckpoint += removed + inserted.count + 1
        if sinceCheckpoint >= max(latest.count, 64) {
            checkpoints.append(Checkpoint(change: changes.count - 1, items: latest))
            sinceCheckpoint = 0
        }
    }

    /// The remaining items at `time`, in list order (the first state before the start).
    ///
    /// - Complexity: O(log *c*) for *c* changes at or after the last one; else rebuilt from the
    ///   nearest checkpoint: O(*n*) for each of the changes since it (at most *n* of them, for
    ///   a list of *n* items).
    public func remaining(at time: SimTime) -> [ShoppingItem] {
        let change = changeIndex(at: time)
        if change == changes.count - 1 { return latest }
        var cursor = Cursor(self, checkpoint: checkpointIndex(atOrBefore: change))
        cursor.advance(toChange: change)
        return cursor.items
    }

    /// A cursor at the first state, to move through the states in time order
    /// (``Cursor/advance(to:)``) without rebuilding each one.
    public func cursor() -> Cursor { Cursor(self, checkpoint: 0) }

    /// The index of the change in force at `time` (0 before the start).
    ///
    /// - Complexity: O(log *c*).
    func changeIndex(at time: SimTime) -> Int {
        max(0, changes.partitionPoint { $0.at > time } - 1)
    }

    /// The index of the last checkpoint at or before change `change`.
    private func checkpointIndex(atOrBefore change: Int) -> Int {
        max(0, checkpoints.partitionPoint { $0.change > change } - 1)
    }

    /// The list at one state, moved forward through later states by applying their changes.
    public struct Cursor {
        private let truth: ComplicationTruth
        /// The index of the state ``items`` is.
        public private(set) var change: Int
        /// The remaining items at that state.
        public private(set) var items: [ShoppingItem]

        fileprivate init(_ truth: ComplicationTruth, checkpoint: Int) {
            self.truth = truth
            change = truth.checkpoints[checkpoint].change
            items = truth.checkpoints[checkpoint].items
        }

        /// Moves to the state in force at `time` (never backwards): the items then.
        ///
        /// - Complexity: O(*n*) for each change passed, for a list of *n* items.
        @discardableResult
        public mutating func advance(to time: SimTime) -> [ShoppingItem] {
            advance(toChange: truth.changeIndex(at: time))
            return items
        }

        /// Moves to state `target` (never backwards).
        fileprivate mutating func advance(toChange target: Int) {
            while change < target {
                change += 1
                let next = truth.changes[change]
                items.replaceSubrange(next.offset..<(next.offset + next.removed), with: next.inserted)
            }
        }
    }
}

extension ComplicationTruth: StorageAdopting {
    /// Keeps this truth in `old`'s storage for its changes, its latest list and its checkpoints
    /// (``StorageAdopting``).
    ///
    /// - Complexity: O(*c* + *n*) for *c* changes and checkpoints and *n* items in the latest list.
    public mutating func adoptStorage(of old: inout ComplicationTruth) {
        changes.adoptStorage(of: &old.changes)
        latest.adoptStorage(of: &old.latest)
        checkpoints.adoptStorage(of: &old.checkpoints)
    }
}
