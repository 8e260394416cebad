/// The activation state of the `WCSession` shared by both sides (PLATFORM.md §2.1): only an
/// `activated` session may send; switching watches goes `inactive`, then `notActivated`.
package enum SessionActivation: String, Hashable, Sendable {
    /// No communication occurs; sending is a programmer error.
    case notActivated
    /// Transitioning to deactivated: data may still be received, but not sent.
    case inactive
    /// Both apps may communicate freely.
    case activated

    /// Events that move the activation state.
    package enum Event: Hashable, Sendable {
        /// The app called `activate()` and activation completed.
        case activate
        /// The user switched to another watch (`sessionDidBecomeInactive`).
        case becomeInactive
        /// The old session finished deactivating (`sessionDidDeactivate`).
        case deactivate
    }

    /// What the link must do after a transition.
    package enum Effect: Hashable, Sendable {
        /// Cancel every interactive message in flight with ``LinkError/sessionInactive``.
        case cancelInteractiveMessages
        /// The session can send again: resume queued transfers.
        case resumeTransfers
    }

    /// The name used in traces: the case's (`"activated"`).
    package var name: String { rawValue }

    /// Whether either side may send.
    package var canSend: Bool { self == .activated }

    /// The error the system gives a send or transfer made in this state (`nil` when it may send):
    /// 7004 ``LinkError/sessionNotActivated``, or 7016 ``LinkError/sessionInactive`` while
    /// inactive (`WCError.Code`: "when you try to send data using an inactive session").
    package var sendRefusal: LinkError? {
        switch self {
        case .notActivated: return .sessionNotActivated
        case .inactive: return .sessionInactive
        case .activated: return nil
        }
    }

    /// The transition for `event`, and what the link must do after it; an event that does not
    /// apply to the current state changes nothing (`nil`), as the system ignores it.
    package mutating func reduce(_ event: Event) -> Effect? {
        switch (self, event) {
        case (.notActivated, .activate), (.inactive, .activate):
            self = .activated
            return .resumeTransfers
        case (.activated, .becomeInactive):
            self = .inactive
            return .cancelInteractiveMessages
        case (.inactive, .deactivate), (.activated, .deactivate):
            self = .notActivated
            return .cancelInteractiveMessages
        case (.activated, .activate), (.notActivated, .becomeInactive), (.inactive, .becomeInactive),
            (.notActivated, .deactivate):
            return nil
        }
    }
}
