import CompanionModel
import Foundation

/// One side's session of a ``SessionPair``, with `WCSession`'s members (``ConnectivitySession``).
///
/// Calls are decided at once by the link model; every handler and delegate call waits until
/// the test advances the pair's clock (``SessionPair/advance(by:)``,
/// ``SessionPair/runUntilIdle()``), and then runs on the caller.
public class SimulatedSession: ConnectivitySession, @unchecked Sendable {
    let engine: PairEngine
    /// Which side this session is.
    public let device: Device

    init(engine: PairEngine, device: Device) {
        self.engine = engine
        self.device = device
    }

    /// The object that receives the session's events, held weakly as `WCSession` holds it.
    public var delegate: (any ConnectivitySessionDelegate)? {
        get { engine.locked { $0.delegates[device]?.delegate } }
        set { engine.locked { $0.delegates[device] = WeakDelegate(delegate: newValue) } }
    }

    /// The link's session state (the link model has one session state for the pair).
    public var activationState: SessionActivationState { engine.locked { $0.activationState } }

    /// Whether a message from this side can be sent now: the session is activated, the devices
    /// are in range, this app runs and (from the phone) the watch app is in the foreground.
    public var isReachable: Bool { engine.locked { $0.isReachable(device) } }

    /// The last application context this side sent.
    public var applicationContext: [String: PropertyListValue] { engine.locked { $0.sentContext[device] ?? [:] } }

    /// The last application context this side received.
    public var receivedApplicationContext: [String: PropertyListValue] {
        engine.locked { $0.receivedContext[device] ?? [:] }
    }

    /// The userInfo transfers from this side not yet received by the counterpart app, oldest first.
    public var outstandingUserInfoTransfers: [any UserInfoTransfer] {
        engine.locked { state in
            state.link.outstandingTransfers(from: device.side).compactMap { entry -> (any UserInfoTransfer)? in
                guard let label = PairState.label(of: entry.message) else { return nil }
                return state.sent[label]?.transfer
            }
        }
    }

    /// Activates the (pair's) session; the delegate's
    /// ``ConnectivitySessionDelegate/session(_:activationDidCompleteWith:error:)`` runs when the
    /// clock next advances.
    public func activate() {
        engine.locked { $0.activate(device) }
    }

    /// Sends `message` now; refused at once (through `errorHandler`, when the clock advances) with
    /// 7004/7016 on a session that is not activated, 7007 when unreachable, 7009 when too large,
    /// 7010 for a value that is not a property-list type.
    public func sendMessage(
        _ message: [String: PropertyListValue],
        replyHandler: (@Sendable ([String: PropertyListValue]) -> Void)?,
        errorHandler: (@Sendable (any Error) -> Void)?
    ) {
        let item = SentItem(
            device: device, body: .dictionary(message), replyHandler: replyHandler.map { .dictionary($0) },
            errorHandler: errorHandler)
        let bytes = PropertyListValue.estimatedByteCount(of: message)
        let side = device.side
        _ = engine.locked { $0.send(item, byteCount: bytes) { .sendMessage($0, from: side) } }
    }

    /// Sends `message`, checking each value as the system does first: a value that is not a
    /// property-list type fails with 7010 through `errorHandler` (when the clock advances).
    public func sendMessage(
        checking message: [String: Any],
        replyHandler: (@Sendable ([String: PropertyListValue]) -> Void)?,
        errorHandler: (@Sendable (any Error) -> Void)?
    ) {
        do {
            let checked = try PropertyListValue.checkedDictionary(message)
            sendMessage(checked, replyHandler: replyHandler, errorHandler: errorHandler)
        } catch {
            guard let errorHandler else { return }
            engine.locked { $0.calls.append { errorHandler(error) } }
        }
    }

    /// Sends `data` now, as ``sendMessage(_:replyHandler:errorHandler:)`` does.
    public func sendMessageData(
        _ data: Data, replyHandler: (@Sendable (Data) -> Void)?, errorHandler: (@Sendable (any Error) -> Void)?
    ) {
        let item = SentItem(
            device: device, body: .data(data), replyHandler: replyHandler.map { .data($0) }, errorHandler: errorHandler)
        let side = device.side
        _ = engine.locked { $0.send(item, byteCount: data.count) { .sendMessage($0, from: side) } }
    }

    /// Queues a guaranteed, in-order transfer; the delegate's `didFinish` reports how it ended.
    @discardableResult
    public func transferUserInfo(_ userInfo: [String: PropertyListValue]) -> any UserInfoTransfer {
        transfer(userInfo, isCurrentComplicationInfo: false) { [side = device.side] in .transferUserInfo($0, from: side)
        }
    }

    /// Replaces the context the counterpart receives.
    ///
    /// - Throws: ``WatchConnectivityError`` 7004 or 7016 on a session that is not activated,
    ///   7009 above the context's cap.
    public func updateApplicationContext(_ applicationContext: [String: PropertyListValue]) throws {
        let item = SentItem(device: device, body: .dictionary(applicationContext))
        let bytes = PropertyListValue.estimatedByteCount(of: applicationContext)
        let side = device.side
        let device = device
        let refusal = engine.locked { state -> LinkError? in
            let refusal = state.send(item, byteCount: bytes) { .updateApplicationContext($0, from: side) }.refusal
            if refusal == nil { state.sentContext[device] = applicationContext }
            return refusal
        }
        if let refusal { throw WatchConnectivityError(refusal) }
    }

    /// Sends a transfer `request` builds and returns its handle.
    func transfer(
        _ userInfo: [String: PropertyListValue], isCurrentComplicationInfo: Bool,
        _ request: @escaping (LinkPayload) -> LinkRequest
    ) -> any UserInfoTransfer {
        let transfer = SimulatedTransfer(
            engine: engine, device: device, userInfo: userInfo, isCurrentComplicationInfo: isCurrentComplicationInfo)
        let item = SentItem(device: device, body: .dictionary(userInfo), transfer: transfer)
        let bytes = PropertyListValue.estimatedByteCount(of: userInfo)
        let label = engine.locked { $0.send(item, byteCount: bytes, request).label }
        transfer.label = label
        return transfer
    }
}

extension SentItem {
    init(device: Device, body: Body, transfer: SimulatedTransfer? = nil) {
        self.init(device: device, body: body, replyHandler: nil, errorHandler: nil, transfer: transfer)
    }
}
