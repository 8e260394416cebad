import CompanionModel
import SimulationKernel
import Testing

@Suite struct ConvergenceCheckerTests {
    private let items = [ShoppingItem(id: "kale", title: "Kale"), ShoppingItem(id: "milk", title: "Milk")]

    @Test func convergedReplicasHaveNoDiscrepancy() {
        var watch = ListReplica(device: .watch, items: items)
        var phone = ListReplica(device: .phone, items: items)
        if let sent = phone.edit("kale", .rename(title: "Curly kale")) { watch.deliver(sent) }
        #expect(ConvergenceChecker.check(watch: watch, phone: phone).isEmpty)
    }

    @Test func anUndeliveredOperationIsLostAndDiverges() {
        let watch = ListReplica(device: .watch, items: items)
        var phone = ListReplica(device: .phone, items: items)
        phone.edit("milk", .check)
        let problems = ConvergenceChecker.check(watch: watch, phone: phone)
        #expect(problems.map(\.kind) == [.lost, .diverged])
        #expect(problems.first?.description == "lost milk: phone#1 check was not applied on the watch: never arrived")
        #expect(problems.last?.detail == "watch shows \"Milk\" open, phone shows \"Milk\" checkedOff")
    }

    @Test func aHeldOperationIsReportedAsLost() {
        var watch = ListReplica(device: .watch, items: items)
        var phone = ListReplica(device: .phone, items: items)
        let sent = [phone.edit("milk", .check)!, phone.edit("kale", .check)!]
        watch.deliver(sent[1])
        let problems = ConvergenceChecker.check(watch: watch, phone: phone)
        #expect(problems.contains { $0.kind == .lost && $0.item == "kale" && $0.detail.contains("held") })
        #expect(problems.contains { $0.kind == .lost && $0.item == "milk" })
    }

    /// A phone replica that skips the sequence gate (``PlantedLinkBug/phoneIgnoresSequence``)
    /// applies the watch's operations as they come: twice, and out of order.
    @Test func doubledAndOutOfOrderApplicationsAreReported() {
        var watch = ListReplica(device: .watch, items: items)
        var phone = ListReplica(device: .phone, items: items)
        phone.planted = .phoneIgnoresSequence
        let sent = [watch.edit("milk", .check)!, watch.edit("milk", .uncheck)!]
        phone.deliver(sent[1])
        phone.deliver(sent[0])
        phone.deliver(sent[0])
        let kinds = ConvergenceChecker.check(watch: watch, phone: phone).map(\.kind)
        #expect(kinds.contains(.outOfOrder))
        #expect(kinds.contains(.doubled))
    }

    @Test func aDifferentOrderIsADivergence() {
        var watch = ListReplica(device: .watch, items: items)
        let phone = ListReplica(device: .phone, items: [items[1], items[0]])
        #expect(ConvergenceChecker.check(watch: watch, phone: phone).map(\.kind) == [.diverged])
        watch = ListReplica(device: .watch, items: [items[1], items[0]])
        #expect(ConvergenceChecker.check(watch: watch, phone: phone).isEmpty)
    }
}
