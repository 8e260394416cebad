import SimulationKernel

/// Everything that can happen to the link: an app calling a WatchConnectivity API, a change of
/// the environment, or a timer the link scheduled itself.
///
/// A driver pops these from its ``EventLoop`` and feeds them to ``WatchLink/reduce(_:at:emit:)``,
/// which returns ``LinkTransportEffect``s (timers to schedule among them).
public enum LinkEvent: Hashable, Sendable {
    case request(LinkRequest)
    case environment(LinkEnvironmentChange)
    case timer(LinkTimer)
}

/// An app calling a `WCSession` API.
public enum LinkRequest: Hashable, Sendable {
    /// `sendMessage(_:replyHandler:errorHandler:)`.
    case sendMessage(LinkPayload, from: LinkSide)
    /// `transferUserInfo(_:)`.
    case transferUserInfo(LinkPayload, from: LinkSide)
    /// `updateApplicationContext(_:)`.
    case updateApplicationContext(LinkPayload, from: LinkSide)
    /// `transferCurrentComplicationUserInfo(_:)` (phone only).
    case transferCurrentComplicationUserInfo(LinkPayload)
    /// `WCSessionUserInfoTransfer.cancel()` on an outstanding transfer.
    case cancelTransfer(MessageID)
}

/// A change of the world around the link (scenario steps and injected faults).
public enum LinkEnvironmentChange: Hashable, Sendable {
    case phoneOutOfRange
    case phoneInRange
    case killPhoneApp
    case launchPhoneApp
    /// The system launches the phone app into the background (a notification action without
    /// `.foreground`, PLATFORM.md §1.4).
    case wakePhoneApp
    case phoneAppToBackground
    case terminateWatchApp
    case relaunchWatchApp
    case watchAppToBackground
    /// The system wakes the watch app into the background (a complication transfer arrived).
    case wakeWatchApp
    /// The watch app's owner says how the app now runs (the scenario simulation's watch side,
    /// whose ``WatchAppLifecycle`` is the only source of this fact there).
    case watchAppRunState(AppRunState)
    /// The phone app's owner says how the app now runs (the scenario simulation's phone side,
    /// whose ``PhoneAppLifecycle`` is the only source of this fact there).
    case phoneAppRunState(AppRunState)
    case complicationPlacement(ComplicationTransferBudget.Placement)
    case session(SessionActivation.Event)

    /// The scenario step name (`"phoneOutOfRange"`).
    public var name: String {
        switch self {
        case .phoneOutOfRange: return "phoneOutOfRange"
        case .phoneInRange: return "phoneInRange"
        case .killPhoneApp: return "killPhoneApp"
        case .launchPhoneApp: return "launchPhoneApp"
        case .wakePhoneApp: return "wakePhoneApp"
        case .phoneAppToBackground: return "phoneAppToBackground"
        case .terminateWatchApp: return "terminateWatchApp"
        case .relaunchWatchApp: return "relaunchWatchApp"
        case .watchAppToBackground: return "watchAppToBackground"
        case .wakeWatchApp: return "wakeWatchApp"
        case .watchAppRunState(let state): return "watchApp \(state.name)"
        case .phoneAppRunState(let state): return "phoneApp \(state.name)"
        case .complicationPlacement(let placement):
            return placement == .onActiveFace ? "complicationOnFace" : "complicationOffFace"
        case .session(let event):
            switch event {
            case .activate: return "activateSession"
            case .becomeInactive: return "sessionBecomeInactive"
            case .deactivate: return "deactivateSession"
            }
        }
    }
}

/// A timer the link schedules for itself.
public enum LinkTimer: Hashable, Sendable {
    /// An interactive message reaches the receiving device.
    case messageArrival(MessageID)
    /// A reply reaches the sender.
    case replyArrival(MessageID)
    /// The sender's reply timeout expires.
    case replyTimeout(MessageID)
    /// A queued transfer reaches the receiving device; `epoch` identifies the radio session it
    /// was transmitted in (an arrival from before a drop-out is void).
    case transferArrival(TransferLane, MessageID, epoch: Int)
    /// A second copy of an already delivered message arrives.
    case duplicateArrival(LinkMessage)
}
