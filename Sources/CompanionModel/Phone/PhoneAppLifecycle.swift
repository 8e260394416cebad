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
/// remains in the foreground"). The user opens it (``AppRunState/Event/launch``), leaves it, or
/// kills it; the system may terminate it.
package enum PhoneAppLifecycle: Hashable, Sendable {
    /// Not launched, or killed / terminated.
    case notRunning
    /// Running without the user looking at it, since the given time.
    case background(since: SimTime)
    /// In front of the user, since the given time.
    case foreground(since: SimTime)

    /// The lifecycle in `state` since `time` (at the start of a run: the link settings'
    /// `"phoneApp"`, since zero).
    package init(_ state: AppRunState, since time: SimTime = .zero) {
        switch state {
        case .notRunning: self = .notRunning
        case .background: self = .background(since: time)
        case .foreground: self = .foreground(since: time)
        }
    }

    /// Applies `event` at `time`, and returns the state it left when the state changed (the
    /// driver traces the change, tells the link when ``runState`` changed, and the sync courier
    /// of a start or a stop), `nil` when nothing changed. The transitions are those of the app as
    /// WatchConnectivity sees it (``AppRunState/reduce(_:)``, their one owner); this lifecycle
    /// adds since when. An event that does not apply to the current state (leaving an app that
    /// does not run, killing one that is not running, a wake of a running app) changes nothing:
    /// all of them can be written in a scenario.
    ///
    /// - Complexity: O(1).
    package mutating func reduce(_ event: AppRunState.Event, at time: SimTime) -> PhoneAppLifecycle? {
        var state = runState
        state.reduce(event)
        guard state != runState else { return nil }
        let before = self
        self = PhoneAppLifecycle(state, since: time)
        return before
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
