import CompanionModel
import SimulationKernel

extension SimEvent: LinkTimerEvent {
    /// Schedules `.link(.timer(timer))`: the link's timers travel on the world's loop as link events.
    package static func schedule(_ timer: LinkTimer, at time: SimTime, on loop: inout EventLoop<SimEvent>) -> EventID {
        loop.schedule(.link(.timer(timer)), at: time)
    }

    /// Cancels `handle`.
    package static func cancel(_ handle: EventID, on loop: inout EventLoop<SimEvent>) -> Bool {
        loop.cancel(handle)
    }
}
