/// Whether the link builds the trace events of what it does (``WatchLink/tracing``).
///
/// A run that keeps no trace (`sweep`, `explore`) sets ``untraced``: the link then skips the
/// work of describing each message (its fields, its payload's summary) that nobody would read.
/// Nothing else the link does depends on it.
public enum LinkTracing: Hashable, Sendable {
    /// Every trace event is built (what a recorded run prints).
    case traced
    /// The link's message events carry no fields; the driver drops them.
    case untraced
}
