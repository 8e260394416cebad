/// What each step of a pipeline means to the rest of the simulation, worked out once per
/// pipeline: acting on a ``PipelineEffect`` is then an array lookup, not a scan of the steps or
/// a comparison of step kinds.
///
/// ```swift
/// let roles = PipelineStepRoles(pipeline: .naive, syncSendAwaitsOutcome: true)
/// roles.byStep[1]            // .commitsCheckOff (updateTableModel)
/// roles.byStep[3]            // .sendsMessage(awaitsOutcome: true)
/// roles.synchronousSend      // 3
/// roles.commitsAtRemoval     // false: the table model step commits
/// ```
package struct PipelineStepRoles: Hashable, Sendable {
    /// What one step does that the simulation acts on.
    package enum Role: Hashable, Sendable {
        /// `updateTableModel`: the check-off is committed when it ends.
        case commitsCheckOff
        /// `sendMessageToPhone`: the message leaves when the step starts, or, for a synchronous
        /// send whose outcome is awaited, when its CPU work ends (and the queue stays blocked
        /// until the outcome).
        case sendsMessage(awaitsOutcome: Bool)
        /// `updateComplication`: a complication reload is requested when it ends.
        case updatesComplication
        /// Nothing the simulation tracks (sorting, row removal, haptic, labels, custom steps).
        case none
    }

    /// Each step's role, in pipeline order.
    package let byStep: [Role]
    /// The step whose wait lasts until its outcome is reported (the synchronous send, when the
    /// session awaits outcomes), if any: a pipeline has at most one send step
    /// (``PipelineError/duplicateStep(_:)``).
    package let synchronousSend: Int?

    /// The roles of `pipeline`'s steps. A send step with a `wait` is a synchronous send; it
    /// awaits its outcome only when `syncSendAwaitsOutcome`.
    ///
    /// - Complexity: O(*s*) for *s* steps.
    package init(pipeline: CheckOffPipeline, syncSendAwaitsOutcome: Bool) {
        byStep = pipeline.steps.map { step in
            switch step.kind {
            case .updateTableModel: .commitsCheckOff
            case .sendMessageToPhone: .sendsMessage(awaitsOutcome: syncSendAwaitsOutcome && step.wait > .zero)
            case .updateComplication: .updatesComplication
            case .updateSortingDatabase, .removeRow, .playHaptic, .updateRemainingCount, .hidePlaceholder, .custom:
                .none
            }
        }
        synchronousSend = byStep.firstIndex(of: .sendsMessage(awaitsOutcome: true))
        commitsAtRemoval = !byStep.contains(.commitsCheckOff)
    }

    /// Whether the check-off commits when the row's removal commits (the pipeline has no
    /// `updateTableModel` step). Stored, as every answer a driver asks on each effect: a read
    /// of a field, where a computed `package` property is a call into this module.
    package let commitsAtRemoval: Bool
}

extension PipelineStepRoles.Role {
    /// Whether the simulation acts when a step with this role starts: a send that does not await
    /// its outcome (its message leaves as the step starts).
    package var actsAtStart: Bool {
        if case .sendsMessage(awaitsOutcome: false) = self { return true }
        return false
    }

    /// Whether the simulation acts when a step with this role ends: the check-off commits, or the
    /// complication is asked to reload.
    package var actsAtEnd: Bool {
        switch self {
        case .commitsCheckOff, .updatesComplication: return true
        case .sendsMessage, .none: return false
        }
    }
}
