import SimulationKernel

/// The link's four background queues (``TransferLane``), stored in place and indexed by the lane's
/// raw value (no hashing, no copy of a queue's entries).
struct TransferLanes: Sendable {
    private var queues = InlineArray<4, TransferQueue>(repeating: TransferQueue())

    /// The queue of `lane`, changed in place.
    subscript(lane: TransferLane) -> TransferQueue {
        get { queues[lane.rawValue] }
        _modify { yield &queues[lane.rawValue] }
    }

    /// Whether every lane is empty.
    var isEmpty: Bool { TransferLane.allCases.allSatisfy { self[$0].entries.isEmpty } }

    /// How many queued entries travel on `channel`, over all lanes.
    func count(of channel: LinkChannel) -> Int {
        TransferLane.allCases.reduce(0) { $0 + self[$1].count(of: channel, in: $1) }
    }
}

extension TransferLanes: StorageAdopting {
    /// Keeps every lane in `old`'s storage (``StorageAdopting``).
    mutating func adoptStorage(of old: inout TransferLanes) {
        for lane in TransferLane.allCases { self[lane].adoptStorage(of: &old[lane]) }
    }
}
