/// A userInfo transfer sent through a ``SessionPair`` (`WCSessionUserInfoTransfer`).
public final class SimulatedTransfer: UserInfoTransfer, @unchecked Sendable {
    private weak var engine: PairEngine?
    private let device: Device
    /// The label the link carries (set once, when the transfer is sent).
    var label = ""
    /// What it carries.
    public let userInfo: [String: PropertyListValue]
    /// Whether it was sent with `transferCurrentComplicationUserInfo`.
    public let isCurrentComplicationInfo: Bool

    init(engine: PairEngine, device: Device, userInfo: [String: PropertyListValue], isCurrentComplicationInfo: Bool) {
        self.engine = engine
        self.device = device
        self.userInfo = userInfo
        self.isCurrentComplicationInfo = isCurrentComplicationInfo
    }

    /// Whether the counterpart app has not received it yet.
    public var isTransferring: Bool {
        engine?.locked { $0.isTransferring(label, from: device) } ?? false
    }

    /// Cancels it if the counterpart app has not received it; nothing is reported.
    public func cancel() {
        engine?.locked { $0.cancel(label, from: device) }
    }
}
