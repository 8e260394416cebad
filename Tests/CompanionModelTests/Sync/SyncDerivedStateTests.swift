import SimulationKernel
import Testing

@testable import CompanionModel

/// The facts the replica keeps up to date instead of recomputing (the remaining count, the gate's
/// held operations) agree with a recount after any sequence of edits.
@Suite struct SyncDerivedStateTests {
    private let pool = ["kale", "bread", "eggs", "milk", "tofu", "rice", "figs"]

    @Test func theReplicasRemainingCountMatchesItsList() {
        for seed in UInt64(0)..<200 {
            var rng = SplitMix64(seed: seed)
            let loaded = [ShoppingItem(id: "kale", title: "Kale"), ShoppingItem(id: "milk", title: "Milk")]
            let catalog = ItemCatalog(loaded.map(\.id), adding: pool)
            var phone = ListReplica(device: .phone, items: loaded, catalog: catalog)
            var watch = ListReplica(device: .watch, items: loaded, catalog: catalog)
            var toWatch: [ListOperation] = []
            for _ in 0..<40 {
                let id = pool[Int.random(in: 0..<pool.count, using: &rng)]
                let edits: [ListEdit] = [.add(title: id), .remove, .rename(title: "\(id)!"), .check, .uncheck]
                let edit = edits[Int.random(in: 0..<edits.count, using: &rng)]
                if let operation = phone.edit(id, edit) { toWatch.append(operation) }
                if rng.bernoulli(0.3), !toWatch.isEmpty {
                    // Deliver one in-flight operation, possibly out of order.
                    let index = Int.random(in: 0..<toWatch.count, using: &rng)
                    watch.deliver(toWatch.remove(at: index))
                }
                for replica in [phone, watch] {
                    #expect(
                        replica.remainingCount == replica.list.filter { $0.status == .open }.count, "seed \(seed)")
                }
            }
            for operation in toWatch { watch.deliver(operation) }
            #expect(watch.list == phone.list, "seed \(seed)")
            #expect(watch.heldCount == 0, "seed \(seed)")
            #expect(watch.remainingCount == phone.remainingCount, "seed \(seed)")
        }
    }

    @Test func aGateReleasesHeldSuccessorsOneByOneInOrder() {
        func operation(_ sequence: Int) -> ListOperation {
            ListOperation(
                id: OperationID(origin: .phone, sequence: sequence), item: "kale", key: 0, edit: .check,
                version: SyncVersion(counter: sequence, device: .phone))
        }
        var gate = SequenceGate()
        #expect(gate.admit(operation(3)) == .held(waitingFor: 1))
        #expect(gate.admit(operation(2)) == .held(waitingFor: 1))
        #expect(gate.admit(operation(2)) == .duplicate)
        #expect(gate.releaseNext() == nil)
        #expect(gate.admit(operation(1)) == .pass)
        #expect(gate.releaseNext() == operation(2))
        #expect(gate.releaseNext() == operation(3))
        #expect(gate.releaseNext() == nil)
        #expect(gate.passedThrough == 3)
        #expect(gate.held.isEmpty)
        #expect(gate.admit(operation(1)) == .duplicate)
    }
}
