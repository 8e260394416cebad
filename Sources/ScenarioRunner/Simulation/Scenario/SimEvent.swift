import CompanionModel

/// Everything that can be due on the simulation's event loop, addressed to its owner.
///
/// A new feature adds one case carrying its own event type, one line in
/// ``ScenarioSimulation/route(_:into:)`` and one stored property in ``ScenarioSimulation``.
package enum SimEvent: Sendable {
    /// Perform the script's action `index` (the action steps alone, in time order:
    /// ``PreparedScenario/stepRuns``).
    case step(Int)
    /// For the watch side: wrist, app lifecycle, taps, pipeline, link deliveries and outcomes.
    case watch(WatchEvent)
    /// For the phone side: phone app runs, notifications, link deliveries and outcomes.
    case phone(PhoneEvent)
    /// For the link: app requests, environment changes, the link's own timers.
    case link(LinkEvent)
    /// For the complication: reload requests, face changes, background refreshes.
    case complication(ComplicationEvent)

    /// Whether settling the link handles this event: the link's own, and the watch app's
    /// lifecycle timers (a relaunched app must finish launching before it receives).
    var isSettlingEvent: Bool {
        switch self {
        case .link, .watch(.app): return true
        case .step, .watch, .phone, .complication: return false
        }
    }
}
