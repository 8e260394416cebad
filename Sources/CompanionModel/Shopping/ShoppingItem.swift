import SimulationKernel

/// The identifier of an item on the shopping list, unique within a scenario (`"kale"`).
package typealias ItemID = String

/// One thing to buy.
package struct ShoppingItem: Hashable, Sendable {
    package var id: ItemID
    package var title: String
    /// When the item is due (a reminder fires then), if ever.
    package var due: SimTime?
    package var notes: String?

    package init(id: ItemID, title: String, due: SimTime? = nil, notes: String? = nil) {
        self.id = id
        self.title = title
        self.due = due
        self.notes = notes
    }
}
