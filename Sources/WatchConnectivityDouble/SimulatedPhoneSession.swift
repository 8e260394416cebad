import CompanionModel

/// The phone's session of a ``SessionPair``: the iOS-only members of `WCSession` besides the
/// shared ones (``PhoneConnectivitySession``).
public final class SimulatedPhoneSession: SimulatedSession, PhoneConnectivitySession, @unchecked Sendable {
    /// Always `true`: the pair's watch is paired.
    public var isPaired: Bool { true }

    /// Always `true`: the pair's watch app is installed.
    public var isWatchAppInstalled: Bool { true }

    /// Whether the complication is on the active face (the link's complication budget placement).
    public var isComplicationEnabled: Bool {
        engine.locked { $0.link.complicationBudget.placement.allowsTransfers }
    }

    /// What is left of today's complication budget (50 a day on the active face).
    public var remainingComplicationUserInfoTransfers: Int {
        engine.locked { $0.link.complicationBudget.remaining(at: $0.loop.now) }
    }

    /// Sends complication data, spending the daily budget, or as an ordinary userInfo transfer
    /// once it is spent; refused with 7004/7016 (and no budget spent) on a session that is not
    /// activated.
    @discardableResult
    public func transferCurrentComplicationUserInfo(_ userInfo: [String: PropertyListValue]) -> any UserInfoTransfer {
        transfer(userInfo, isCurrentComplicationInfo: true) { .transferCurrentComplicationUserInfo($0) }
    }
}
