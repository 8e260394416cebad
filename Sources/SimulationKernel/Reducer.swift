/// A pure state transition: it mutates the state for an event and returns the effects
/// the driver must perform (schedule a timer, send a message, record a trace event).
///
/// Every lifecycle in WristSim (wrist and app, link session, reminder, complication budget)
/// is an enum state with a reducer of this shape, unit-tested without a simulation.
public typealias Reducer<State, Event, Effect> = (inout State, Event) -> [Effect]
