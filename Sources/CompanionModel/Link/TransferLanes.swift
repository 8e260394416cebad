import SimulationKernel

/// The link's four background queues (``TransferLane``), one stored queue per lane (a field
/// access, no hashing, no copy of its entries).
struct TransferLanes: Sendable {
    private var watchUserInfo = TransferQueue()
    private var phoneUserInfo = TransferQueue()
    private var watchContext = TransferQueue()
    private var phoneContext = TransferQueue()

    /// The queue of `lane`, changed in place.
    subscript(lane: TransferLane) -> TransferQueue {
        get {
            switch lane {
            case .watchUserInfo: return watchUserInfo
            case .phoneUserInfo: return phoneUserInfo
            case .watchContext: return watchContext
            case .phoneContext: return phoneContext
            }
        }
        _modify {
            switch lane {
            case .watchUserInfo: yield &watchUserInfo
            case .phoneUserInfo: yield &phoneUserInfo
            case .watchContext: yield &watchContext
            case .phoneContext: yield &phoneContext
            }
        }
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
        watchUserInfo.adoptStorage(of: &old.watchUserInfo)
        phoneUserInfo.adoptStorage(of: &old.phoneUserInfo)
        watchContext.adoptStorage(of: &old.watchContext)
        phoneContext.adoptStorage(of: &old.phoneContext)
    }
}
