import CompanionModel
import SimulationKernel

/// Where the user's wrist is and what the watch shows when a scenario starts: the scenario's
/// `"wrist"` key. Written in every run's trace (`scenario.start … wrist=raised`) so a script
/// never has to guess.
package enum InitialWrist: String, CaseIterable, Hashable, Sendable {
    /// The default: the wrist is raised with the shopping list on screen, ready for taps; the
    /// watch app runs in the foreground.
    case raised
    /// The wrist is raised on the clock face and the watch app is not running: a tap needs an
    /// `openApp` first, which launches it.
    case raisedOnClock
    /// The wrist has just been lowered with the shopping list on screen: the app stays frontmost
    /// for the return-to-clock timeout (`"pipeline": {"returnToClock": …}`, 120 s by default),
    /// then the face returns to the clock and the app goes to the background. A raise before
    /// then finds the app; a raise after, the clock face.
    case lowered

    /// The wrist-and-app lifecycle state at the scenario's start, with the app's frontmost
    /// timeout `frontmostTimeout` (``WristAppMachine/frontmostTimeout``).
    func state(frontmostTimeout: SimDuration) -> WristAppState {
        switch self {
        case .raised: return .appActive(since: .zero)
        case .raisedOnClock: return .clockFace(since: .zero)
        case .lowered:
            guard frontmostTimeout > .zero else { return .clockAsleep(since: .zero) }
            return .appInactive(wristDownAt: .zero, returnsToClockAt: .zero + frontmostTimeout)
        }
    }

    /// How the watch app runs at the scenario's start: the one setting for it (the link reads
    /// the watch's state from it too).
    var watchApp: AppRunState {
        switch self {
        case .raised, .lowered: return .foreground
        case .raisedOnClock: return .notRunning
        }
    }
}
