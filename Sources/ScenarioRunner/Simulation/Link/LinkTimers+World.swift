import CompanionModel
import SimulationKernel

extension LinkTimers {
    /// Performs `effect` on the world's loop, where the link's timers travel as
    /// `.link(.timer(_))` events: what ``LinkTimers/perform(_:on:)`` does on a loop of link events.
    ///
    /// - Complexity: O(log *n*) on a loop of *n* events, plus O(*k*) for *k* pending reply timeouts.
    mutating func perform(_ effect: consuming LinkTimerEffect, on loop: inout EventLoop<SimEvent>) {
        switch consume effect {
        case .schedule(.replyTimeout(let message), let time):
            keep(replyTimeoutOf: message, as: loop.schedule(.link(.timer(.replyTimeout(message))), at: time))
        case .schedule(let timer, let time):
            loop.schedule(.link(.timer(timer)), at: time)
        case .scheduleInteractive(let message, let arrival, let timeout):
            loop.schedule(.link(.timer(.messageArrival(message))), at: arrival)
            keep(replyTimeoutOf: message, as: loop.schedule(.link(.timer(.replyTimeout(message))), at: timeout))
        case .cancelReplyTimeout(let message):
            if let handle = takeReplyTimeout(of: message) { loop.cancel(handle) }
        }
    }
}
