import SimulationKernel

/// An event type that carries the link's timers on a driver's loop (``LinkEvent`` itself, or
/// the world's event with a case for the link); each conformance is specialised for its event.
package protocol LinkTimerEvent {
    /// Schedules the event that fires `timer` on `loop` at `time`; returns the loop's handle.
    static func schedule(_ timer: LinkTimer, at time: SimTime, on loop: inout EventLoop<Self>) -> EventID
    /// Cancels the pending event `handle` on `loop`; returns whether it was pending.
    static func cancel(_ handle: EventID, on loop: inout EventLoop<Self>) -> Bool
}

extension LinkEvent: LinkTimerEvent {
    /// Schedules `.timer(timer)`.
    package static func schedule(_ timer: LinkTimer, at time: SimTime, on loop: inout EventLoop<LinkEvent>) -> EventID {
        loop.schedule(.timer(timer), at: time)
    }

    /// Cancels `handle`.
    package static func cancel(_ handle: EventID, on loop: inout EventLoop<LinkEvent>) -> Bool {
        loop.cancel(handle)
    }
}

/// The one driver of the link's timers, held by every driver of ``WatchLink``: it performs the
/// transport's timer effects (``LinkTransportEffect/timer(_:)``) on the caller's event loop and
/// keeps the handles of the pending reply timeouts, so one is cancelled when its message ends
/// otherwise. A driver calls ``willHandle(_:)`` as it hands a link event over.
package struct LinkTimers: Sendable {
    /// The loop's handles of the pending reply timeouts, in send order.
    private var replyTimeouts: [(message: MessageID, event: EventID)] = []

    /// No timer pending.
    package init() {}

    /// Whether no reply timeout's handle is kept.
    package var isEmpty: Bool { replyTimeouts.isEmpty }

    /// Performs `effect` on `loop`: schedules the timer (keeping a reply timeout's handle), or
    /// cancels the reply timeout of a message that ended otherwise. Returns whether the effect
    /// took place (`false`: a cancel of a reply timeout that was not pending).
    ///
    /// - Complexity: O(log *n*) on a loop of *n* events, plus O(*k*) for *k* pending reply timeouts.
    @discardableResult
    package mutating func perform<Event: LinkTimerEvent>(
        _ effect: LinkTimerEffect, on loop: inout EventLoop<Event>
    ) -> Bool {
        switch effect {
        case .schedule(let timer, let time):
            keep(timer, as: Event.schedule(timer, at: time, on: &loop))
            return true
        case .cancelReplyTimeout(let message):
            guard let index = replyTimeouts.firstIndex(where: { $0.message == message }) else { return false }
            return Event.cancel(replyTimeouts.remove(at: index).event, on: &loop)
        }
    }

    /// Keeps `handle`, the loop's handle of `timer` just scheduled, if it is a reply timeout (a
    /// driver that moves its events into a new loop calls ``removeAll()`` first).
    package mutating func keep(_ timer: LinkTimer, as handle: EventID) {
        if case .replyTimeout(let message) = timer { replyTimeouts.append((message, handle)) }
    }

    /// Forgets the handle of `event` if it is a reply timeout (it has left the loop).
    package mutating func willHandle(_ event: LinkEvent) {
        guard case .timer(.replyTimeout(let message)) = event,
            let index = replyTimeouts.firstIndex(where: { $0.message == message })
        else { return }
        replyTimeouts.remove(at: index)
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
