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
/// 6. A transfer the link refuses for good (payload too large, cancelled) is *undeliverable*:
///    given up, it leaves the operations in flight (so stops and starts never walk past it); the
///    end-of-run check then reports the operation lost, with its trail.
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

    /// How each operation in flight travels, by sequence number (a few words each, with nothing
    /// to retain: the operation is its replica's). It holds no ``Carrier/undeliverable`` one: an
    /// operation given up leaves it for ``givenUp``, so the window spans only the operations
    /// still travelling, which stops and starts walk.
    private var window = SequenceWindow<Carrier>()
    /// The operations the link refused for good, by sequence number, with why (usually none).
    private var givenUp: [Int: LinkError] = [:]

    /// How each unacknowledged operation travels, by sequence number, the ones given up
    /// included.
    ///
    /// - Complexity: O(*w* + *g*) for the *w* slots of the operations in flight and the *g* given up.
    package var inFlight: [Int: Carrier] {
        window.dictionary.merging(givenUp.mapValues { .undeliverable($0) }) { carrier, _ in carrier }
    }

    /// A courier with nothing in flight.
    package init() {}

    /// The replica made this device's operation `sequence`, and `reachability` is `isReachable`
    /// on this device now: the one command that sends it (`sendMessage` exactly when
    /// `reachability` says the other app is reachable).
    ///
    /// - Complexity: O(1) amortised.
    package mutating func send(_ sequence: Int, reachability: Reachability) -> Command {
        let interactive = reachability.isReachable
        set(sequence, to: interactive ? .interactive : .queuedTransfer)
        return interactive ? .sendMessage(sequence) : .transferUserInfo(sequence)
    }

    /// How a message carrying this device's operation `sequence` on `channel` ended: at most one
    /// command (none for an operation acknowledged already). An outcome of an operation given up
    /// counts too (a late reply acknowledges it).
    ///
    /// - Complexity: O(1).
    package mutating func outcome(_ sequence: Int, channel: LinkChannel, _ outcome: LinkOutcome) -> Command? {
        guard window.contains(sequence) || (!givenUp.isEmpty && givenUp[sequence] != nil) else { return nil }
        switch (outcome, channel) {
        case (.replied, _), (.transferFinished, _):
            set(sequence, to: nil)
            return .acknowledge(sequence)
        case (.failed(.sessionNotActivated), _), (.failed(.sessionInactive), _):
            set(sequence, to: .awaitingResend)
            return nil
        case (.failed, .interactive):
            set(sequence, to: .queuedTransfer)
            return .transferUserInfo(sequence)
        case (.failed(let error), _):
            set(sequence, to: .undeliverable(error))
            return .giveUp(sequence, error)
        case (.cancelled, _):
            set(sequence, to: .undeliverable(.deliveryFailed))
            return .giveUp(sequence, .deliveryFailed)
        }
    }

    /// The app stopped running (killed or terminated): interactive sends lose their reply
    /// handlers.
    ///
    /// - Complexity: O(*w*) for the *w* slots of the operations in flight (none given up).
    package mutating func appStopped() {
        window.updateEach { _, carrier in
            if case .interactive = carrier { carrier = .awaitingResend }
        }
    }

    /// The app runs again, or the session activated (`activationDidCompleteWith` in a running
    /// app): the operations awaiting a resend go as queued transfers, in sequence order.
    ///
    /// - Complexity: O(*w*) for the *w* slots of the operations in flight (none given up).
    package mutating func appStarted() -> [Command] {
        var commands: [Command] = []
        window.updateEach { sequence, carrier in
            guard case .awaitingResend = carrier else { return }
            carrier = .queuedTransfer
            commands.append(.transferUserInfo(sequence))
        }
        return commands
    }

    /// Makes `carrier` how the operation `sequence` travels (`nil`: acknowledged): an
    /// undeliverable one is given up, out of the window.
    ///
    /// - Complexity: O(1) amortised.
    private mutating func set(_ sequence: Int, to carrier: Carrier?) {
        if case .undeliverable(let error) = carrier {
            window[sequence] = nil
            givenUp[sequence] = error
        } else {
            if !givenUp.isEmpty { givenUp[sequence] = nil }
            window[sequence] = carrier
        }
    }

    /// Whether every operation made is acknowledged or given up.
    package var isIdle: Bool { window.isEmpty }
}

extension SyncCourier: StorageAdopting {
    /// Keeps this courier in `old`'s window storage (``StorageAdopting``).
    ///
    /// - Complexity: O(*w*) for the operations in flight.
    package mutating func adoptStorage(of old: inout SyncCourier) {
        window.adoptStorage(of: &old.window)
    }
}
