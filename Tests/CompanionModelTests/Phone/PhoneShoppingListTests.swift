import CompanionModel
import SimulationKernel
import Testing

@Suite struct PhoneShoppingListTests {
    private func op(_ item: ItemID, _ sequence: Int, _ status: ItemStatus = .checkedOff) -> CheckOffOperation {
        CheckOffOperation(item: item, sequence: sequence, status: status)
    }

    @Test func appliesOnceAndIgnoresDuplicatesAndStaleOperations() {
        var phone = PhoneShoppingList()
        #expect(phone.apply(op("kale", 1), at: .zero) == .applied)
        #expect(phone.apply(op("kale", 1), at: t(1)) == .duplicate)
        #expect(phone.apply(op("kale", 3, .checkedOff), at: t(2)) == .applied)
        #expect(phone.apply(op("kale", 2, .open), at: t(3)) == .stale(latest: 3))
        #expect(phone.status(of: "kale") == .checkedOff)
        #expect(phone.changes.map(\.operation.sequence) == [1, 3])
        #expect(phone.status(of: "milk") == .open)
    }

    @Test func verifierAcceptsAMatchingList() {
        var phone = PhoneShoppingList()
        _ = phone.apply(op("kale", 1), at: .zero)
        let intent = [
            "kale": ItemIntent(status: .checkedOff, sequence: 1), "milk": ItemIntent(status: .open, sequence: 0),
        ]
        #expect(CheckOffVerifier.verify(intent: intent, phone: phone, trail: []).isEmpty)
    }

    @Test func verifierReportsALostCheckOffWithItsTrail() {
        let phone = PhoneShoppingList()
        let trail = [
            TraceEvent(time: t(1), kind: "watch.checkOff", fields: ["item": "kale", "seq": 1]),
            TraceEvent(time: t(1), kind: "watch.checkOff", fields: ["item": "milk", "seq": 1]),
            TraceEvent(time: t(2), kind: "link.failed", fields: ["item": "kale", "code": 7007]),
        ]
        let problems = CheckOffVerifier.verify(
            intent: ["kale": ItemIntent(status: .checkedOff, sequence: 1)], phone: phone, trail: trail)
        #expect(problems.map(\.description) == ["lost kale: watch says checkedOff (#1), phone has open (#0)"])
        #expect(problems.first?.trail.map(\.kind) == ["watch.checkOff", "link.failed"])
    }

    @Test func verifierReportsDoubledReorderedAndUnexpectedEffects() {
        var phone = PhoneShoppingList()
        phone.forceApply(op("kale", 1), at: .zero)
        phone.forceApply(op("kale", 1), at: t(1))
        phone.forceApply(op("milk", 2, .open), at: t(2))
        phone.forceApply(op("milk", 1), at: t(3))
        phone.forceApply(op("eggs", 1), at: t(4))
        let intent = [
            "kale": ItemIntent(status: .checkedOff, sequence: 1), "milk": ItemIntent(status: .open, sequence: 2),
        ]
        let problems = CheckOffVerifier.verify(intent: intent, phone: phone, trail: [])
        #expect(problems.map(\.kind) == [.unexpected, .doubled, .lost, .reordered])
        #expect(problems.map(\.item) == ["eggs", "kale", "milk", "milk"])
        #expect(problems[1].detail == "operation(s) #1 applied more than once")
        #expect(problems[3].detail == "applied in the order #2, #1")
    }
}
