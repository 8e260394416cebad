extension CheckOffOperation {
    /// Creates the operation that leaves `item` with `status`.
    public init(item: ItemID, sequence: Int, status: ItemStatus) {
        self.init(item: item, kind: status == .checkedOff ? .check : .uncheck, sequence: sequence)
    }

    /// The status the item has after this operation. Operations carry the item's whole state,
    /// so the newest one applied decides the item, whatever older ones did.
    public var status: ItemStatus { kind == .check ? .checkedOff : .open }

    /// `"checkOff"` or `"uncheck"`.
    public var actionName: String { kind == .check ? "checkOff" : "uncheck" }

    /// `"kale#2"`.
    public var label: String { "\(item)#\(sequence)" }
}
