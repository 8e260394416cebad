/// Whether a model builds the trace events of what it does: the link (``WatchLink/tracing``)
/// and a sync endpoint (``SyncEndpoint/tracing``).
///
/// A run that keeps no trace (`sweep`, `explore`) sets ``untraced``: the models then skip the
/// work of describing each step (field lists, payload summaries, trail notes) that nobody would
/// read. Nothing else a model does depends on it.
public enum ModelTracing: Hashable, Sendable {
    /// Every trace event is built (what a recorded run prints).
    case traced
    /// No trace detail is built: the link's message events carry no fields (the driver drops
    /// them) and a sync endpoint returns no trail notes (its trail is still kept).
    case untraced
}
