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

    /// How each unacknowledged operation travels, by sequence number (a few words each, with
    /// nothing to retain: the operation is its replica's).
    private var window = SequenceWindow<Carrier>()
    /// The sequence numbers of the operations sent as interactive messages, ascending: the ones
    /// an app stop visits (not every operation in flight: one the link refused for good stays in
    /// ``window`` for ever, and the stops and starts after it must not walk from it each time).
    private var interactiveSequences: [Int] = []
    /// The sequence numbers of the operations awaiting a resend, ascending: the ones an app start
    /// visits.
    private var awaitingResendSequences: [Int] = []

    /// How each unacknowledged operation travels, by sequence number.
    ///
    /// - Complexity: O(*w*) from the oldest operation in flight to the newest.
    package var inFlight: [Int: Carrier] { window.dictionary }

    /// How each unacknowledged operation travels, in sequence order.
    ///
    /// - Complexity: O(*w*) from the oldest operation in flight to the newest.
    package var inFlightInOrder: [Carrier] { window.values }

    /// A courier with nothing in flight.
    package init() {}

    /// The replica made this device's operation `sequence`, and `reachability` is `isReachable`
    /// on this device now: the one command that sends it (`sendMessage` exactly when
    /// `reachability` says the other app is reachable).
    ///
    /// - Complexity: O(1) amortised.
    package mutating func send(_ sequence: Int, reachability: Reachability) -> Command {
        let interactive = reachability.isReachable
        set(sequence, from: window[sequence], to: interactive ? .interactive : .queuedTransfer)
        return interactive ? .sendMessage(sequence) : .transferUserInfo(sequence)
    }

    /// How a message carrying this device's operation `sequence` on `channel` ended: at most one
    /// command (none for an operation no longer in flight).
    ///
    /// - Complexity: O(1).
    package mutating func outcome(_ sequence: Int, channel: LinkChannel, _ outcome: LinkOutcome) -> Command? {
        guard let carrier = window[sequence] else { return nil }
        switch (outcome, channel) {
        case (.replied, _), (.transferFinished, _):
            set(sequence, from: carrier, to: nil)
            return .acknowledge(sequence)
        case (.failed(.sessionNotActivated), _), (.failed(.sessionInactive), _):
            set(sequence, from: carrier, to: .awaitingResend)
            return nil
        case (.failed, .interactive):
            set(sequence, from: carrier, to: .queuedTransfer)
            return .transferUserInfo(sequence)
        case (.failed(let error), _):
            set(sequence, from: carrier, to: .undeliverable(error))
            return .giveUp(sequence, error)
        case (.cancelled, _):
            set(sequence, from: carrier, to: .undeliverable(.deliveryFailed))
            return .giveUp(sequence, .deliveryFailed)
        }
    }

    /// The app stopped running (killed or terminated): interactive sends lose their reply
    /// handlers.
    ///
    /// - Complexity: O(*i* + *r*) for the *i* interactive sends and the *r* operations already
    ///   awaiting a resend (not every operation in flight).
    package mutating func appStopped() {
        guard !interactiveSequences.isEmpty else { return }
        for sequence in interactiveSequences {
            guard window.contains(sequence) else { continue }
            window[sequence] = .awaitingResend
        }
        awaitingResendSequences = Self.merged(awaitingResendSequences, interactiveSequences)
        interactiveSequences.removeAll(keepingCapacity: true)
    }

    /// The app runs again, or the session activated (`activationDidCompleteWith` in a running
    /// app): the operations awaiting a resend go as queued transfers, in sequence order.
    ///
    /// - Complexity: O(*r*) for the *r* operations awaiting a resend (not every operation in flight).
    package mutating func appStarted() -> [Command] {
        guard !awaitingResendSequences.isEmpty else { return [] }
        var commands: [Command] = []
        for sequence in awaitingResendSequences {
            guard window.contains(sequence) else { continue }
            window[sequence] = .queuedTransfer
            commands.append(.transferUserInfo(sequence))
        }
        awaitingResendSequences.removeAll(keepingCapacity: true)
        return commands
    }

    /// Sends the operation `sequence` by `carrier` (`nil`: drops it) in place of the carrier it
    /// travelled by (`old`, `nil`: none), and keeps the lists of the sequences sent interactively
    /// and awaiting a resend with it.
    ///
    /// - Complexity: O(1) amortised, plus O(*i* + *r*) to take `sequence` out of those lists
    ///   when it leaves one of them.
    private mutating func set(_ sequence: Int, from old: Carrier?, to carrier: Carrier?) {
        switch old {
        case .interactive?: Self.remove(sequence, from: &interactiveSequences)
        case .awaitingResend?: Self.remove(sequence, from: &awaitingResendSequences)
        case .queuedTransfer?, .undeliverable?, nil: break
        }
        window[sequence] = carrier
        switch carrier {
        case .interactive?: Self.insert(sequence, into: &interactiveSequences)
        case .awaitingResend?: Self.insert(sequence, into: &awaitingResendSequences)
        case .queuedTransfer?, .undeliverable?, nil: break
        }
    }

    /// Inserts `sequence` into the ascending `sequences` (appended, in the usual order).
    private static func insert(_ sequence: Int, into sequences: inout [Int]) {
        guard let last = sequences.last, last > sequence else { return sequences.append(sequence) }
        sequences.insert(sequence, at: sequences.partitionPoint { $0 > sequence })
    }

    /// Removes `sequence` from the ascending `sequences`, if there (usually the one kept, or
    /// the last: removed without a search).
    private static func remove(_ sequence: Int, from sequences: inout [Int]) {
        if sequences.last == sequence {
            sequences.removeLast()
            return
        }
        let index = sequences.partitionPoint { $0 >= sequence }
        guard index < sequences.endIndex, sequences[index] == sequence else { return }
        if index == sequences.count - 1 { sequences.removeLast() } else { sequences.remove(at: index) }
    }

    /// The union of two ascending lists with no element in common, ascending.
    private static func merged(_ first: [Int], _ second: [Int]) -> [Int] {
        guard !first.isEmpty else { return second }
        var result: [Int] = []
        result.reserveCapacity(first.count + second.count)
        var (i, j) = (0, 0)
        while i < first.count || j < second.count {
            if j == second.count || (i < first.count && first[i] < second[j]) {
                result.append(first[i])
                i += 1
            } else {
                result.append(second[j])
                j += 1
            }
        }
        return result
    }

    /// Whether nothing is in flight.
    package var isIdle: Bool { window.isEmpty }
}

extension SyncCourier: StorageAdopting {
    /// Keeps this courier in `old`'s window storage (``StorageAdopting``).
    ///
    /// - Complexity: O(*w*) for the operations in flight.
    package mutating func adoptStorage(of old: inout SyncCourier) {
        window.adoptStorage(of: &old.window)
        interactiveSequences.adoptStorage(of: &old.interactiveSequences)
        awaitingResendSequences.adoptStorage(of: &old.awaitingResendSequences)
    }
}
