/// What one device does to one item of the shared list.
///
/// The phone can do all five; the watch adds (as by dictation), checks and unchecks.
package enum ListEdit: Hashable, Sendable {
    /// Puts the item on the list with `title`, open (or back on it, if it was removed).
    case add(title: String)
    /// Takes the item off the list.
    case remove
    /// Gives the item a new title.
    case rename(title: String)
    /// Checks the item off.
    case check
    /// Puts a checked item back to open.
    case uncheck

    /// The name used in traces and scenario steps: `"add"`, `"remove"`, `"rename"`, `"check"`,
    /// `"uncheck"`.
    package var name: String {
        switch self {
        case .add: return "add"
        case .remove: return "remove"
        case .rename: return "rename"
        case .check: return "check"
        case .uncheck: return "uncheck"
        }
    }

    /// The title the edit sets, if any.
    package var title: String? {
        switch self {
        case .add(let title), .rename(let title): return title
        case .remove, .check, .uncheck: return nil
        }
    }

    /// Whether the edit puts an item on the list (an add may name an item the list has never
    /// had; every other edit names one it has or had).
    package var isAdd: Bool {
        if case .add = self { return true }
        return false
    }
}
