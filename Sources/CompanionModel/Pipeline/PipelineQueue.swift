/// Where a pipeline step runs.
package enum PipelineQueue: String, CaseIterable, Hashable, Sendable {
    /// Inside the tap handler, on the main queue: it blocks the UI, and the handler's UI changes
    /// reach the screen only when the whole handler has returned.
    case main
    /// Dispatched asynchronously to the main queue (`DispatchQueue.main.async`) when the handler
    /// reaches it: it runs as its own main-queue block, after everything already queued on main
    /// (including taps waiting to be handled), so it no longer delays this tap's row removal.
    case mainAsync = "main-async"
    /// Dispatched to the app's serial background queue when the handler reaches it.
    case background

    /// Whether the step occupies the main thread.
    package var isMain: Bool { self != .background }
}
