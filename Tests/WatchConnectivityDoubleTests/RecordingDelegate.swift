import Foundation
import WatchConnectivityDouble

/// A delegate that writes down every call, as a line: `activated`, `message {item: milk}`,
/// `userInfo {…}`, `context {…}`, `finished #2 error=7014`, `reachability true`, `inactive`,
/// `deactivated`. It replies to messages that wait for one with `["ok": true]`.
final class RecordingDelegate: ConnectivitySessionDelegate, @unchecked Sendable {
    private(set) var lines: [String] = []

    func session(
        _ session: any ConnectivitySession, activationDidCompleteWith activationState: SessionActivationState,
        error: (any Error)?
    ) {
        lines.append("activated")
    }

    func sessionReachabilityDidChange(_ session: any ConnectivitySession) {
        lines.append("reachability \(session.isReachable)")
    }

    func session(_ session: any ConnectivitySession, didReceiveMessage message: [String: PropertyListValue]) {
        lines.append("message \(text(message))")
    }

    func session(
        _ session: any ConnectivitySession, didReceiveMessage message: [String: PropertyListValue],
        replyHandler: @escaping @Sendable ([String: PropertyListValue]) -> Void
    ) {
        lines.append("message \(text(message)) (reply)")
        replyHandler(["ok": true])
    }

    func session(_ session: any ConnectivitySession, didReceiveUserInfo userInfo: [String: PropertyListValue]) {
        lines.append("userInfo \(text(userInfo))")
    }

    func session(
        _ session: any ConnectivitySession, didReceiveApplicationContext applicationContext: [String: PropertyListValue]
    ) {
        lines.append("context \(text(applicationContext))")
    }

    func session(
        _ session: any ConnectivitySession, didFinish userInfoTransfer: any UserInfoTransfer, error: (any Error)?
    ) {
        let code = (error as? WatchConnectivityError).map { " error=\($0.code.rawValue)" } ?? ""
        lines.append("finished \(text(userInfoTransfer.userInfo))\(code)")
    }

    func sessionDidBecomeInactive(_ session: any ConnectivitySession) { lines.append("inactive") }

    func sessionDidDeactivate(_ session: any ConnectivitySession) { lines.append("deactivated") }

    private func text(_ payload: [String: PropertyListValue]) -> String {
        payload.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }

    /// The lines that start with `prefix`.
    func lines(_ prefix: String) -> [String] { lines.filter { $0.hasPrefix(prefix) } }
}

/// Collects handler results from `@Sendable` closures.
final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        stored.append(value)
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

/// A pair with a fixed 100 ms hop and no faults, both sessions activated, with recording delegates.
func activatedPair(
    seed: UInt64 = 1, _ configure: (inout FaultPlan) -> Void = { _ in }
) -> (SessionPair, watch: RecordingDelegate, phone: RecordingDelegate) {
    var faults = FaultPlan()
    faults.latency = .fixed(.milliseconds(100))
    configure(&faults)
    let pair = SessionPair(seed: seed, faults: faults)
    let watch = RecordingDelegate()
    let phone = RecordingDelegate()
    pair.watch.delegate = watch
    pair.phone.delegate = phone
    pair.watch.activate()
    pair.phone.activate()
    pair.advance(by: .zero)
    return (pair, watch, phone)
}

func errorCode(_ error: any Error) -> Int? { (error as? WatchConnectivityError)?.code.rawValue }
