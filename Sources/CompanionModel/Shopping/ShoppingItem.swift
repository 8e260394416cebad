import SimulationKernel

/// The identifier of an item on the shopping list, unique within a scenario (`"kale"`).
public typealias ItemID = String

/// One thing to buy.
public struct ShoppingItem: Hashable, Sendable {
    public var id: ItemID
    public var title: String
    /// When the item is due (a reminder fires then), if ever.
    public var due: SimTime?
    public var notes: String?

    public init(id: ItemID, title: String, due: SimTime? = nil, notes: String? = nil) {
        self.id = id
        self.title = title
        self.due = due
        self.notes = notes
    }
}
