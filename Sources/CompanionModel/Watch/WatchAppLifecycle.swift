import SimulationKernel

/// Whether the watch app's process runs, and how: the one lifecycle of the watch app, from which
/// the link derives what it needs (whether the app can receive, and the phone's `isReachable`).
///
/// ```
///   notRunning ──launch──▶ launching ──(launch time)──▶ foreground ──returned to clock──▶ background
///       ▲                                                  ▲   ▲                          │ (background time)
///       └────────── terminate (from any state) ────────────┘   └──── opened / woken ◀──── suspended
/// ```
///
/// PLATFORM.md §5: after the wrist drops the app stays frontmost (``foreground``) until the face
/// returns to the clock (two minutes by default, ``WristAppMachine``); an app "normally
/// transitions to the background and becomes suspended when the user lowers their wrist", so
/// after the return to the clock it runs in the ``background`` for ``backgroundTime`` and is then
/// ``suspended``. A suspended or terminated app receives nothing until it runs again; the system
/// wakes it into the background for a complication transfer (PLATFORM.md §2.4).
package enum WatchAppLifecycle: Hashable, Sendable {
    /// Not launched, or terminated.
    case notRunning
    /// Being launched; it is in the foreground from `readyAt`.
    case launching(readyAt: SimTime)
    /// Frontmost: on screen, or within the frontmost time after the wrist dropped.
    case foreground(since: SimTime)
    /// Running in the background (after the return to the clock, or woken by the system);
    /// suspended at `suspendsAt`.
    case background(since: SimTime, suspendsAt: SimTime)
    /// In memory but not running.
    case suspended(since: SimTime)

    /// How long a launch takes. Apple documents no figure (UNCONFIRMED); one second.
    package static let launchTime = SimDuration.seconds(Int64(1))
    /// How long the app runs in the background before it is suspended. Apple documents no figure
    /// (UNCONFIRMED; "on the order of seconds" for background tasks, PLATFORM.md §6); ten seconds.
    package static let backgroundTime = SimDuration.seconds(Int64(10))

    /// Lifecycle events.
    package enum Event: Hashable, Sendable {
        /// The user opens the app (from the clock face or its icon), or the scenario relaunches it.
        case open(at: SimTime)
        /// The launch finished.
        case launchFinished(at: SimTime)
        /// The face returned to the clock: the app is no longer frontmost.
        case returnedToClock(at: SimTime)
        /// The system wakes the app into the background (a complication transfer arrived).
        case wake(at: SimTime)
        /// The background time is over.
        case suspendDue(at: SimTime)
        /// The system or the user terminates the app.
        case terminate(at: SimTime)
    }

    /// Applies `event`, and returns the state it left when the state changed (`nil` when nothing
    /// changed). Events that do not apply to the current state change nothing (a stale
    /// suspension deadline after the app came back, opening an app already in front). The
    /// driver schedules the ``deadline`` of the state entered.
    ///
    /// - Complexity: O(1).
    package mutating func reduce(_ event: Event) -> WatchAppLifecycle? {
        let before = self
        switch (self, event) {
        case (.notRunning, .open(let time)):
            self = .launching(readyAt: time + Self.launchTime)
        case (.launching(let readyAt), .launchFinished(let time)):
            if time >= readyAt { self = .foreground(since: time) }
        case (.background, .open(let time)), (.suspended, .open(let time)):
            self = .foreground(since: time)
        case (.foreground, .returnedToClock(let time)), (.notRunning, .wake(let time)), (.suspended, .wake(let time)):
            self = .background(since: time, suspendsAt: time + Self.backgroundTime)
        case (.background(_, let suspendsAt), .suspendDue(let time)):
            if time >= suspendsAt { self = .suspended(since: time) }
        case (.notRunning, .terminate):
            break
        case (_, .terminate):
            self = .notRunning
        case (.launching, .open), (.foreground, .open):
            break  // already launching or in front
        case (.notRunning, .launchFinished), (.foreground, .launchFinished), (.background, .launchFinished),
            (.suspended, .launchFinished):
            break  // a stale launch deadline: the app was terminated, or is no longer launching
        case (.notRunning, .returnedToClock), (.launching, .returnedToClock), (.background, .returnedToClock),
            (.suspended, .returnedToClock):
            break  // the app was not frontmost
        case (.launching, .wake), (.foreground, .wake), (.background, .wake):
            break  // already running
        case (.notRunning, .suspendDue), (.launching, .suspendDue), (.foreground, .suspendDue),
            (.suspended, .suspendDue):
            break  // a stale suspension deadline: the app came back, or stopped
        }
        return self == before ? nil : before
    }

    /// The event this state waits for and its time: the end of a launch, or the suspension of an
    /// app in the background (`nil` in the other states). The driver schedules it when the state
    /// is entered; one that comes after the state was left changes nothing.
    package var deadline: (event: Event, at: SimTime)? {
        switch self {
        case .launching(let readyAt): (.launchFinished(at: readyAt), readyAt)
        case .background(_, let suspendsAt): (.suspendDue(at: suspendsAt), suspendsAt)
        case .notRunning, .foreground, .suspended: nil
        }
    }

    /// Whether the app's code runs (it can send, and receive what the link delivers).
    package var isRunning: Bool {
        switch self {
        case .foreground, .background: return true
        case .notRunning, .launching, .suspended: return false
        }
    }

    /// The app as WatchConnectivity sees it: foreground (the phone can reach it), background
    /// (it receives transfers), or not running (transfers wait for it).
    package var runState: AppRunState {
        switch self {
        case .foreground: return .foreground
        case .background: return .background
        case .notRunning, .launching, .suspended: return .notRunning
        }
    }

    /// `"notRunning"`, `"launching"`, `"foreground"`, `"background"`, `"suspended"`.
    package var name: String {
        switch self {
        case .notRunning: return "notRunning"
        case .launching: return "launching"
        case .foreground: return "foreground"
        case .background: return "background"
        case .suspended: return "suspended"
        }
    }
}
