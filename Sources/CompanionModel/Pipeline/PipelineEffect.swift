import SimulationKernel

/// Something a ``PipelineSession`` did at a given time, for the simulation to act on: the commit,
/// the message send, the complication update and the row removal happen at these moments.
package enum PipelineEffect: Hashable, Sendable {
    /// Step `step` (index in the pipeline) of tap `tap` started on its queue.
    case stepStarted(tap: Int, step: Int, at: SimTime)
    /// Step `step` of tap `tap`, a synchronous send, finished its CPU work and now waits for the
    /// outcome (the message leaves now; see ``PipelineSession/releaseSend(tap:at:)``).
    case awaitingOutcome(tap: Int, step: Int, at: SimTime)
    /// Step `step` of tap `tap` ended.
    case stepEnded(tap: Int, step: Int, at: SimTime)
    /// The main-queue block that removed tap `tap`'s row returned: the removal is committed and
    /// will be drawn at the next frame (``FrameClock/firstBoundary(atOrAfter:)``). The tap's
    /// handler started at `handlerStarted` (its queueing delay ended then): the one report of
    /// the handler's start.
    case removalCommitted(tap: Int, at: SimTime, handlerStarted: SimTime)
}
