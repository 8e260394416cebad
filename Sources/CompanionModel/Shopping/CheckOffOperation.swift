/// What the user did to one item on the watch: checked it off or put it back.
public enum CheckOffKind: String, Hashable, Sendable {
    case check
    case uncheck
}

/// One check-off (or un-check-off) as it travels from the watch to the phone.
///
/// `sequence` counts the operations on the same item, from 1, so the phone can apply each
/// exactly once and in order (a duplicate or older operation changes nothing).
public struct CheckOffOperation: Hashable, Sendable {
    public var item: ItemID
    public var kind: CheckOffKind
    /// 1 for the first operation on `item`, 2 for the next, and so on.
    public var sequence: Int

    public init(item: ItemID, kind: CheckOffKind, sequence: Int) {
        self.item = item
        self.kind = kind
        self.sequence = sequence
    }
}
