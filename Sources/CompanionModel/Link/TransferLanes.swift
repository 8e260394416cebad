import SimulationKernel

/// The link's four background queues (``TransferLane``), one stored queue per lane: reading or
/// changing a lane's queue is a field access, with no hashing and no copy of its entries.
struct TransferLanes: Sendable {
    private var watchUserInfo = TransferQueue()
    private var phoneUserInfo = TransferQueue()
    private var watchContext = TransferQueue()
    private var phoneContext = TransferQueue()

    /// The queue of `lane`, changed in place.
    ///
    /// - Complexity: O(1).
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
    var isEmpty: Bool {
        watchUserInfo.entries.isEmpty && phoneUserInfo.entries.isEmpty && watchContext.entries.isEmpty
            && phoneContext.entries.isEmpty
    }

    /// How many queued entries travel on `channel`, over all lanes.
    ///
    /// - Complexity: O(1).
    func count(of channel: LinkChannel) -> Int {
        watchUserInfo.count(of: channel, in: .watchUserInfo) + phoneUserInfo.count(of: channel, in: .phoneUserInfo)
            + watchContext.count(of: channel, in: .watchContext) + phoneContext.count(of: channel, in: .phoneContext)
    }
}

extension TransferLanes: StorageAdopting {
    /// Keeps every lane in `old`'s storage (``StorageAdopting``).
    ///
    /// - Complexity: O(*n*) for the *n* transfers held.
    mutating func adoptStorage(of old: inout TransferLanes) {
        watchUserInfo.adoptStorage(of: &old.watchUserInfo)
        phoneUserInfo.adoptStorage(of: &old.phoneUserInfo)
        watchContext.adoptStorage(of: &old.watchContext)
        phoneContext.adoptStorage(of: &old.phoneContext)
    }
}
