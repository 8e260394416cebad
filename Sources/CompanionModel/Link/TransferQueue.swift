import SimulationKernel

/// One background queue of the link: a channel in one direction.
public enum TransferLane: Hashable, Sendable, CaseIterable {
    case watchUserInfo
    case phoneUserInfo
    case watchContext
    case phoneContext
    case complication

    /// The channel of the lane.
    public var channel: LinkChannel {
        switch self {
        case .watchUserInfo, .phoneUserInfo: return .userInfo
        case .watchContext, .phoneContext: return .applicationContext
        case .complication: return .complication
        }
    }

    /// The direction of the lane.
    public var route: LinkRoute {
        switch self {
        case .watchUserInfo, .watchContext: return .watchToPhone
        case .phoneUserInfo, .phoneContext, .complication: return .phoneToWatch
        }
    }

    /// The userInfo or context lane of `side`.
    static func lane(for channel: LinkChannel, from side: LinkSide) -> TransferLane {
        switch (channel, side) {
        case (.applicationContext, .watch): return .watchContext
        case (.applicationContext, .phone): return .phoneContext
        case (.complication, _): return .complication
        case (_, .watch): return .watchUserInfo
        case (_, .phone): return .phoneUserInfo
        }
    }
}

/// Where one queued transfer is.
public enum TransferState: Hashable, Sendable {
    /// On the sending device, waiting for the link.
    case waiting
    /// On the air, transmitted during radio `epoch`.
    case inFlight(epoch: Int)
    /// On the receiving device, waiting for the receiving app to run.
    case arrived

    /// Whether it waits on the sending device for the link.
    public var isWaiting: Bool { self == .waiting }

    /// Whether it is on the receiving device.
    public var hasArrived: Bool { self == .arrived }

    /// `"waiting"`, `"inFlight"`, `"arrived"` (for traces).
    public var name: String {
        switch self {
        case .waiting: return "waiting"
        case .inFlight: return "inFlight"
        case .arrived: return "arrived"
        }
    }
}

/// A queued transfer and its state.
public struct QueuedTransfer: Hashable, Sendable {
    /// The transfer as queued.
    public var message: LinkMessage
    /// Where it is.
    public var state: TransferState
    /// Transmissions so far (more than one means it was retried after a drop-out).
    public var attempts: Int
}

/// A FIFO queue of transfers in one lane. Arrival times are kept monotonic, so transfers reach
/// the receiving device, and its app, in the order they were queued.
struct TransferQueue: Hashable, Sendable {
    var entries: [QueuedTransfer] = []
    /// The arrival time of the last transmission, which the next one may not precede.
    var lastArrival: SimTime = .zero

    func index(of id: MessageID) -> Int? {
        entries.firstIndex { $0.message.id == id }
    }

    /// Inserts `entry` before the first entry sent after it (IDs are assigned in send order), so
    /// the queue stays in send order.
    ///
    /// - Complexity: O(*n*).
    mutating func insertInSendOrder(_ entry: QueuedTransfer) {
        let position = entries.firstIndex { $0.message.id > entry.message.id } ?? entries.endIndex
        entries.insert(entry, at: position)
    }
}
