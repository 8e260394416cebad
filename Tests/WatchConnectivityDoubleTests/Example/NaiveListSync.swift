import WatchConnectivityDouble

/// A two-way list sync written the way the common tutorials write one: an edit goes as a
/// message when the counterpart is reachable, else as a userInfo transfer, and the whole list
/// goes as the application context; whatever arrives is applied as it comes.
///
/// Its bugs, which the double finds by seed: a message that fails (7007, 7012, 7016) is dropped;
/// an older edit queued as a transfer lands after a newer one sent as a message; a context from
/// the other side replaces the whole list, edits made here meanwhile included.
final class NaiveListSync: ConnectivitySessionDelegate, ListSyncing, @unchecked Sendable {
    let session: any ConnectivitySession
    private(set) var list: [String: Bool] = [:]

    init(session: any ConnectivitySession) {
        self.session = session
        session.delegate = self
        session.activate()
    }

    func edit(_ item: String, done: Bool) {
        list[item] = done
        let edit: [String: PropertyListValue] = ["item": .string(item), "done": .bool(done)]
        if session.isReachable {
            session.sendMessage(edit, replyHandler: nil, errorHandler: nil)
        } else {
            session.transferUserInfo(edit)
        }
        try? session.updateApplicationContext(["list": .dictionary(list.mapValues { .bool($0) })])
    }

    private func apply(_ edit: [String: PropertyListValue]) {
        guard let item = edit["item"]?.stringValue, let done = edit["done"]?.boolValue else { return }
        list[item] = done
    }

    func session(
        _ session: any ConnectivitySession, activationDidCompleteWith activationState: SessionActivationState,
        error: (any Error)?
    ) {}

    func session(_ session: any ConnectivitySession, didReceiveMessage message: [String: PropertyListValue]) {
        apply(message)
    }

    func session(_ session: any ConnectivitySession, didReceiveUserInfo userInfo: [String: PropertyListValue]) {
        apply(userInfo)
    }

    func session(
        _ session: any ConnectivitySession, didReceiveApplicationContext applicationContext: [String: PropertyListValue]
    ) {
        guard case .dictionary(let whole)? = applicationContext["list"] else { return }
        list = whole.compactMapValues(\.boolValue)
    }
}
