import SimulationKernel

/// Where the wrist is and what the screen shows: the lifecycle that decides whether a tap reaches
/// the shopping list.
///
/// PLATFORM.md §5: when the wrist drops the app "remains in the foreground… with limited user
/// interface interaction" for two minutes (configurable through Return to Clock), then the face
/// returns to the clock. A tap reaches the list only in ``appActive(since:)``.
package enum WristAppState: Hashable, Sendable {
    /// Wrist raised, the app on screen and interactive.
    case appActive(since: SimTime)
    /// Wrist lowered; the app is still the frontmost app until `returnsToClockAt`.
    case appInactive(wristDownAt: SimTime, returnsToClockAt: SimTime)
    /// Wrist lowered and the face has returned to the clock.
    case clockAsleep(since: SimTime)
    /// Wrist raised on the clock face; the app must be opened before taps reach the list.
    case clockFace(since: SimTime)

    /// Whether the wrist is raised.
    package var isWristRaised: Bool {
        switch self {
        case .appActive, .clockFace: return true
        case .appInactive, .clockAsleep: return false
        }
    }

    /// Why a tap would be refused now, or `nil` if it reaches the list.
    package var tapRefusal: TapRefusal? {
        switch self {
        case .appActive: return nil
        case .appInactive, .clockAsleep: return .wristDown
        case .clockFace: return .clockFace
        }
    }
}

/// Why a tap did not reach the list.
package enum TapRefusal: String, Hashable, Sendable {
    /// The wrist is down (the screen is off or blurred).
    case wristDown
    /// The wrist is up but the clock face is showing, not the app.
    case clockFace
    /// The app is not running (terminated); it must be opened again.
    case appNotRunning
    /// The app is still launching.
    case appLaunching
}
