import SimulationKernel

/// What the user last did to an item on the watch: the state the phone must end up with.
public struct ItemIntent: Hashable, Sendable {
    /// The status the user left the item in.
    public var status: ItemStatus
    /// The sequence of the operation that set `status` (0 if the user never touched the item).
    public var sequence: Int

    /// Creates an intent.
    public init(status: ItemStatus, sequence: Int) {
        self.status = status
        self.sequence = sequence
    }
}

/// The watch app's check-off sender: turns taps into operations and gets each one to the phone.
///
/// **Strategy** (it never loses a check-off):
/// 1. A tap makes an operation with the item's next sequence number and records it as
///    *pending* for the item (on the watch's disk, so it survives the app's exit).
/// 2. If the phone is reachable the operation goes as an interactive message (fast, with a
///    reply); otherwise as a queued userInfo transfer (guaranteed, FIFO).
/// 3. An interactive error of any kind (7007, 7012, 7016, …) re-sends the operation as a queued
///    transfer.
/// 4. If the watch app exits while an interactive message waits for its reply, the handler is
///    gone; on relaunch every such operation is re-sent as a queued transfer.
/// 5. A reply or a finished transfer acknowledges the operation. A newer operation on the same
///    item supersedes an older one (it carries the item's whole state), so outcomes of superseded
///    operations are ignored.
///
/// Re-sending may deliver an operation twice; the phone applies it once
/// (``PhoneShoppingList/apply(_:at:)``).
public struct CheckOffSender: Hashable, Sendable {
    /// How the pending operation of an item is travelling.
    public enum Carrier: Hashable, Sendable {
        case interactive
        case queuedTransfer
        /// Its interactive handler died with the watch app; re-sent on relaunch.
        case awaitingResend
        /// The link refused it for good (payload too large, cancelled): reported, not retried.
        case undeliverable(LinkError)

        /// The name used in traces.
        public var name: String {
            switch self {
            case .interactive: return "interactive"
            case .queuedTransfer: return "queuedTransfer"
            case .awaitingResend: return "awaitingResend"
            case .undeliverable(let error): return "undeliverable \(error)"
            }
        }
    }

    /// The latest unacknowledged operation of an item and how it travels.
    public struct Pending: Hashable, Sendable {
        /// The latest operation on the item.
        public var operation: CheckOffOperation
        /// How it travels.
        public var carrier: Carrier
    }

    /// Events the sender reacts to.
    public enum Event: Hashable, Sendable {
        /// The user set `item` to `status`; the sender numbers the operation.
        /// `reachability` is the link's, from the watch.
        case userSet(ItemID, ItemStatus, reachability: Reachability)
        /// The watch app made `operation` (numbered by the caller, one more than the item's last).
        case commit(CheckOffOperation, reachability: Reachability)
        /// How a message carrying `operation` on `channel` ended.
        case outcome(CheckOffOperation, channel: LinkChannel, LinkOutcome)
        /// The watch applied `operation`, made by the phone and received over the link: it becomes
        /// the item's intent, and an older unacknowledged operation on the item is dropped (the
        /// phone already has a newer state).
        case adopted(CheckOffOperation)
        case watchAppStopped
        case watchAppStarted
    }

    /// What the sender asks of the link.
    public enum Command: Hashable, Sendable {
        case sendMessage(CheckOffOperation)
        case transferUserInfo(CheckOffOperation)
        case trace(TraceEvent)
    }

    /// What the user did, per item: the watch's intent.
    public private(set) var intent: [ItemID: ItemIntent] = [:]
    /// Unacknowledged operations, at most one (the latest) per item.
    public private(set) var pending: [ItemID: Pending] = [:]

    /// A sender with nothing sent yet.
    public init() {}

    /// The transition for `event` at `now`.
    ///
    /// - Complexity: O(1), except `watchAppStarted`: O(*p* log *p*) in the pending operations.
    public mutating func reduce(_ event: Event, at now: SimTime) -> [Command] {
        switch event {
        case .userSet(let item, let status, let reachability):
            let current = intent[item] ?? ItemIntent(status: .open, sequence: 0)
            guard current.status != status else { return [] }
            let operation = CheckOffOperation(item: item, sequence: current.sequence + 1, status: status)
            return reduce(.commit(operation, reachability: reachability), at: now)

        case .commit(let operation, let reachability):
            let item = operation.item
            if let current = intent[item], current.sequence >= operation.sequence { return [] }
            intent[item] = ItemIntent(status: operation.status, sequence: operation.sequence)
            if reachability.isReachable {
                pending[item] = Pending(operation: operation, carrier: .interactive)
                return [trace(.watchCheckOff, operation, now, route: "interactive"), .sendMessage(operation)]
            }
            pending[item] = Pending(operation: operation, carrier: .queuedTransfer)
            return [trace(.watchCheckOff, operation, now, route: "queuedTransfer"), .transferUserInfo(operation)]

        case .outcome(let operation, let channel, let outcome):
            guard let entry = pending[operation.item], entry.operation.sequence == operation.sequence else { return [] }
            switch outcome {
            case .replied, .transferFinished:
                pending[operation.item] = nil
                return [trace(.watchAcknowledged, operation, now, route: channel.name)]
            case .failed(let error) where channel == .interactive:
                pending[operation.item]?.carrier = .queuedTransfer
                return [
                    trace(.watchFallback, operation, now, route: "queuedTransfer", error: error),
                    .transferUserInfo(operation),
                ]
            case .failed(let error):
                pending[operation.item]?.carrier = .undeliverable(error)
                return [trace(.watchUndeliverable, operation, now, route: channel.name, error: error)]
            case .cancelled:
                pending[operation.item]?.carrier = .undeliverable(.deliveryFailed)
                return [trace(.watchUndeliverable, operation, now, route: channel.name, error: .deliveryFailed)]
            }

        case .adopted(let operation):
            let item = operation.item
            if let current = intent[item], current.sequence >= operation.sequence { return [] }
            intent[item] = ItemIntent(status: operation.status, sequence: operation.sequence)
            if let entry = pending[item], entry.operation.sequence < operation.sequence { pending[item] = nil }
            return []

        case .watchAppStopped:
            for item in pending.keys.sorted() where pending[item]?.carrier == .interactive {
                pending[item]?.carrier = .awaitingResend
            }
            return []

        case .watchAppStarted:
            var commands: [Command] = []
            for item in pending.keys.sorted() {
                guard let entry = pending[item], entry.carrier == .awaitingResend else { continue }
                pending[item]?.carrier = .queuedTransfer
                commands.append(trace(.watchResend, entry.operation, now, route: "queuedTransfer"))
                commands.append(.transferUserInfo(entry.operation))
            }
            return commands
        }
    }

    private func trace(
        _ kind: TraceKind, _ operation: CheckOffOperation, _ now: SimTime, route: String,
        error: LinkError? = nil
    ) -> Command {
        var fields: [(key: String, value: TraceValue)] = [
            ("item", .string(operation.item)), ("op", .string(operation.actionName)),
            ("seq", .int(Int64(operation.sequence))), ("route", .string(route)),
        ]
        if let error { fields.append(("error", .string(error.description))) }
        return .trace(TraceEvent(time: now, kind: kind, fieldList: fields))
    }
}
