import SimulationKernel

/// What a driver hands the link with each event (``WatchLink/reduce(_:at:emit:)``); the link
/// keeps a copy of none of it.
package struct LinkMoment: Sendable {
    /// The current simulated time.
    package var now: SimTime
    /// How each app runs now, as its owner says.
    package var apps: LinkApps
    /// Whether the driver keeps the link's trace events: with ``TraceMode/off`` the link builds none.
    package var trace: TraceMode

    /// The moment `now`, with the apps running as `apps` says and the trace kept or not.
    package init(now: SimTime, apps: LinkApps, trace: TraceMode) {
        self.now = now
        self.apps = apps
        self.trace = trace
    }
}
