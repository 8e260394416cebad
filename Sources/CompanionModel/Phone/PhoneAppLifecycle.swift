import SimulationKernel

/// Whether the phone app's process runs, and how: the one lifecycle of the phone app, owned by
/// the phone side. The link derives what it needs from it (whether the phone app can receive, and
/// `isReachable` on both devices) through ``runState``.
///
/// ```
///   notRunning ──launch──▶ foreground ──moveToBackground──▶ background
///       │  ▲                   ▲                               │
///       │  └── terminate ──────┼───────────────────────────────┤
///       └──────── wake ────────┼──────────────────────────────▶│
///                              └──────────── launch ───────────┘
/// ```
///
/// The system launches the app into the ``background`` for a message from the watch
/// (`sendMessage` wakes the counterpart iOS app, PLATFORM.md §2.2) and for a notification action
/// without `.foreground` (PLATFORM.md §1.4: "processes the action in the background"); a wake of
/// an app that already runs leaves it as it is ("If the app is already in the foreground, it
/// remains in the foreground"). The user opens it (``Event/launch(at:)``), leaves it, or kills
/// it; the system may terminate it.
package enum PhoneAppLifecycle: Hashable, Sendable {
    /// Not launched, or killed / terminated.
    case notRunning
    /// Running without the user looking at it, since the given time.
    case background(since: SimTime)
    /// In front of the user, since the given time.
    case foreground(since: SimTime)

    /// Lifecycle events.
    package enum Event: Hashable, Sendable {
        /// The user opens the app (launched if it was not running).
        case launch(at: SimTime)
        /// The system launches the app into the background (a watch message, a notification
        /// action); nothing changes if it already runs.
        case wake(at: SimTime)
        /// The user leaves the app.
        case moveToBackground(at: SimTime)
        /// The user kills the app, or the system terminates it.
        case terminate(at: SimTime)
    }

    /// The lifecycle at the start of a run, from the link settings' `"phoneApp"`.
    package init(initial state: AppRunState) {
        switch state {
        case .notRunning: self = .notRunning
        case .background: self = .background(since: .zero)
        case .foreground: self = .foreground(since: .zero)
        }
    }

    /// Applies `event`, and returns the state it left when the state changed (the driver traces
    /// the change, tells the link when ``runState`` changed, and the sync courier of a start or a
    /// stop), `nil` when nothing changed. An event that does not apply to the current state
    /// (leaving an app that does not run, killing one that is not running, a wake of a running
    /// app) changes nothing: all of them can be written in a scenario.
    ///
    /// - Complexity: O(1).
    package mutating func reduce(_ event: Event) -> PhoneAppLifecycle? {
        let before = self
        switch (self, event) {
        case (.foreground, .launch):
            break
        case (.notRunning, .launch(let time)), (.background, .launch(let time)):
            self = .foreground(since: time)
        case (.notRunning, .wake(let time)):
            self = .background(since: time)
        case (.background, .wake), (.foreground, .wake):
            break
        case (.foreground, .moveToBackground(let time)):
            self = .background(since: time)
        case (.notRunning, .moveToBackground), (.background, .moveToBackground):
            break
        case (.notRunning, .terminate):
            break
        case (.background, .terminate), (.foreground, .terminate):
            self = .notRunning
        }
        return self == before ? nil : before
    }

    /// Whether the app's code runs (it can send, and receive what the link delivers).
    package var isRunning: Bool { runState.isRunning }

    /// Whether the user is looking at the app.
    package var isForeground: Bool { runState.isForeground }

    /// The app as WatchConnectivity sees it.
    package var runState: AppRunState {
        switch self {
        case .notRunning: return .notRunning
        case .background: return .background
        case .foreground: return .foreground
        }
    }

    /// `"notRunning"`, `"background"`, `"foreground"`.
    package var name: String { runState.name }
}
