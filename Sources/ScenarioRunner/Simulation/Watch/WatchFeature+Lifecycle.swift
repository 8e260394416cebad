import CompanionModel
import SimulationKernel

extension WatchFeature {
    /// Runs a lifecycle event through ``WatchAppLifecycle`` and performs what a change asks: the
    /// new state's deadline (``WatchAppLifecycle/deadline``), the trace, the link's view of the
    /// app (the phone's `isReachable` and deliveries follow it), and the sync courier
    /// (unanswered messages are re-sent when the app runs again).
    mutating func lifecycle(
        _ event: WatchAppLifecycle.Event, _ context: WorldContext, into effects: inout WorldEffects
    ) {
        guard let from = appLifecycle.reduce(event) else { return }
        let (now, to) = (context.now, appLifecycle)
        if let (due, time) = to.deadline { effects.append(.schedule(.watch(.app(due)), at: time)) }
        effects.append(.appChanged(.watch, to.runState))
        lifecycleChanges.append((now, to))
        if case .recorded = context.trace {
            effects.append(
                .trace(
                    .watchApp, at: now,
                    ["state": .string(to.name), "was": .string(from.name), "cause": .string(event.cause)]))
        }
        if from.isRunning != to.isRunning {
            effects.append(.send(.link(.environment(to.isRunning ? .appStarted(.watch) : .appStopped(.watch)))))
            reduceSync(to.isRunning ? .appStarted : .appStopped, context, into: &effects)
            if !to.isRunning { releaseAllHeldSends(context, into: &effects) }
        }
    }

    /// The app's own lifecycle for the summary: its state now and each change.
    func appSection(at now: SimTime) -> ReportSection {
        let changes = lifecycleChanges.dropFirst()
        return ReportSection(
            title: "watchApp",
            rows: [
                .init("state", .string(appLifecycle.name)),
                .init(
                    "changes", .list(changes.map { .string("\($0.time.offset) \($0.state.name)") }),
                    text: changes.isEmpty
                        ? "-" : changes.map { "\($0.state.name) at \($0.time.offset)" }.joined(separator: ", ")),
            ])
    }
}

extension WatchAppLifecycle.Event {
    /// Why the event happened, for traces.
    var cause: String {
        switch self {
        case .open: return "opened"
        case .launchFinished: return "launched"
        case .returnedToClock: return "returnedToClock"
        case .wake: return "systemWake"
        case .suspendDue: return "backgroundTimeOver"
        case .terminate: return "terminated"
        }
    }
}
