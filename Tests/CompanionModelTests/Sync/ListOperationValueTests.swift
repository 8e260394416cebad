import SimulationKernel
import Testing

@testable import CompanionModel

/// An operation's shared box compares and hashes by value.
@Suite struct ListOperationValueTests {
    private let pool = ["kale", "bread", "eggs", "milk", "tofu"]

    private func operation(
        _ origin: LinkSide = .phone, _ sequence: Int = 1, item: ItemID = "kale", edit: ListEdit = .check,
        counter: Int = 1
    ) -> ListOperation {
        ListOperation(
            id: OperationID(origin: origin, sequence: sequence), item: item, key: pool.firstIndex(of: item) ?? -1,
            edit: edit,
            version: SyncVersion(counter: counter, device: origin))
    }

    @Test func operationsCompareAndHashByValueNotByBox() {
        let original = operation(item: "kale", edit: .add(title: "Kale"))
        let rebuilt = operation(item: "kale", edit: .add(title: "Kale"))
        #expect(original == rebuilt)
        #expect(original.hashValue == rebuilt.hashValue)
        #expect(Set([original, rebuilt, original]).count == 1)
        let different = [
            operation(.watch, item: "kale", edit: .add(title: "Kale")),
            operation(.phone, 2, item: "kale", edit: .add(title: "Kale")),
            operation(item: "milk", edit: .add(title: "Kale")),
            operation(item: "kale", edit: .add(title: "Curly kale")),
            operation(item: "kale", edit: .rename(title: "Kale")),
            operation(item: "kale", edit: .add(title: "Kale"), counter: 2),
        ]
        for other in different { #expect(other != original, "\(other)") }
        #expect(Set(different + [original]).count == different.count + 1)
        #expect(original.description == "phone#1 add kale v1@phone")
        #expect(original.id == OperationID(origin: .phone, sequence: 1))
        #expect(original.version == SyncVersion(counter: 1, device: .phone))
    }
}
