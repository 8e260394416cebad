import CompanionModel
import SimulationKernel

extension PhoneFeature {
    /// Runs a lifecycle event through ``PhoneAppLifecycle`` and performs its effects: the trace,
    /// the link's view of the app (deliveries to the phone and `isReachable` follow it), and the
    /// sync courier (unanswered messages are re-sent when the app runs again).
    mutating func lifecycle(
        _ event: PhoneAppLifecycle.Event, cause: String, _ context: WorldContext, into effects: inout WorldEffects
    ) {
        for effect in appLifecycle.reduce(event) {
            switch effect {
            case .changed(let from, let to):
                effects.append(.appChanged(.phone, to.runState))
                effects.append(
                    .trace(.phoneApp, at: context.now, ["state": .string(to.name), "cause": .string(cause)]))
                if from.isRunning != to.isRunning {
                    effects.append(.send(.link(.environment(to.isRunning ? .appStarted(.phone) : .appStopped(.phone)))))
                    reduceSync(to.isRunning ? .appStarted : .appStopped, context, into: &effects)
                }
            }
        }
    }
}
