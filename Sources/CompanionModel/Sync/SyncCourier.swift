import SimulationKernel

/// How one device's app gets its list operations to the other device over WatchConnectivity
/// (PLATFORM.md §2.2–2.3): a pure reducer beside the device's ``ListReplica``.
///
/// **Strategy** (no operation is ever given up while the link can still carry it):
/// 1. A new operation goes as an interactive message when `isReachable` says yes (fast, with a
///    reply), else as a queued userInfo transfer (guaranteed, FIFO, survives the app's exit).
/// 2. Any interactive error (7007 notReachable, 7012 reply timeout, 7016 session inactive …)
///    re-sends the operation as a queued transfer.
/// 3. If the app exits while an interactive message waits for its reply, the handler is gone:
///    the operation waits, and is re-sent as a queued transfer when the app runs again.
/// 4. A reply or a finished transfer means the other device has the operation: the courier
///    drops it and says so (``Command/acknowledge(_:)``). The courier is the one holder of the
///    unacknowledged operations beside an endpoint's replica
///    (``ListReplica/OutboxKeeper/courier``).
/// 5. A transfer the link refuses for good (payload too large, cancelled) is *undeliverable*;
///    the end-of-run check then reports the operation lost, with its trail.
///
/// Re-sending can deliver an operation twice and a transfer can overtake a slow interactive
/// message; the receiving replica applies each operation once, in its origin's order.
///
/// ```swift
/// var courier = SyncCourier()
/// courier.reduce(.send(operation, reachability: .reachable))   // [.sendMessage(operation)]
/// courier.reduce(.outcome(operation, channel: .interactive, .replied))  // [.acknowledge(1)]
/// ```
public struct SyncCourier: Hashable, Sendable {
    /// How an unacknowledged operation travels.
    public enum Carrier: Hashable, Sendable {
        /// An interactive message waiting for its reply.
        case interactive
        /// A queued userInfo transfer.
        case queuedTransfer
        /// Its interactive reply handler died with the app; re-sent when the app runs again.
        case awaitingResend
        /// The link refused it for good.
        case undeliverable(LinkError)

        /// `"interactive"`, `"queuedTransfer"`, `"awaitingResend"`, `"undeliverable 7009 payloadTooLarge"`.
        public var name: String {
            switch self {
            case .interactive: return "interactive"
            case .queuedTransfer: return "queuedTransfer"
            case .awaitingResend: return "awaitingResend"
            case .undeliverable(let error): return "undeliverable \(error)"
            }
        }
    }

    /// What the courier reacts to.
    public enum Event: Hashable, Sendable {
        /// The replica made `operation`; `reachability` is `isReachable` on this device now.
        case send(ListOperation, reachability: Reachability)
        /// How a message carrying `operation` on `channel` ended.
        case outcome(ListOperation, channel: LinkChannel, LinkOutcome)
        /// The app stopped running (killed or terminated).
        case appStopped
        /// The app runs again.
        case appStarted
    }

    /// What the courier asks of its host.
    public enum Command: Hashable, Sendable {
        /// `sendMessage` with the operation.
        case sendMessage(ListOperation)
        /// `transferUserInfo` with the operation.
        case transferUserInfo(ListOperation)
        /// The other device has the operation: the courier has dropped it.
        case acknowledge(ListOperation)
        /// The link refused `operation` for good.
        case giveUp(ListOperation, LinkError)
    }

    /// An unacknowledged operation and how it travels.
    public struct Entry: Hashable, Sendable {
        /// The operation.
        public var operation: ListOperation
        /// How it travels.
        public var carrier: Carrier
    }

    /// Unacknowledged operations and how each travels, by sequence number.
    private var window = SequenceWindow<Entry>()

    /// Unacknowledged operations and how each travels, by sequence number.
    ///
    /// - Complexity: O(*w*) from the oldest operation in flight to the newest.
    public var inFlight: [Int: Entry] { window.dictionary }

    /// Unacknowledged operations and how each travels, in sequence order.
    ///
    /// - Complexity: O(*w*) from the oldest operation in flight to the newest.
    public var inFlightInOrder: [Entry] { window.values }

    /// A courier with nothing in flight.
    public init() {}

    /// The transition for `event`.
    ///
    /// - Complexity: O(1) (amortised), except `appStopped` and `appStarted`: O(*w*) from the
    ///   oldest operation in flight to the newest.
    public mutating func reduce(_ event: Event) -> [Command] {
        switch event {
        case .send(let operation, let reachability):
            return [send(operation, reachability: reachability)]
        case .outcome(let operation, let channel, let outcome):
            return self.outcome(operation, channel: channel, outcome).map { [$0] } ?? []
        case .appStopped:
            appStopped()
            return []
        case .appStarted:
            return appStarted()
        }
    }

    /// ``Event/send(_:reachability:)``: the one command that sends `operation`.
    ///
    /// - Complexity: O(1).
    mutating func send(_ operation: ListOperation, reachability: Reachability) -> Command {
        sendsInteractively(operation, reachability: reachability)
            ? .sendMessage(operation) : .transferUserInfo(operation)
    }

    /// ``send(_:reachability:)`` as the channel it picks: `true` for `sendMessage`, `false` for
    /// `transferUserInfo` (no command to build and take apart).
    ///
    /// - Complexity: O(1) amortised.
    mutating func sendsInteractively(_ operation: ListOperation, reachability: Reachability) -> Bool {
        let interactive = reachability.isReachable
        window[operation.id.sequence] = Entry(
            operation: operation, carrier: interactive ? .interactive : .queuedTransfer)
        return interactive
    }

    /// ``Event/outcome(_:channel:_:)``: at most one command (none for an operation no longer in
    /// flight, or a message that carried an older copy).
    ///
    /// - Complexity: O(1).
    mutating func outcome(_ operation: ListOperation, channel: LinkChannel, _ outcome: LinkOutcome) -> Command? {
        let sequence = operation.id.sequence
        guard let entry = window[sequence], entry.operation == operation else { return nil }
        switch (outcome, channel) {
        case (.replied, _), (.transferFinished, _):
            window[sequence] = nil
            return .acknowledge(operation)
        case (.failed, .interactive):
            window[sequence] = Entry(operation: operation, carrier: .queuedTransfer)
            return .transferUserInfo(operation)
        case (.failed(let error), _):
            window[sequence] = Entry(operation: operation, carrier: .undeliverable(error))
            return .giveUp(operation, error)
        case (.cancelled, _):
            window[sequence] = Entry(operation: operation, carrier: .undeliverable(.deliveryFailed))
            return .giveUp(operation, .deliveryFailed)
        }
    }

    /// ``Event/appStopped``: interactive sends lose their reply handlers.
    ///
    /// - Complexity: O(*w*) from the oldest operation in flight to the newest.
    mutating func appStopped() {
        for sequence in window.sequences {
            guard let entry = window[sequence], entry.carrier == .interactive else { continue }
            window[sequence] = Entry(operation: entry.operation, carrier: .awaitingResend)
        }
    }

    /// ``Event/appStarted``: the operations awaiting a resend go as queued transfers, in
    /// sequence order.
    ///
    /// - Complexity: O(*w*) from the oldest operation in flight to the newest.
    mutating func appStarted() -> [Command] {
        var commands: [Command] = []
        for sequence in window.sequences {
            guard let entry = window[sequence], entry.carrier == .awaitingResend else { continue }
            window[sequence] = Entry(operation: entry.operation, carrier: .queuedTransfer)
            commands.append(.transferUserInfo(entry.operation))
        }
        return commands
    }

    /// Whether nothing is in flight.
    public var isIdle: Bool { window.isEmpty }
}

extension SyncCourier: StorageAdopting {
    /// Keeps this courier in `old`'s window storage (``StorageAdopting``).
    ///
    /// - Complexity: O(*w*) for the operations in flight.
    public mutating func adoptStorage(of old: inout SyncCourier) {
        window.adoptStorage(of: &old.window)
    }
}
