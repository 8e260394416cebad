import WatchConnectivityDouble

/// The naive sync fixed: every item carries a version (a counter and the device that wrote it)
/// and an edit is applied only if it is newer (duplicates and late arrivals change nothing); a
/// message that fails goes again as a userInfo transfer; a transfer the system refuses waits
/// and goes again once the session is activated and reachable; the context is merged item by
/// item, never replacing newer edits.
final class VersionedListSync: ConnectivitySessionDelegate, ListSyncing, @unchecked Sendable {
    struct Entry: Equatable {
        var done: Bool
        var counter: Int
        var device: String

        func isNewer(than other: Entry?) -> Bool {
            guard let other else { return true }
            return (counter, device) > (other.counter, other.device)
        }
    }

    let session: any ConnectivitySession
    let device: String
    private(set) var entries: [String: Entry] = [:]
    private var clock = 0
    /// Edits a refused transfer carried, re-sent once the session can send again.
    private var waiting: [String] = []

    var list: [String: Bool] { entries.mapValues(\.done) }

    init(session: any ConnectivitySession, device: String) {
        self.session = session
        self.device = device
        session.delegate = self
        session.activate()
    }

    func edit(_ item: String, done: Bool) {
        clock = max(clock, entries[item]?.counter ?? 0) + 1
        entries[item] = Entry(done: done, counter: clock, device: device)
        send(item)
    }

    private func payload(_ item: String) -> [String: PropertyListValue] {
        guard let entry = entries[item] else { return [:] }
        return [
            "item": .string(item), "done": .bool(entry.done), "counter": .integer(entry.counter),
            "device": .string(entry.device),
        ]
    }

    private func send(_ item: String) {
        let edit = payload(item)
        if session.isReachable {
            session.sendMessage(
                edit, replyHandler: { _ in },
                errorHandler: { [weak self] _ in self?.session.transferUserInfo(edit) })
        } else {
            session.transferUserInfo(edit)
        }
        updateContext()
    }

    private func updateContext() {
        let whole = entries.keys.sorted().map { PropertyListValue.dictionary(payload($0)) }
        try? session.updateApplicationContext(["list": .array(whole)])
    }

    private func resendWaiting() {
        guard session.activationState == .activated else { return }
        let items = waiting
        waiting.removeAll()
        for item in items { session.transferUserInfo(payload(item)) }
        updateContext()
    }

    @discardableResult
    private func merge(_ edit: [String: PropertyListValue]) -> Bool {
        guard let item = edit["item"]?.stringValue, let done = edit["done"]?.boolValue,
            let counter = edit["counter"]?.integerValue, let device = edit["device"]?.stringValue
        else { return false }
        let entry = Entry(done: done, counter: counter, device: device)
        clock = max(clock, counter)
        guard entry.isNewer(than: entries[item]) else { return false }
        entries[item] = entry
        return true
    }

    func session(
        _ session: any ConnectivitySession, activationDidCompleteWith activationState: SessionActivationState,
        error: (any Error)?
    ) {
        resendWaiting()
    }

    func sessionReachabilityDidChange(_ session: any ConnectivitySession) {
        resendWaiting()
    }

    func sessionDidDeactivate(_ session: any ConnectivitySession) {
        session.activate()
    }

    func session(
        _ session: any ConnectivitySession, didReceiveMessage message: [String: PropertyListValue],
        replyHandler: @escaping @Sendable ([String: PropertyListValue]) -> Void
    ) {
        merge(message)
        replyHandler([:])
    }

    func session(_ session: any ConnectivitySession, didReceiveUserInfo userInfo: [String: PropertyListValue]) {
        merge(userInfo)
    }

    func session(
        _ session: any ConnectivitySession, didReceiveApplicationContext applicationContext: [String: PropertyListValue]
    ) {
        guard case .array(let items)? = applicationContext["list"] else { return }
        for case .dictionary(let edit) in items { merge(edit) }
    }

    func session(
        _ session: any ConnectivitySession, didFinish userInfoTransfer: any UserInfoTransfer, error: (any Error)?
    ) {
        guard error != nil, let item = userInfoTransfer.userInfo["item"]?.stringValue else { return }
        if !waiting.contains(item) { waiting.append(item) }
    }
}
