import SimulationKernel

/// The one keeper of the link's timer handles, held by every driver of ``WatchLink``: a driver
/// performs the transport's timer effects (``LinkTransportEffect/timer(_:)``) on its own event
/// loop (``perform(_:on:)`` here for a loop of ``LinkEvent``s; the world has its own for its
/// loop) and keeps the handles of the pending reply timeouts here, so one is cancelled when its
/// message ends otherwise. A driver calls ``willHandle(_:)`` as it hands a link event over.
package struct LinkTimers: Sendable {
    /// The loop's handles of the pending reply timeouts (in no particular order: usually one).
    private(set) var replyTimeouts: [(message: MessageID, event: EventID)] = []

    /// No timer pending.
    package init() {}

    /// Performs `effect` on `loop`: schedules the timers (keeping a reply timeout's handle), or
    /// cancels the reply timeout of a message that ended otherwise (if it is still pending).
    ///
    /// - Complexity: O(log *n*) on a loop of *n* events, plus O(*k*) for *k* pending reply timeouts.
    package mutating func perform(_ effect: consuming LinkTimerEffect, on loop: inout EventLoop<LinkEvent>) {
        switch consume effect {
        case .schedule(let timer, let time):
            loop.schedule(.timer(timer), at: time)
        case .scheduleInteractive(let message, let arrival, let timeout):
            loop.schedule(.timer(.messageArrival(message)), at: arrival)
            keep(replyTimeoutOf: message, as: loop.schedule(.timer(.replyTimeout(message)), at: timeout))
        case .cancelReplyTimeout(let message):
            if let handle = takeReplyTimeout(of: message) { loop.cancel(handle) }
        }
    }

    /// Keeps `handle`, the loop's handle of `message`'s reply timeout just scheduled (a driver
    /// that moves its events into a new loop calls ``removeAll()`` first).
    package mutating func keep(replyTimeoutOf message: MessageID, as handle: EventID) {
        replyTimeouts.append((message, handle))
    }

    /// Forgets and returns the handle of `message`'s reply timeout, if it is pending.
    package mutating func takeReplyTimeout(of message: MessageID) -> EventID? {
        guard let index = replyTimeouts.firstIndex(where: { $0.message == message }) else { return nil }
        let last = replyTimeouts.removeLast()
        guard index < replyTimeouts.endIndex else { return last.event }
        defer { replyTimeouts[index] = last }
        return replyTimeouts[index].event
    }

    /// Forgets the handle of `event` if it is a reply timeout (it has left the loop).
    package mutating func willHandle(_ event: LinkEvent) {
        guard case .timer(.replyTimeout(let message)) = event else { return }
        _ = takeReplyTimeout(of: message)
    }

    /// Forgets every handle.
    package mutating func removeAll() {
        replyTimeouts.removeAll(keepingCapacity: true)
    }
}

extension LinkTimers: StorageAdopting {
    /// Keeps these handles in `old`'s storage (``StorageAdopting``).
    package mutating func adoptStorage(of old: inout LinkTimers) {
        replyTimeouts.adoptStorage(of: &old.replyTimeouts)
    }
}
