import SimulationKernel

/// The list as it truly is through a run, what a complication's entries are compared with: its
/// first state, then each change as the one item it set at its place in list order
/// (``ComplicationListPlace``).
///
/// The latest state is kept in a content index, so what the face should show now costs
/// O(log *n*); a past state is rebuilt by replaying the changes (``Cursor``). What it keeps is
/// linear in the list and the changes.
package struct ComplicationTruth: Sendable {
    /// One change: from `at` on, the remaining item at `place` is `item` (`nil`: none).
    package struct Change: Hashable, Sendable {
        /// When the list changed.
        package var at: SimTime
        /// Where in list order.
        package var place: ComplicationListPlace
        /// The remaining item there from then on (`nil`: checked off or taken off the list).
        package var item: ShoppingItem?
    }

    /// The remaining items at the start, in list order, with their places.
    package private(set) var initial: [(place: ComplicationListPlace, item: ShoppingItem)]
    /// Every change in time order; of two changes at one instant the later one is applied later.
    package private(set) var changes: [Change] = []
    /// The remaining items after the last change.
    private var live: ComplicationContentIndex

    /// The truth starting at the run's start (time zero) with the remaining items of `list`, at
    /// their places in it, followed item by item from there (``record(_:at:time:)``).
    package init(_ list: ShoppingList) {
        initial = list.remainingPlaced
        live = ComplicationContentIndex()
        for entry in initial { live.set(entry.item, at: entry.place) }
    }

    /// Records that from `time` (not before the last change) the remaining item at `place` is
    /// `item` (`nil`: none); keeps nothing when that is already so. O(log *n*) expected.
    package mutating func record(_ item: ShoppingItem?, at place: ComplicationListPlace, time: SimTime) {
        let old = live.item(at: place)
        if old == item { return }
        live.set(item, at: place)
        changes.append(Change(at: time, place: place, item: item))
    }

    /// What the face should show at `time` under `mode`.
    ///
    /// - Complexity: O(log *n*) at or after the last change; else O((*n* + *c*) log *n*) for
    ///   *c* changes up to `time`, replayed from the start.
    package func content(at time: SimTime, mode: ComplicationContentMode) -> ComplicationContent {
        index(at: time).content(at: time, mode: mode)
    }

    /// The remaining items at `time`, indexed (the first state before the start; O(1) at or after
    /// the last change).
    func index(at time: SimTime) -> ComplicationContentIndex {
        // At or after the last change (the start, before any change), the latest state.
        if time >= changes.last?.at ?? .zero { return live }
        var cursor = Cursor(self)
        cursor.advance(to: time)
        return cursor.index
    }

    /// The list at one state, moved forward by applying later changes to an index of its own.
    package struct Cursor: Sendable {
        private let changes: [Change]
        /// The number of changes applied.
        package private(set) var applied = 0
        /// The remaining items at the state reached.
        private(set) var index: ComplicationContentIndex

        /// A cursor at `truth`'s first state, to move through its states in time order (``advance(to:)``).
        package init(_ truth: ComplicationTruth) {
            changes = truth.changes
            index = ComplicationContentIndex()
            for entry in truth.initial { index.set(entry.item, at: entry.place) }
        }

        /// Moves to the state in force at `time` (never backwards): applies every change at or
        /// before `time`, O(log *n*) expected each.
        package mutating func advance(to time: SimTime) {
            while applied < changes.count, changes[applied].at <= time {
                index.set(changes[applied].item, at: changes[applied].place)
                applied += 1
            }
        }
    }
}

extension ComplicationTruth: StorageAdopting {
    /// Keeps this truth in `old`'s storage (``StorageAdopting``).
    package mutating func adoptStorage(of old: inout ComplicationTruth) {
        initial.adoptStorage(of: &old.initial)
        changes.adoptStorage(of: &old.changes)
        live.adoptStorage(of: &old.live)
    }
}
