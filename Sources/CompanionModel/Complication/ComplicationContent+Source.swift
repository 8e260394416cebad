import SimulationKernel

extension ComplicationContent {
    /// What the content of one remaining list depends on, worked out once: a reload's timeline
    /// asks for the content at up to ``ComplicationTimelineBuilder/futureEntryLimit`` times over
    /// the same list, and each then costs a binary search instead of a pass over the list.
    ///
    /// ``content(at:)`` is ``ComplicationContent/init(remaining:at:mode:)`` for the same list.
    ///
    /// ```swift
    /// let source = ComplicationContent.Source(items, mode: .nextDue)
    /// source.content(at: now) == ComplicationContent(remaining: items, at: now, mode: .nextDue)   // true
    /// ```
    struct Source {
        /// How many items remain.
        let remaining: Int
        /// The remaining items' due times, ascending (items without one left out).
        let dues: [SimTime]
        /// What the secondary line names: the first item (``ComplicationContentMode/nextItem``) or
        /// the item due first, the earlier in list order on a tie (``ComplicationContentMode/nextDue``),
        /// with its due time; `nil` when there is none.
        let named: (title: String, due: SimTime?)?

        /// The source of `items` (in list order) under `mode`.
        ///
        /// - Complexity: O(*n* log *n*) for *n* items.
        init(_ items: [ShoppingItem], mode: ComplicationContentMode) {
            remaining = items.count
            dues = items.compactMap(\.due).sorted()
            switch mode {
            case .nextItem:
                named = items.first.map { ($0.title, nil) }
            case .nextDue:
                named = ComplicationContent.earliestDue(in: items).map { ($0.title, $0.due) }
            }
        }

        /// The content at `time`.
        ///
        /// - Complexity: O(log *n*).
        func content(at time: SimTime) -> ComplicationContent {
            let overdue = dues.partitionPoint { $0 > time }
            let next: ComplicationNextUp
            switch named {
            case nil: next = .nothing
            case (let title, nil)?: next = .item(title: title)
            case (let title, let due?)?:
                next = due <= time ? .overdue(title: title, since: due) : .due(title: title, at: due)
            }
            return ComplicationContent(remaining: remaining, overdue: overdue, next: next)
        }

        /// The distinct due times after `time`, ascending: the instants at which the content
        /// changes without a list change.
        ///
        /// - Complexity: O(*n*).
        func changeTimes(after time: SimTime) -> [SimTime] {
            var distinct: [SimTime] = []
            for due in dues where due > time && distinct.last != due { distinct.append(due) }
            return distinct
        }
    }
}
