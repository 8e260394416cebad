import SimulationKernel

/// How one device's app gets its list operations to the other device over WatchConnectivity
/// (PLATFORM.md §2.2–2.3): a pure state machine beside the device's ``ListReplica``, driven by
/// its ``SyncEndpoint`` (``send(_:reachability:)``, ``outcome(_:channel:_:)``, ``appStopped()``,
/// ``appStarted()``).
///
/// **Strategy** (no operation is ever given up while the link can still carry it):
/// 1. A new operation goes as an interactive message when `isReachable` says yes (fast, with a
///    reply), else as a queued userInfo transfer (guaranteed, FIFO, survives the app's exit).
/// 2. Any interactive error (7007 notReachable, 7012 reply timeout, 7016 session inactive …)
///    re-sends the operation as a queued transfer.
/// 3. If the app exits while an interactive message waits for its reply, the handler is gone:
///    the operation waits, and is re-sent as a queued transfer when the app runs again.
/// 4. A reply or a finished transfer means the other device has the operation: the courier
///    drops it and says so (``Command/acknowledge(_:)``). The courier knows how each
///    unacknowledged operation travels, by its sequence number; the operation itself stays in
///    the endpoint's replica (``ListReplica/appliedLog``),
///    so commands name it by that number.
/// 5. A send the link refuses because the session is not activated (7004, 7016) waits, and is
///    re-sent as a queued transfer when the session activates or the app runs again
///    (``appStarted()``): sending on such a session is a programmer error, and the
///    system queues nothing.
/// 6. A transfer the link refuses for good (payload too large, cancelled) is *undeliverable*;
///    the end-of-run check then reports the operation lost, with its trail.
///
/// Re-sending can deliver an operation twice and a transfer can overtake a slow interactive
/// message; the receiving replica applies each operation once, in its origin's order.
///
/// ```swift
/// var courier = SyncCourier()
/// courier.send(1, reachability: .reachable)                   // .sendMessage(1)
/// courier.outcome(1, channel: .interactive, .replied)          // .acknowledge(1)
/// ```
package struct SyncCourier: Sendable {
    /// How an unacknowledged operation travels.
    package enum Carrier: Hashable, Sendable {
        /// An interactive message waiting for its reply.
        case interactive
        /// A queued userInfo transfer.
        case queuedTransfer
        /// Its interactive reply handler died with the app; re-sent when the app runs again.
        case awaitingResend
        /// The link refused it for good.
        case undeliverable(LinkError)
    }

    /// What the courier asks of its host, naming this device's operation by its sequence number
    /// (the host keeps the operations: a ``SyncEndpoint`` in its replica's log), so a command is
    /// two words, with nothing to retain.
    package enum Command: Hashable, Sendable {
        /// `sendMessage` with the operation.
        case sendMessage(Int)
        /// `transferUserInfo` with the operation.
        case transferUserInfo(Int)
        /// The other device has the operation: the courier has dropped it.
        case acknowledge(Int)
        /// The link refused the operation for good.
        case giveUp(Int, LinkError)
    }

    /// How each of this device's operations travels while it is unacknowledged, by its sequence
    /// number less one (`nil`: not sent yet, or acknowledged; one the link refused for good
    /// stays): a few words each, with nothing to retain (the operation is its replica's), found
    /// by indexing, as the replica finds an operation it made (``ListReplica/madePositions``).
    package private(set) var carriers: [Carrier?] = []
    /// The sequence numbers sent as interactive messages since the app last stopped, in the order
    /// sent: the ones an app stop visits, each once (not every operation in flight: one the link
    /// refused for good stays in flight for ever, and the stops and starts after it must not walk
    /// from it each time). One that has moved on since (acknowledged, fallen back to a transfer)
    /// is skipped.
    private var interactiveSequences: [Int] = []
    /// The sequence numbers set awaiting a resend since the app last started: the ones an app
    /// start visits, each once (a number set twice is resent once; one that has moved on since is
    /// skipped).
    private var awaitingResendSequences: [Int] = []

    /// Whether every operation sent is acknowledged or given up (nothing more will travel).
    ///
    /// - Complexity: O(*m*) for the *m* operations sent.
    package var isIdle: Bool {
        carriers.allSatisfy {
            switch $0 {
            case nil, .undeliverable?: true
            case .interactive?, .queuedTransfer?, .awaitingResend?: false
            }
        }
    }

    /// A courier with nothing in flight.
    package init() {}

    /// The replica made this device's operation `sequence`, and `reachability` is `isReachable`
    /// on this device now: the one command that sends it (`sendMessage` exactly when
    /// `reachability` says the other app is reachable).
    ///
    /// - Complexity: O(1) amortised.
    package mutating func send(_ sequence: Int, reachability: Reachability) -> Command {
        if carriers.count < sequence {
            carriers.append(contentsOf: repeatElement(nil, count: sequence - carriers.count))
        }
        guard reachability.isReachable else {
            carriers[sequence - 1] = .queuedTransfer
            return .transferUserInfo(sequence)
        }
        carriers[sequence - 1] = .interactive
        interactiveSequences.append(sequence)
        return .sendMessage(sequence)
    }

    /// How a message carrying this device's operation `sequence` on `channel` ended: at most one
    /// command (none for an operation no longer in flight).
    ///
    /// - Complexity: O(1) amortised.
    package mutating func outcome(_ sequence: Int, channel: LinkChannel, _ outcome: LinkOutcome) -> Command? {
        guard carriers.indices.contains(sequence - 1), carriers[sequence - 1] != nil else { return nil }
        switch (outcome, channel) {
        case (.replied, _), (.transferFinished, _):
            carriers[sequence - 1] = nil
            return .acknowledge(sequence)
        case (.failed(.sessionNotActivated), _), (.failed(.sessionInactive), _):
            carriers[sequence - 1] = .awaitingResend
            awaitingResendSequences.append(sequence)
            return nil
        case (.failed, .interactive):
            carriers[sequence - 1] = .queuedTransfer
            return .transferUserInfo(sequence)
        case (.failed(let error), _):
            carriers[sequence - 1] = .undeliverable(error)
            return .giveUp(sequence, error)
        case (.cancelled, _):
            carriers[sequence - 1] = .undeliverable(.deliveryFailed)
            return .giveUp(sequence, .deliveryFailed)
        }
    }

    /// The app stopped running (killed or terminated): interactive sends lose their reply
    /// handlers.
    ///
    /// - Complexity: O(*i*) for the *i* interactive sends since the last stop (not every
    ///   operation in flight).
    package mutating func appStopped() {
        for sequence in interactiveSequences {
            guard case .interactive? = carriers[sequence - 1] else { continue }
            carriers[sequence - 1] = .awaitingResend
            awaitingResendSequences.append(sequence)
        }
        interactiveSequences.removeAll(keepingCapacity: true)
    }

    /// The app runs again, or the session activated (`activationDidCompleteWith` in a running
    /// app): the operations awaiting a resend go as queued transfers, in sequence order.
    ///
    /// - Complexity: O(*r* log *r*) for the *r* operations set awaiting a resend since the last
    ///   start (not every operation in flight).
    package mutating func appStarted() -> [Command] {
        guard !awaitingResendSequences.isEmpty else { return [] }
        awaitingResendSequences.sort()
        var commands: [Command] = []
        for sequence in awaitingResendSequences {
            guard case .awaitingResend? = carriers[sequence - 1] else { continue }
            carriers[sequence - 1] = .queuedTransfer
            commands.append(.transferUserInfo(sequence))
        }
        awaitingResendSequences.removeAll(keepingCapacity: true)
        return commands
    }
}

extension SyncCourier: StorageAdopting {
    /// Keeps this courier in `old`'s storage (``StorageAdopting``).
    ///
    /// - Complexity: O(*m*) for the *m* operations sent.
    package mutating func adoptStorage(of old: inout SyncCourier) {
        carriers.adoptStorage(of: &old.carriers)
        interactiveSequences.adoptStorage(of: &old.interactiveSequences)
        awaitingResendSequences.adoptStorage(of: &old.awaitingResendSequences)
    }
}
