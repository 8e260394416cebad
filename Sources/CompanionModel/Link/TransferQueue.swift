import SimulationKernel

/// One background queue of the link: a channel in one direction. The phone's userInfo lane is
/// its `outstandingUserInfoTransfers` queue, which also carries its complication transfers (at
/// most one of them current), so they are delivered in send order with its userInfo transfers.
public enum TransferLane: Hashable, Sendable, CaseIterable {
    case watchUserInfo
    case phoneUserInfo
    case watchContext
    case phoneContext

    /// The lane's own channel (the phone's userInfo lane also carries ``LinkChannel/complication``).
    public var channel: LinkChannel {
        switch self {
        case .watchUserInfo, .phoneUserInfo: return .userInfo
        case .watchContext, .phoneContext: return .applicationContext
        }
    }

    /// The direction of the lane.
    public var route: LinkRoute {
        switch self {
        case .watchUserInfo, .watchContext: return .watchToPhone
        case .phoneUserInfo, .phoneContext: return .phoneToWatch
        }
    }

    /// The lane a transfer on `channel` from `side` joins (complication transfers come from the
    /// phone and join its userInfo queue).
    static func lane(for channel: LinkChannel, from side: LinkSide) -> TransferLane {
        switch (channel, side) {
        case (.applicationContext, .watch): return .watchContext
        case (.applicationContext, .phone): return .phoneContext
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

/// A FIFO queue of transfers in one lane, in send order (ascending IDs). Arrival times are kept
/// monotonic, so transfers reach the receiving device, and its app, in the order they were queued.
struct TransferQueue: Hashable, Sendable {
    var entries: [QueuedTransfer] = []
    /// The arrival time of the last transmission, which the next one may not precede.
    var lastArrival: SimTime = .zero
    /// The one current complication transfer in the queue, if any (phone's userInfo lane only).
    private(set) var currentComplication: MessageID?

    /// The position of transfer `id`, by binary search over the send-ordered entries.
    ///
    /// - Complexity: O(log *n*).
    func index(of id: MessageID) -> Int? {
        var low = entries.startIndex
        var high = entries.endIndex
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].message.id < id { low = mid + 1 } else { high = mid }
        }
        return low < entries.endIndex && entries[low].message.id == id ? low : nil
    }

    /// Appends `entry` (sent after every queued one); a complication transfer becomes current.
    mutating func append(_ entry: QueuedTransfer, asCurrentComplication: Bool) {
        entries.append(entry)
        if asCurrentComplication { currentComplication = entry.message.id }
    }

    /// Makes the current complication transfer an ordinary userInfo transfer, in place; returns
    /// it as it now is, or `nil` when none is current.
    ///
    /// - Complexity: O(log *n*).
    mutating func untagCurrentComplication() -> QueuedTransfer? {
        guard let id = currentComplication else { return nil }
        currentComplication = nil
        guard let index = index(of: id) else { return nil }
        entries[index].message.channel = .userInfo
        return entries[index]
    }

    /// Removes the entry at `index` (delivered or cancelled).
    ///
    /// - Complexity: O(*n*).
    @discardableResult
    mutating func removeEntry(at index: Int) -> QueuedTransfer {
        let entry = entries.remove(at: index)
        if entry.message.id == currentComplication { currentComplication = nil }
        return entry
    }

    /// How many entries travel on `channel` (this queue being `lane`).
    func count(of channel: LinkChannel, in lane: TransferLane) -> Int {
        let current = currentComplication == nil ? 0 : 1
        if channel == .complication { return current }
        return channel == lane.channel ? entries.count - current : 0
    }
}
