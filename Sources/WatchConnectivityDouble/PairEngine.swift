import CompanionModel
import Foundation
import SimulationKernel

/// The lock around a pair's state (``PairState``), and the loop that runs its events and then,
/// outside the lock, the delegate calls they decided, one at a time, in order. A callback may
/// call the sessions again (send, reply, activate): what it sends is decided under the lock and
/// its calls join the queue.
final class PairEngine: @unchecked Sendable {
    private let lock = NSLock()
    private var state: PairState
    let start: Date

    init(seed: UInt64, faults: FaultPlan, start: Date, recordsTrail: Bool) {
        state = PairState(seed: seed, faults: faults, recordsTrail: recordsTrail)
        self.start = start
        state.engine = self
    }

    /// Runs `body` on the state under the lock.
    func locked<T>(_ body: (inout PairState) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    /// Keeps a reply for the message sent with `label`.
    func recordReply(_ body: SentItem.Body, for label: String) {
        locked { $0.replies[label] = body }
    }

    /// Runs every event due at or before `limit` (all of them with `nil`) and the calls they
    /// decide; with a limit the clock then stands at it. Returns whether anything happened.
    @discardableResult
    func run(notAfter limit: SimTime?) -> Bool {
        var progressed = false
        while true {
            if step(notAfter: limit) {
                progressed = true
                continue
            }
            let done = locked { state in
                guard state.calls.isEmpty, !state.hasEventDue(notAfter: limit) else { return false }
                if let limit { state.loop.advance(to: limit) }
                return true
            }
            if done { return progressed }
        }
    }

    /// Makes the delegate calls waiting, or else handles the next event due at or before `limit`
    /// (any with `nil`) and makes the calls it decides: under the lock the state decides, outside
    /// it the calls run, one at a time, in order. `false` when there was nothing to do.
    func step(notAfter limit: SimTime?) -> Bool {
        let calls: [() -> Void]? = locked { state in
            if state.calls.isEmpty, !state.handleNext(notAfter: limit) { return nil }
            var calls: [() -> Void] = []
            swap(&calls, &state.calls)
            return calls
        }
        guard let calls else { return false }
        for call in calls { call() }
        return true
    }
}

extension PairEngine: LinkSettling {
    /// Handles the next event, or the delegate calls waiting, and the calls it decides
    /// (``step(notAfter:)``).
    func handleNextLinkEvent() -> Bool {
        step(notAfter: nil)
    }

    /// Applies `change` now. Activating the session again, both apps activate it (as an app does
    /// in `sessionDidDeactivate`, or at launch), so both delegates hear it complete.
    func applyLinkEnvironment(_ change: LinkEnvironmentChange) {
        locked { state in
            if change == .session(.activate), state.link.connection.activation != .activated {
                state.activationRequested = Device.allCases
            }
            state.change(change)
        }
    }
}

extension PairState {
    /// Whether an event is pending at or before `limit` (any with `nil`).
    func hasEventDue(notAfter limit: SimTime?) -> Bool {
        guard let next = loop.nextTime else { return false }
        guard let limit else { return true }
        return next <= limit
    }
}
