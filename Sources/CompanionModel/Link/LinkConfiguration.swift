import SimulationKernel

/// The link's settings, with the platform defaults of PLATFORM.md §6.
package struct LinkConfiguration: Hashable, Sendable {
    /// How long an interactive sender waits for a reply before ``LinkError/messageReplyTimedOut``.
    /// Apple documents no value (UNCONFIRMED); the default is 30 s, as PLATFORM.md §6 suggests.
    package var replyTimeout: SimDuration = .seconds(Int64(30))
    /// Interactive message cap: 65,536 bytes (`WCPayloadSizeLimitMessage`, PLATFORM.md §2.5).
    package var messagePayloadLimit: Int = 65_536
    /// userInfo transfer cap: 65,536 bytes (`WCPayloadSizeLimitUserInfo`).
    package var userInfoPayloadLimit: Int = 65_536
    /// Application-context cap: 262,144 bytes (`WCPayloadSizeLimitApplicationContext`).
    package var applicationContextPayloadLimit: Int = 262_144
    /// Complication transfers per day with the complication on the active face: 50
    /// (`remainingComplicationUserInfoTransfers`, PLATFORM.md §2.4).
    package var complicationTransfersPerDay: Int = 50
    /// When the complication budget first resets, from the scenario start (then every 24 h).
    package var complicationBudgetFirstReset: SimDuration = .days(1)
    /// Where the complication is at the start.
    package var complicationPlacement: ComplicationFacePresence = .onActiveFace
    /// The session's state at the start.
    package var initialActivation: SessionActivation = .activated
    /// Injected faults.
    package var faults: LinkFaults = LinkFaults()

    /// The platform defaults with `faults`.
    package init(faults: LinkFaults = LinkFaults()) {
        self.faults = faults
    }

    /// The payload cap of `channel`.
    package func payloadLimit(for channel: LinkChannel) -> Int {
        switch channel {
        case .interactive: return messagePayloadLimit
        case .userInfo, .complication: return userInfoPayloadLimit
        case .applicationContext: return applicationContextPayloadLimit
        }
    }
}

/// When the phone app sends complication updates to the watch.
package enum PhoneComplicationPolicy: Hashable, Sendable {
    /// Only when asked (the `phoneComplicationUpdate` step).
    case onRequest
    /// Also after every check-off it applies.
    case afterEachChange
}
