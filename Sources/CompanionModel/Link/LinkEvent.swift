import SimulationKernel

/// Everything that can happen to the link (``WatchLink/reduce(_:at:emit:)``): an app calling a
/// WatchConnectivity API, a change of the environment, or a timer the link scheduled itself.
package enum LinkEvent: Hashable, Sendable {
    case request(LinkRequest)
    case environment(LinkEnvironmentChange)
    case timer(LinkTimer)
}

/// An app calling a `WCSession` API.
package enum LinkRequest: Hashable, Sendable {
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

extension LinkRequest {
    /// What a send or transfer sends: its payload, channel and sender (`nil` for a cancel).
    var sent: (payload: LinkPayload, channel: LinkChannel, side: LinkSide)? {
        switch self {
        case .sendMessage(let payload, let side): return (payload, .interactive, side)
        case .transferUserInfo(let payload, let side): return (payload, .userInfo, side)
        case .updateApplicationContext(let payload, let side): return (payload, .applicationContext, side)
        case .transferCurrentComplicationUserInfo(let payload): return (payload, .complication, .phone)
        case .cancelTransfer: return nil
        }
    }
}

/// A change of the world around the link (scenario steps and injected faults), or an app's owner
/// telling the link that the app started or stopped running.
///
/// The link does not own the apps: it hands each app lifecycle change (``app(_:_:)``) to the
/// app's owner (``LinkTransportEffect/changeApp(_:_:cause:)``), which answers with
/// ``appStarted(_:)`` or ``appStopped(_:)``.
package enum LinkEnvironmentChange: Hashable, Sendable {
    case phoneOutOfRange
    case phoneInRange
    /// `side`'s app goes through `event` (a scenario step or fault such as `killPhoneApp`; the
    /// system waking the phone app for a notification action without `.foreground`, PLATFORM.md
    /// §1.4, or the watch app for a complication transfer).
    case app(LinkSide, AppRunState.Event)
    /// `side`'s app started running (its owner says so): what waits for it is delivered.
    case appStarted(LinkSide)
    /// `side`'s app stopped running (its owner says so): its message handlers are gone.
    case appStopped(LinkSide)
    case complicationPlacement(ComplicationFacePresence)
    case session(SessionActivation.Event)

    /// The scenario step name (`"phoneOutOfRange"`).
    package var name: String {
        switch self {
        case .phoneOutOfRange: return "phoneOutOfRange"
        case .phoneInRange: return "phoneInRange"
        case .app(.phone, .terminate): return "killPhoneApp"
        case .app(.phone, .launch): return "launchPhoneApp"
        case .app(.phone, .wakeInBackground): return "wakePhoneApp"
        case .app(.phone, .moveToBackground): return "phoneAppToBackground"
        case .app(.watch, .terminate): return "terminateWatchApp"
        case .app(.watch, .launch): return "relaunchWatchApp"
        case .app(.watch, .moveToBackground): return "watchAppToBackground"
        case .app(.watch, .wakeInBackground): return "wakeWatchApp"
        case .appStarted(let side): return "\(side.name)App started"
        case .appStopped(let side): return "\(side.name)App stopped"
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
package enum LinkTimer: Hashable, Sendable {
    /// An interactive message reaches the receiving device.
    case messageArrival(MessageID)
    /// A reply reaches the sender.
    case replyArrival(MessageID)
    /// The sender's reply timeout expires.
    case replyTimeout(MessageID)
    /// A queued transfer reaches the receiving device; `epoch` is the radio session it was
    /// transmitted in (an arrival from before a drop-out is void).
    case transferArrival(TransferLane, MessageID, epoch: Int)
    /// A second copy of an already delivered message arrives.
    case duplicateArrival(LinkMessage)
}
