import CompanionModel
import SimulationKernel
import Testing

@Suite struct ConvergenceCheckerTests {
    private let items = [ShoppingItem(id: "kale", title: "Kale"), ShoppingItem(id: "milk", title: "Milk")]

    @Test func convergedReplicasHaveNoDiscrepancy() {
        var watch = ListReplica(device: .watch, items: items)
        var phone = ListReplica(device: .phone, items: items)
        for case .send(let sent) in phone.reduce(.edit("kale", .rename(title: "Curly kale"))) {
            _ = watch.reduce(.received(sent))
        }
        #expect(ConvergenceChecker.check(watch: watch, phone: phone).isEmpty)
    }

    @Test func anUndeliveredOperationIsLostAndDiverges() {
        let watch = ListReplica(device: .watch, items: items)
        var phone = ListReplica(device: .phone, items: items)
        _ = phone.reduce(.edit("milk", .check))
        let problems = ConvergenceChecker.check(watch: watch, phone: phone)
        #expect(problems.map(\.kind) == [.lost, .diverged])
        #expect(problems.first?.description == "lost milk: phone#1 check was not applied on the watch: never arrived")
        #expect(problems.last?.detail == "watch shows \"Milk\" open, phone shows \"Milk\" checkedOff")
    }

    @Test func aHeldOperationIsReportedAsLost() {
        var watch = ListReplica(device: .watch, items: items)
        var phone = ListReplica(device: .phone, items: items)
        var sent: [ListOperation] = []
        for case .send(let operation) in phone.reduce(.edit("milk", .check)) { sent.append(operation) }
        for case .send(let operation) in phone.reduce(.edit("kale", .check)) { sent.append(operation) }
        _ = watch.reduce(.received(sent[1]))
        let problems = ConvergenceChecker.check(watch: watch, phone: phone)
        #expect(problems.contains { $0.kind == .lost && $0.item == "kale" && $0.detail.contains("held") })
        #expect(problems.contains { $0.kind == .lost && $0.item == "milk" })
    }

    @Test func doubledAndOutOfOrderApplicationsAreReported() {
        var watch = ListReplica(device: .watch, items: items)
        var phone = ListReplica(device: .phone, items: items)
        var sent: [ListOperation] = []
        for case .send(let operation) in phone.reduce(.edit("milk", .check)) { sent.append(operation) }
        for case .send(let operation) in phone.reduce(.edit("milk", .uncheck)) { sent.append(operation) }
        watch.forceMerge(sent[1])
        watch.forceMerge(sent[0])
        watch.forceMerge(sent[0])
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
