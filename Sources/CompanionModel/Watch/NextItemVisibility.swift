/// The question a sorted list exists to answer: after a wrist raise, can the shopper see the next
/// item to pick up without scrolling?
///
/// The list is assumed scrolled to the top when the app comes on screen (rows are counted from
/// the first remaining row); `row` is 0-based.
public enum NextItemVisibility: Hashable, Sendable {
    /// The next item is on row `row`, within the first `rowsVisible` rows.
    case visible(row: Int, rowsVisible: Int)
    /// The next item is on row `row`, below the fold: the shopper must scroll.
    case needsScroll(row: Int, rowsVisible: Int)
    /// The next item to pick up is not among the remaining rows.
    case notOnList
    /// Nothing is left to pick up.
    case nothingToPickUp
    /// The wrist came up on the clock face: the app is not on screen at all.
    case clockFace

    /// Whether the shopper sees the next item without scrolling.
    public var isVisible: Bool {
        if case .visible = self { return true }
        return false
    }

    /// Where the next item is for `next` in `remaining` (display order) on a screen showing
    /// `rowsVisible` rows.
    ///
    /// - Complexity: O(*n*) in the number of remaining rows.
    public static func of(_ next: ItemID?, in remaining: [ItemID], rowsVisible: Int) -> NextItemVisibility {
        guard let next else { return .nothingToPickUp }
        guard let row = remaining.firstIndex(of: next) else { return .notOnList }
        return row < rowsVisible
            ? .visible(row: row, rowsVisible: rowsVisible)
            : .needsScroll(row: row, rowsVisible: rowsVisible)
    }

    /// A short label for reports: `"visible (row 1 of 3)"`, `"scroll (row 4, 3 visible)"`.
    public var label: String {
        switch self {
        case .visible(let row, let rows): return "visible (row \(row + 1) of \(rows))"
        case .needsScroll(let row, let rows): return "scroll (row \(row + 1), \(rows) visible)"
        case .notOnList: return "not on list"
        case .nothingToPickUp: return "nothing to pick up"
        case .clockFace: return "clock face"
        }
    }
}

/// The list as the shopper will see it at a wrist raise: the remaining items in display order
/// (sorted by the learned store order) and the item they will pick up next.
public struct ListSnapshot: Hashable, Sendable {
    /// Remaining item identifiers, top row first.
    public var remaining: [ItemID]
    /// The item the shopper picks up next (`nil` when the trip is over).
    public var next: ItemID?

    public init(remaining: [ItemID], next: ItemID?) {
        self.remaining = remaining
        self.next = next
    }
}
