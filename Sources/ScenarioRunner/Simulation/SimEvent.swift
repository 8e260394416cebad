import CompanionModel

/// Everything that can be due on the simulation's event loop. A feature adds one case
/// (with its own event type as the associated value) and one line in
/// ``ScenarioSimulation/handle(_:)``.
public enum SimEvent: Sendable {
    /// Perform the action of script step `index`.
    case step(Int)
    /// The watch app's pipeline, wrist deadline and frame events (latency feature).
    case watch(WatchAppEvent)
    /// Background-refresh scheduling and wakes (complication feature).
    case complication(ComplicationEvent)
    /// The phone app's reminders (app runs, notification fire dates).
    case reminders(RemindersEvent)
    /// A watch↔phone link event (timer, fault, step).
    case link(LinkEvent)
}
