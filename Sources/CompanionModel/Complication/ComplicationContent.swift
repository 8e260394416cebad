import SimulationKernel

/// What the complication says besides the remaining count, chosen per scenario.
package enum ComplicationContentMode: String, CaseIterable, Hashable, Sendable {
    /// The title of the next item on the list (in list order).
    case nextItem
    /// The remaining item with the earliest due reminder, and when it is due (or that it is overdue).
    case nextDue
}

/// The secondary line of the complication.
package enum ComplicationNextUp: Hashable, Sendable {
    /// Nothing to show (the list is empty, or no remaining item has a reminder).
    case nothing
    /// The next item's title.
    case item(title: String)
    /// The earliest reminder, still in the future.
    case due(title: String, at: SimTime)
    /// The earliest reminder, already past.
    case overdue(title: String, since: SimTime)
}

/// The data behind one timeline entry: what is true about the list at one moment, a pure
/// function of the remaining items and the time (``init(remaining:at:mode:)``).
package struct ComplicationContent: Hashable, Sendable {
    /// Items not yet checked off.
    package var remaining: Int
    /// Remaining items whose reminder time has passed.
    package var overdue = 0
    package var next = ComplicationNextUp.nothing
}

extension ComplicationContent {
    /// The content for `remaining` items (in list order) at `time`.
    ///
    /// An item is overdue when its due time is at or before `time`; ``ComplicationContentMode/nextDue``
    /// shows the item with the earliest due time (ties: the earlier in list order).
    ///
    /// - Complexity: O(*n*) in the number of remaining items.
    package init(remaining items: [ShoppingItem], at time: SimTime, mode: ComplicationContentMode) {
        remaining = items.count
        let dues = items.compactMap { item in item.due.map { (at: $0, title: item.title) } }
        overdue = dues.count { $0.at <= time }
        switch mode {
        case .nextItem:
            next = items.first.map { .item(title: $0.title) } ?? .nothing
        case .nextDue:
            // `min(by:)` keeps the first of equal due times: the earlier in list order.
            if let (due, title) = dues.min(by: { $0.at < $1.at }) {
                next = due <= time ? .overdue(title: title, since: due) : .due(title: title, at: due)
            } else {
                next = .nothing
            }
        }
    }
}
