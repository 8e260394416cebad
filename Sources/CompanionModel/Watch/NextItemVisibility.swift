/// The question a sorted list exists to answer: after a wrist raise, can the shopper see the next
/// item to pick up without scrolling?
///
/// The list is assumed scrolled to the top when the app comes on screen (rows are counted from
/// the first remaining row); `row` is 0-based.
package enum NextItemVisibility: Hashable, Sendable {
    /// The next item is on row `row`, within the first `rowsVisible` rows.
    case visible(row: Int, rowsVisible: Int)
    /// The next item is on row `row`, below the fold: the shopper must scroll.
    case needsScroll(row: Int, rowsVisible: Int)
    /// Nothing is left to pick up.
    case nothingToPickUp
    /// The wrist came up on the clock face: the app is not on screen at all.
    case clockFace

    /// Whether the shopper sees the next item without scrolling.
    package var isVisible: Bool {
        if case .visible = self { return true }
        return false
    }

    /// Where the next item is, given where it is among the remaining rows, on a screen showing
    /// `rowsVisible` rows.
    ///
    /// - Complexity: O(1).
    package static func of(_ next: NextPick, rowsVisible: Int) -> NextItemVisibility {
        switch next {
        case .nothing: return .nothingToPickUp
        case .onRow(let row):
            return row < rowsVisible
                ? .visible(row: row, rowsVisible: rowsVisible)
                : .needsScroll(row: row, rowsVisible: rowsVisible)
        }
    }

    /// A short label for reports: `"visible (row 1 of 3)"`, `"scroll (row 4, 3 visible)"`.
    package var label: String {
        switch self {
        case .visible(let row, let rows): return "visible (row \(row + 1) of \(rows))"
        case .needsScroll(let row, let rows): return "scroll (row \(row + 1), \(rows) visible)"
        case .nothingToPickUp: return "nothing to pick up"
        case .clockFace: return "clock face"
        }
    }
}

/// Where the item the shopper will pick up next is among the remaining rows (in display order,
/// sorted by the learned store order), in the list as they will see it at a wrist raise: all the
/// next-item report reads of the list. The driver works the row out without building the rows.
package enum NextPick: Hashable, Sendable {
    /// On remaining row `row` (0 is the top row).
    case onRow(Int)
    /// Nothing is left to pick up (the trip is over).
    case nothing
}
