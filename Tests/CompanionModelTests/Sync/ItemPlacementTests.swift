import Testing

@testable import CompanionModel

/// The canonical order's one rule: loaded items first, by index, then added items by version.
@Suite struct ItemPlacementTests {
    @Test func loadedItemsComeFirstThenAddedItemsByVersion() {
        let phone1 = SyncVersion(counter: 1, device: .phone)
        let watch1 = SyncVersion(counter: 1, device: .watch)
        let ordered: [ItemPlacement] = [
            .initial(index: 0), .initial(index: 7), .added(.initial), .added(phone1), .added(watch1),
        ]
        #expect(ordered.reversed().sorted() == ordered)
        #expect(ItemPlacement.initial(index: .max) < .added(.initial))
        #expect(!(ItemPlacement.added(phone1) < .added(phone1)))
    }
}
