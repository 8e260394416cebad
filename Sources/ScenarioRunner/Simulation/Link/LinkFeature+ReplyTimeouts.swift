import CompanionModel
import SimulationKernel

extension LinkFeature {
    /// Keeps the loop's handle of the reply timeout of message `id`, just scheduled (the world
    /// performed ``WorldEffect/scheduleReplyTimeout(_:at:)``), so that the timeout can be cancelled
    /// when its message ends otherwise.
    ///
    /// - Complexity: O(1) amortized (messages are sent in ID order).
    mutating func replyTimeoutScheduled(_ id: MessageID, as event: EventID) {
        replyTimeoutEvents.append((id, event))
    }

    /// Removes and returns the loop's handle of the reply timeout of message `id`, if it is
    /// pending (the world cancels it: ``WorldEffect/cancelReplyTimeout(_:)``).
    ///
    /// - Complexity: O(*k*) for the *k* timeouts pending before it (the oldest is usually the one).
    mutating func takeReplyTimeout(_ id: MessageID) -> EventID? {
        guard let index = replyTimeoutEvents.firstIndex(where: { $0.message == id }) else { return nil }
        return replyTimeoutEvents.remove(at: index).event
    }

    /// Forgets every pending handle (the world moves its events into a new loop to settle, and
    /// tells the link the new handles).
    mutating func forgetReplyTimeouts() {
        replyTimeoutEvents.removeAll(keepingCapacity: true)
    }
}
