/// Which step starts and ends a ``PipelineSession`` records as ``PipelineEffect``s.
///
/// A synchronous send's ``PipelineEffect/awaitingOutcome(tap:step:at:)`` and the removal's
/// commit (which carries the tap's handler start:
/// ``PipelineEffect/removalCommitted(tap:at:handlerStarted:)``) are always recorded. A driver
/// that acts only on the steps' roles (``PipelineStepRoles``) asks for ``actedOn`` and so does
/// not record, and then skip, the starts and ends of sorting, haptic or label steps; one that
/// has no complication to ask for a reload asks for
/// ``actedOnWithoutComplication``. A batch run that reads only the taps' outcomes records
/// ``nothing``.
///
/// ```swift
/// var session = PipelineSession(pipeline: .optimized, watch: watch, effects: .actedOn)
/// _ = session.tap(at: .zero)
/// let ready = session.wake(at: SimTime(offset: .seconds(Int64(1))))
/// // ready takeEffect() calls give: stepStarted of the send (step 2), stepEnded of the table
/// // model (step 0), removalCommitted, stepEnded of the complication (step 6).
/// ```
package enum PipelineEffectSelection: Hashable, Sendable {
    /// Every step's start and end.
    case everyStep
    /// Only what the simulation acts on: the start of a send that does not await its outcome (its
    /// message leaves as it starts), and the ends of the steps that commit the check-off or ask
    /// the complication to reload.
    case actedOn
    /// ``actedOn`` without the ends of the steps that update the complication
    /// (``PipelineStepRoles/Role/updatesComplication``): what a driver acts on when there is no
    /// complication to reload.
    case actedOnWithoutComplication
    /// No effect at all, not even the always recorded ones.
    case nothing

    /// Whether the start of a step with `role` is recorded.
    ///
    /// - Complexity: O(1).
    func recordsStart(of role: PipelineStepRoles.Role) -> Bool {
        switch self {
        case .everyStep: true
        case .actedOn, .actedOnWithoutComplication: role == .sendsMessage(awaitsOutcome: false)
        case .nothing: false
        }
    }

    /// Whether the end of a step with `role` is recorded.
    ///
    /// - Complexity: O(1).
    func recordsEnd(of role: PipelineStepRoles.Role) -> Bool {
        switch self {
        case .everyStep: true
        case .actedOn: role == .commitsCheckOff || role == .updatesComplication
        case .actedOnWithoutComplication: role == .commitsCheckOff
        case .nothing: false
        }
    }
}
