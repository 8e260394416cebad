/// Which tap a report draws in its first swimlanes, and why that one.
package enum DrawnTap: Hashable, Sendable {
    /// No tap reached the list: nothing is drawn.
    case none
    /// The slowest tap of the naive run (0-based), the default.
    case slowest(Int)
    /// The tap asked for with `--tap` (0-based).
    case requested(Int)

    /// The 0-based tap drawn, `nil` when none is.
    package var index: Int? {
        switch self {
        case .none: return nil
        case .slowest(let tap), .requested(let tap): return tap
        }
    }

    /// Why this tap is drawn, as the swimlanes' caption says it (`nil` when none is).
    package var reason: String? {
        switch self {
        case .none: return nil
        case .slowest: return "the slowest"
        case .requested: return "chosen with --tap"
        }
    }
}
