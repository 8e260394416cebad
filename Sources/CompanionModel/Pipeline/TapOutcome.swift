import SimulationKernel

/// What happened to one tap in a ``PipelineSession`` run.
package struct TapOutcome: Hashable, Sendable {
    /// The tap's index: the number of taps submitted before it.
    package var index: Int
    /// When the finger touched the row.
    package var tap: SimTime
    /// When the main queue started the tap's handler (later than ``tap`` if main was busy).
    package var handlerStarted: SimTime
    /// When the handler returned.
    package var handlerFinished: SimTime
    /// When the main-queue block that ran `removeRow` ended: the UI change is committed.
    package var removalCommitted: SimTime
    /// The first frame at or after ``removalCommitted`` (see ``FrameClock``): the row is gone.
    package var rowGone: SimTime
    /// Each pipeline step's run, in pipeline order.
    package var steps: [StepRun]
    /// When the message to the phone started and finished being sent (`nil`: the pipeline sends none).
    package var messageSend: (started: SimTime, finished: SimTime)? {
        guard let index = messageStepIndex else { return nil }
        return (steps[index].start, steps[index].end)
    }
    /// When the last of the tap's steps, on any queue, ended.
    package var finished: SimTime { steps.reduce(handlerFinished) { max($0, $1.end) } }

    var messageStepIndex: Int?

    /// Tap-to-removal latency: tap → the frame without the row.
    package var latency: SimDuration { rowGone - tap }
    /// Time the tap waited for the main queue behind earlier taps' work.
    package var queueingDelay: SimDuration { handlerStarted - tap }
}

/// One step's run for one tap.
package struct StepRun: Hashable, Sendable {
    /// When the step started on its queue.
    package var start: SimTime
    /// When it ended.
    package var end: SimTime
    /// The CPU time it needed on this chip: its reference cost scaled by the chip's speed, as drawn
    /// by the run's ``PipelineJitter``.
    package var cpu: SimDuration

    /// Wall time on its queue: longer than ``cpu`` when it waited or shared a single core.
    package var wall: SimDuration { end - start }
}
