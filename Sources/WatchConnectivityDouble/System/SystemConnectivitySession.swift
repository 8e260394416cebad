#if canImport(WatchConnectivity)
    import Foundation
    import WatchConnectivity

    // This file is compiled only with Apple's SDK (it cannot be built on Linux, where WristSim's CI
    // runs). Each WatchConnectivity member it uses is cited with the page of Apple's documentation
    // (developer.apple.com/documentation/watchconnectivity/…) its signature was checked against.

    /// `WCSession` behind ``ConnectivitySession``: the app's sync code, written against the
    /// protocol, runs on the real session through this adapter and on a ``SessionPair`` in tests.
    ///
    /// ```swift
    /// let session = SystemConnectivitySession()   // WCSession.default
    /// let sync = ListSync(session: session)
    /// ```
    public final class SystemConnectivitySession: NSObject, WCSessionDelegate, @unchecked Sendable {
        private let session: WCSession
        /// The object that receives the session's events.
        public weak var delegate: (any ConnectivitySessionDelegate)?

        /// Wraps `session` and becomes its delegate.
        // WCSession/default: `class var default: WCSession { get }`; WCSession/delegate:
        // `weak var delegate: (any WCSessionDelegate)? { get set }`.
        public init(session: WCSession = .default) {
            self.session = session
            super.init()
            session.delegate = self
        }

        /// Converts a received payload (property-list objects) to ``PropertyListValue``s.
        private static func payload(_ dictionary: [String: Any]) -> [String: PropertyListValue] {
            (try? PropertyListValue.checkedDictionary(dictionary)) ?? [:]
        }

        private static func foundation(_ payload: [String: PropertyListValue]) -> [String: Any] {
            payload.mapValues(\.foundationValue)
        }

        // MARK: - WCSessionDelegate
        // WCSessionDelegate/session(_:activationDidCompleteWith:error:):
        // `func session(_ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState, error: (any Error)?)`
        /// Forwards the `WCSessionDelegate` call to ``delegate``.
        public func session(
            _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
            error: (any Error)?
        ) {
            let state = SessionActivationState(rawValue: activationState.rawValue) ?? .notActivated
            delegate?.session(self, activationDidCompleteWith: state, error: error)
        }

        // WCSessionDelegate/sessionReachabilityDidChange(_:): `optional func sessionReachabilityDidChange(_ session: WCSession)`
        /// Forwards the `WCSessionDelegate` call to ``delegate``.
        public func sessionReachabilityDidChange(_ session: WCSession) {
            delegate?.sessionReachabilityDidChange(self)
        }

        // WCSessionDelegate/session(_:didReceiveMessage:):
        // `optional func session(_ session: WCSession, didReceiveMessage message: [String : Any])`
        /// Forwards the `WCSessionDelegate` call to ``delegate``.
        public func session(_ session: WCSession, didReceiveMessage message: [String: Any]) {
            delegate?.session(self, didReceiveMessage: Self.payload(message))
        }

        // WCSessionDelegate/session(_:didReceiveMessage:replyHandler:):
        // `optional func session(_ session: WCSession, didReceiveMessage message: [String : Any], replyHandler: @escaping ([String : Any]) -> Void)`
        /// Forwards the `WCSessionDelegate` call to ``delegate``.
        public func session(
            _ session: WCSession, didReceiveMessage message: [String: Any],
            replyHandler: @escaping ([String: Any]) -> Void
        ) {
            nonisolated(unsafe) let reply = replyHandler
            delegate?.session(self, didReceiveMessage: Self.payload(message)) { reply(Self.foundation($0)) }
        }

        // WCSessionDelegate/session(_:didReceiveMessageData:):
        // `optional func session(_ session: WCSession, didReceiveMessageData messageData: Data)`
        /// Forwards the `WCSessionDelegate` call to ``delegate``.
        public func session(_ session: WCSession, didReceiveMessageData messageData: Data) {
            delegate?.session(self, didReceiveMessageData: messageData)
        }

        // WCSessionDelegate/session(_:didReceiveMessageData:replyHandler:):
        // `optional func session(_ session: WCSession, didReceiveMessageData messageData: Data, replyHandler: @escaping (Data) -> Void)`
        /// Forwards the `WCSessionDelegate` call to ``delegate``.
        public func session(
            _ session: WCSession, didReceiveMessageData messageData: Data, replyHandler: @escaping (Data) -> Void
        ) {
            nonisolated(unsafe) let reply = replyHandler
            delegate?.session(self, didReceiveMessageData: messageData) { reply($0) }
        }

        // WCSessionDelegate/session(_:didReceiveUserInfo:):
        // `optional func session(_ session: WCSession, didReceiveUserInfo userInfo: [String : Any] = [:])`
        /// Forwards the `WCSessionDelegate` call to ``delegate``.
        public func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any] = [:]) {
            delegate?.session(self, didReceiveUserInfo: Self.payload(userInfo))
        }

        // WCSessionDelegate/session(_:didReceiveApplicationContext:):
        // `optional func session(_ session: WCSession, didReceiveApplicationContext applicationContext: [String : Any])`
        /// Forwards the `WCSessionDelegate` call to ``delegate``.
        public func session(_ session: WCSession, didReceiveApplicationContext applicationContext: [String: Any]) {
            delegate?.session(self, didReceiveApplicationContext: Self.payload(applicationContext))
        }

        // WCSessionDelegate/session(_:didFinish:error:) (the userInfo one):
        // `optional func session(_ session: WCSession, didFinish userInfoTransfer: WCSessionUserInfoTransfer, error: (any Error)?)`
        /// Forwards the `WCSessionDelegate` call to ``delegate``.
        public func session(
            _ session: WCSession, didFinish userInfoTransfer: WCSessionUserInfoTransfer, error: (any Error)?
        ) {
            delegate?.session(self, didFinish: SystemUserInfoTransfer(userInfoTransfer), error: error)
        }

        #if os(iOS)
            // WCSessionDelegate/sessionDidBecomeInactive(_:): `func sessionDidBecomeInactive(_ session: WCSession)` (iOS)
            /// Forwards the `WCSessionDelegate` call to ``delegate``.
            public func sessionDidBecomeInactive(_ session: WCSession) {
                delegate?.sessionDidBecomeInactive(self)
            }

            // WCSessionDelegate/sessionDidDeactivate(_:): `func sessionDidDeactivate(_ session: WCSession)` (iOS)
            /// Forwards the `WCSessionDelegate` call to ``delegate``.
            public func sessionDidDeactivate(_ session: WCSession) {
                delegate?.sessionDidDeactivate(self)
            }
        #endif
    }

    extension SystemConnectivitySession: ConnectivitySession {
        // WCSession/activationState: `var activationState: WCSessionActivationState { get }`
        /// The session's activation state.
        public var activationState: SessionActivationState {
            SessionActivationState(rawValue: session.activationState.rawValue) ?? .notActivated
        }

        // WCSession/isReachable: `var isReachable: Bool { get }`
        /// Whether the counterpart is reachable now.
        public var isReachable: Bool { session.isReachable }

        // WCSession/applicationContext: `var applicationContext: [String : Any] { get }`
        /// The last application context this side sent.
        public var applicationContext: [String: PropertyListValue] { Self.payload(session.applicationContext) }

        // WCSession/receivedApplicationContext: `var receivedApplicationContext: [String : Any] { get }`
        /// The last application context received.
        public var receivedApplicationContext: [String: PropertyListValue] {
            Self.payload(session.receivedApplicationContext)
        }

        // WCSession/outstandingUserInfoTransfers: `var outstandingUserInfoTransfers: [WCSessionUserInfoTransfer] { get }`
        /// The transfers not yet received by the counterpart.
        public var outstandingUserInfoTransfers: [any UserInfoTransfer] {
            session.outstandingUserInfoTransfers.map { SystemUserInfoTransfer($0) }
        }

        // WCSession/activate(): `func activate()`
        /// Activates the session.
        public func activate() { session.activate() }

        // WCSession/sendMessage(_:replyHandler:errorHandler:):
        // `func sendMessage(_ message: [String : Any], replyHandler: (([String : Any]) -> Void)?, errorHandler: ((any Error) -> Void)? = nil)`
        /// Sends a message now.
        public func sendMessage(
            _ message: [String: PropertyListValue],
            replyHandler: (@Sendable ([String: PropertyListValue]) -> Void)?,
            errorHandler: (@Sendable (any Error) -> Void)?
        ) {
            session.sendMessage(
                Self.foundation(message), replyHandler: replyHandler.map { handler in { handler(Self.payload($0)) } },
                errorHandler: errorHandler)
        }

        // WCSession/sendMessageData(_:replyHandler:errorHandler:):
        // `func sendMessageData(_ data: Data, replyHandler: ((Data) -> Void)?, errorHandler: ((any Error) -> Void)? = nil)`
        /// Sends message data now.
        public func sendMessageData(
            _ data: Data, replyHandler: (@Sendable (Data) -> Void)?, errorHandler: (@Sendable (any Error) -> Void)?
        ) {
            session.sendMessageData(data, replyHandler: replyHandler, errorHandler: errorHandler)
        }

        // WCSession/transferUserInfo(_:):
        // `func transferUserInfo(_ userInfo: [String : Any] = [:]) -> WCSessionUserInfoTransfer`
        /// Queues a userInfo transfer.
        @discardableResult
        public func transferUserInfo(_ userInfo: [String: PropertyListValue]) -> any UserInfoTransfer {
            SystemUserInfoTransfer(session.transferUserInfo(Self.foundation(userInfo)))
        }

        // WCSession/updateApplicationContext(_:):
        // `func updateApplicationContext(_ applicationContext: [String : Any]) throws`
        /// Replaces the application context.
        public func updateApplicationContext(_ applicationContext: [String: PropertyListValue]) throws {
            try session.updateApplicationContext(Self.foundation(applicationContext))
        }
    }

    #if os(iOS)
        extension SystemConnectivitySession: PhoneConnectivitySession {
            // WCSession/isPaired: `var isPaired: Bool { get }` (iOS)
            /// Whether a watch is paired.
            public var isPaired: Bool { session.isPaired }

            // WCSession/isWatchAppInstalled: `var isWatchAppInstalled: Bool { get }` (iOS)
            /// Whether the watch app is installed.
            public var isWatchAppInstalled: Bool { session.isWatchAppInstalled }

            // WCSession/isComplicationEnabled: `var isComplicationEnabled: Bool { get }` (iOS)
            /// Whether the complication is on the active face.
            public var isComplicationEnabled: Bool { session.isComplicationEnabled }

            // WCSession/remainingComplicationUserInfoTransfers: `var remainingComplicationUserInfoTransfers: Int { get }` (iOS 10)
            /// Budgeted complication transfers left today.
            public var remainingComplicationUserInfoTransfers: Int { session.remainingComplicationUserInfoTransfers }

            // WCSession/transferCurrentComplicationUserInfo(_:):
            // `func transferCurrentComplicationUserInfo(_ userInfo: [String : Any] = [:]) -> WCSessionUserInfoTransfer` (iOS)
            /// Sends complication data.
            @discardableResult
            public func transferCurrentComplicationUserInfo(_ userInfo: [String: PropertyListValue])
                -> any UserInfoTransfer
            {
                SystemUserInfoTransfer(session.transferCurrentComplicationUserInfo(Self.foundation(userInfo)))
            }
        }
    #endif

    /// `WCSessionUserInfoTransfer` behind ``UserInfoTransfer``.
    final class SystemUserInfoTransfer: UserInfoTransfer, @unchecked Sendable {
        private let transfer: WCSessionUserInfoTransfer

        init(_ transfer: WCSessionUserInfoTransfer) {
            self.transfer = transfer
        }

        // WCSessionUserInfoTransfer/userInfo: `var userInfo: [String : Any] { get }`
        var userInfo: [String: PropertyListValue] {
            (try? PropertyListValue.checkedDictionary(transfer.userInfo)) ?? [:]
        }
        // WCSessionUserInfoTransfer/isTransferring: `var isTransferring: Bool { get }`
        var isTransferring: Bool { transfer.isTransferring }
        // WCSessionUserInfoTransfer/isCurrentComplicationInfo: `var isCurrentComplicationInfo: Bool { get }`
        var isCurrentComplicationInfo: Bool { transfer.isCurrentComplicationInfo }
        // WCSessionUserInfoTransfer/cancel(): `func cancel()`
        func cancel() { transfer.cancel() }
    }
#endif
