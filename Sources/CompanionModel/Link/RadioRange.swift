import SimulationKernel

/// Whether the phone is within radio range of the watch (Bluetooth or shared Wi-Fi).
package enum RadioRange: Hashable, Sendable {
    case inRange
    /// Out of range since the given time (for "unreachable for 4m" in traces).
    case outOfRange(since: SimTime)

    /// Range events.
    package enum Event: Hashable, Sendable {
        case leave
        case enter
    }

    /// What the link must do after a transition.
    package enum Effect: Hashable, Sendable {
        /// The link went down: in-flight data is lost and must be retried.
        case linkDown
        /// The link came back after `outage`: resume queued transfers.
        case linkUp(outage: SimDuration)
    }

    /// Whether the phone is in range.
    package var isInRange: Bool { self == .inRange }

    /// The transition for `event` at `now`, and what the link must do after it (`nil`: nothing).
    package mutating func reduce(_ event: Event, at now: SimTime) -> Effect? {
        switch (self, event) {
        case (.inRange, .leave):
            self = .outOfRange(since: now)
            return .linkDown
        case (.outOfRange(let since), .enter):
            self = .inRange
            return .linkUp(outage: now - since)
        case (.inRange, .enter), (.outOfRange, .leave):
            return nil  // already in range, or already out of it
        }
    }
}
