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
/// function of the remaining items and the time (``ComplicationContentIndex/content(at:mode:)``).
package struct ComplicationContent: Hashable, Sendable {
    /// Items not yet checked off.
    package var remaining: Int
    /// Remaining items whose reminder time has passed.
    package var overdue = 0
    package var next = ComplicationNextUp.nothing
}
