import CompanionModel
import SimulationKernel

/// What the complication asks of its timers (``WorldEffect/complicationTimer(_:)``), performed on
/// the world's loop by ``ComplicationTimers/perform(_:on:)``.
package enum ComplicationTimerEffect: Sendable {
    /// Put `timer` on the loop at `time`; the pending timer of its kind, no longer wanted, is cancelled.
    case schedule(ComplicationTimer, at: SimTime)
    /// Cancel the pending timer of this kind, if any: it is no longer wanted.
    case cancel(ComplicationWake)
}

/// The keeper of the complication's timer handles: at most one pending timer of each kind
/// (``ComplicationWake``), so a timer no longer wanted is cancelled on the loop rather than
/// left to fire and be ignored. Held by ``ComplicationFeature``, performed by the world.
struct ComplicationTimers: Sendable {
    /// The loop's handle of the pending timer of each kind, at the kind's place
    /// (``ComplicationWake/rawValue``); `nil` when none of that kind is pending.
    private(set) var handles = [EventID?](repeating: nil, count: ComplicationWake.allCases.count)

    /// Performs `effect` on `loop`: schedules the timer (keeping its handle, and cancelling the
    /// pending one of its kind), or cancels the pending timer of a kind.
    ///
    /// - Complexity: O(log *n*) on a loop of *n* events.
    mutating func perform(_ effect: ComplicationTimerEffect, on loop: inout EventLoop<SimEvent>) {
        let kind: ComplicationWake
        var replacement: EventID?
        switch effect {
        case .schedule(let timer, let time):
            kind = timer.kind
            replacement = loop.schedule(.complication(.timer(timer)), at: time)
        case .cancel(let cancelled):
            kind = cancelled
        }
        swap(&handles[kind.rawValue], &replacement)
        if let old = replacement { loop.cancel(old) }
    }

    /// Forgets the handle of `timer`: it has left the loop and fires now.
    mutating func willHandle(_ timer: ComplicationTimer) {
        handles[timer.kind.rawValue] = nil
    }
}
