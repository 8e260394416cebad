/// Whether an app (the phone app or the watch app) is running, and how.
package enum AppRunState: String, Hashable, Sendable {
    /// Not launched, or killed / terminated.
    case notRunning
    /// Running without the user looking at it (woken by a message, or sent to the background).
    case background
    /// Running in front of the user.
    case foreground

    /// Lifecycle events.
    package enum Event: Hashable, Sendable {
        /// The user opened the app.
        case launch
        /// The system launched it in the background (a watch message wakes the phone app).
        case wakeInBackground
        /// The user left the app.
        case moveToBackground
        /// The user killed it, or the system terminated it.
        case terminate
    }

    /// Whether the app's code runs (it can send and receive).
    package var isRunning: Bool { self != .notRunning }

    /// Whether the user is looking at it.
    package var isForeground: Bool { self == .foreground }

    /// The transition for `event`.
    package mutating func reduce(_ event: Event) {
        switch event {
        case .launch: self = .foreground
        case .wakeInBackground: if self == .notRunning { self = .background }
        case .moveToBackground: if self == .foreground { self = .background }
        case .terminate: self = .notRunning
        }
    }

    /// The name used in traces and scenario files: the case's (`"notRunning"`).
    package var name: String { rawValue }
}

/// How each app runs, as its owner (the watch side, the phone side) says when the link handles an
/// event; the link keeps no copy (``LinkMoment/apps``).
package struct LinkApps: Hashable, Sendable {
    /// The watch app's state.
    package var watch: AppRunState
    /// The phone app's state.
    package var phone: AppRunState

    /// The two apps' states.
    package init(watch: AppRunState, phone: AppRunState) {
        self.watch = watch
        self.phone = phone
    }

    /// Applies `event` to `side`'s app (for a driver that owns both apps); returns what to tell
    /// the link if the app started running (deliver what waits for it) or stopped (its message
    /// handlers are gone and its replies will never be sent).
    package mutating func change(_ side: LinkSide, _ event: AppRunState.Event) -> LinkEnvironmentChange? {
        let wasRunning = self[side].isRunning
        self[side].reduce(event)
        switch (wasRunning, self[side].isRunning) {
        case (false, true): return .appStarted(side)
        case (true, false): return .appStopped(side)
        case (false, false), (true, true): return nil
        }
    }

    /// The state of `side`'s app.
    package subscript(side: LinkSide) -> AppRunState {
        get { side == .watch ? watch : phone }
        set {
            if side == .watch { watch = newValue } else { phone = newValue }
        }
    }
}
