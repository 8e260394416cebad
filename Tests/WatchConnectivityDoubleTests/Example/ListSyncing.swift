import WatchConnectivityDouble

/// What the example's property test needs of a list sync manager: edit an item, read the list.
protocol ListSyncing: AnyObject {
    var list: [String: Bool] { get }
    func edit(_ item: String, done: Bool)
}
