import CompanionModel

extension ListReplica {
    /// The user edits the item named `item` (``edit(_:_:)``, which takes its key as the app
    /// does): the operation made, to send, or `nil` when the edit was refused.
    @discardableResult
    mutating func edit(_ item: ItemID, _ edit: ListEdit) -> ListOperation? {
        guard let key = catalog.key(of: item), case .made(let merge) = self.edit(key, edit) else { return nil }
        return appliedLog[merge.position]
    }

    /// `operation` arrives (``receive(_:)``), then each held operation it lets through
    /// (``releaseNext()``), as a ``SyncEndpoint`` takes a delivery: what happened to each,
    /// in order.
    @discardableResult
    mutating func deliver(_ operation: ListOperation) -> [(operation: ListOperation, receipt: Receipt)] {
        var receipts = [(operation, receive(operation))]
        guard case .merged = receipts[0].1 else { return receipts }
        while let (next, merge) = releaseNext() { receipts.append((next, .merged(merge))) }
        return receipts
    }
}
