import SimulationKernel

/// One background queue of the link: a channel in one direction. The phone's userInfo lane also
/// carries its complication transfers (its `outstandingUserInfoTransfers`), in send order. The
/// raw value is the lane's place in ``TransferLanes``.
package enum TransferLane: Int, Hashable, Sendable, CaseIterable {
    case watchUserInfo
    case phoneUserInfo
    case watchContext
    case phoneContext

    /// The lane's own channel (the phone's userInfo lane also carries ``LinkChannel/complication``).
    package var channel: LinkChannel {
        switch self {
        case .watchUserInfo, .phoneUserInfo: return .userInfo
        case .watchContext, .phoneContext: return .applicationContext
        }
    }

    /// The direction of the lane.
    package var route: LinkRoute {
        switch self {
        case .watchUserInfo, .watchContext: return .watchToPhone
        case .phoneUserInfo, .phoneContext: return .phoneToWatch
        }
    }
}

/// Where one queued transfer is.
package enum TransferState: Hashable, Sendable {
    /// On the sending device, waiting for the link.
    case waiting
    /// On the air, transmitted during radio `epoch`.
    case inFlight(epoch: Int)
    /// On the receiving device, waiting for the receiving app to run.
    case arrived

    /// The case's name, for traces.
    package var name: String {
        switch self {
        case .waiting: return "waiting"
        case .inFlight: return "inFlight"
        case .arrived: return "arrived"
        }
    }
}

/// A queued transfer and its state.
package struct QueuedTransfer: Hashable, Sendable {
    /// The transfer as queued.
    package var message: LinkMessage
    /// Where it is.
    package var state: TransferState
    /// Transmissions so far (more than one means it was retried after a drop-out).
    package var attempts: Int
}

/// A FIFO queue of transfers in one lane, in send order (ascending IDs). Arrival times are kept
/// monotonic, so transfers reach the receiving device, and its app, in the order they were queued.
///
/// Delivered transfers leave from the head by moving a start offset (the storage is compacted
/// when more than half of it is delivered): O(1) amortized per transfer.
struct TransferQueue: Sendable {
    /// `buffer[head...]` are the queued transfers; the ones before `head` were delivered.
    private var buffer: [QueuedTransfer] = []
    private var head = 0
    /// The arrival time of the last transmission, which the next one may not precede.
    var lastArrival: SimTime = .zero
    /// The one current complication transfer in the queue, if any (phone's userInfo lane only).
    private(set) var currentComplication: MessageID?

    /// The queued transfers, oldest first; its indices are the positions the other members take.
    var entries: ArraySlice<QueuedTransfer> { buffer[head...] }

    /// The transfer at `position` (an index of ``entries``).
    subscript(position: Int) -> QueuedTransfer {
        get { buffer[position] }
        set { buffer[position] = newValue }
    }

    /// The position of transfer `id`, by binary search over the send-ordered entries: O(log *n*).
    func index(of id: MessageID) -> Int? {
        let low = buffer[head...].partitionPoint { $0.message.id >= id }
        return low < buffer.endIndex && buffer[low].message.id == id ? low : nil
    }

    /// Appends `entry` (sent after every queued one); a complication transfer becomes current.
    mutating func append(_ entry: QueuedTransfer, asCurrentComplication: Bool) {
        buffer.append(entry)
        if asCurrentComplication { currentComplication = entry.message.id }
    }

    /// Drops every queued transfer (an application context replaced by a newer one).
    mutating func removeAll() {
        buffer.removeAll()
        head = 0
        currentComplication = nil
    }

    /// Makes the current complication transfer an ordinary userInfo transfer, in place; returns
    /// it as it now is, or `nil` when none is current.
    mutating func untagCurrentComplication() -> QueuedTransfer? {
        guard let id = currentComplication else { return nil }
        currentComplication = nil
        guard let index = index(of: id) else { return nil }
        buffer[index].message.channel = .userInfo
        return buffer[index]
    }

    /// Removes the entry at `position` (a cancelled transfer): O(*n*).
    @discardableResult
    mutating func removeEntry(at position: Int) -> QueuedTransfer {
        let entry = buffer.remove(at: position)
        if entry.message.id == currentComplication { currentComplication = nil }
        return entry
    }

    /// Removes and returns the head entry if it has arrived (to hand to the app), else `nil`.
    mutating func popArrivedHead() -> QueuedTransfer? {
        guard head < buffer.endIndex, buffer[head].state == .arrived else { return nil }
        let entry = buffer[head]
        if entry.message.id == currentComplication { currentComplication = nil }
        head += 1
        if head == buffer.endIndex {
            buffer.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 64, head * 2 > buffer.count {
            buffer.removeFirst(head)
            head = 0
        }
        return entry
    }

    /// The positions of the waiting entries, all at the tail: entries arrive in queue order, so
    /// the queue reads arrived, then on the air, then waiting.
    var waitingTail: Range<Int> {
        var start = buffer.endIndex
        while start > head, buffer[start - 1].state == .waiting { start -= 1 }
        return start..<buffer.endIndex
    }

    /// Puts the entry at `position` on the air during radio `epoch`, to arrive at `arrival`
    /// (which the next transmission may not precede); returns it as it now is.
    mutating func transmit(at position: Int, epoch: Int, arrival: SimTime) -> QueuedTransfer {
        buffer[position].attempts += 1
        buffer[position].state = .inFlight(epoch: epoch)
        lastArrival = arrival
        return buffer[position]
    }

    /// Turns every entry on the air back into a waiting one (a drop-out voided its transmission).
    mutating func requeueInFlight() {
        for index in head..<buffer.endIndex {
            if case .inFlight = buffer[index].state { buffer[index].state = .waiting }
        }
        lastArrival = .zero
    }

    /// How many entries travel on `channel` (this queue being `lane`).
    func count(of channel: LinkChannel, in lane: TransferLane) -> Int {
        let current = currentComplication == nil ? 0 : 1
        if channel == .complication { return current }
        return channel == lane.channel ? entries.count - current : 0
    }
}

extension TransferQueue: StorageAdopting {
    /// Keeps this queue in `old`'s buffer (``StorageAdopting``).
    mutating func adoptStorage(of old: inout TransferQueue) {
        buffer.adoptStorage(of: &old.buffer)
    }
}
