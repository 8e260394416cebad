import CompanionModel
import SimulationKernel
import Testing

/// Property: over random edits on both devices delivered through a lossy-then-retried,
/// duplicating transport that reorders across channels but keeps each channel FIFO, both
/// replicas converge to the list the documented rule gives, with no operation lost, doubled or
/// applied out of order.
@Suite struct SyncPropertyTests {
    static let seedsPerBlock: UInt64 = 250

    /// 4 blocks × 250 seeds = 1,000 schedules (blocks run in parallel).
    @Test(arguments: 0..<4)
    func randomEditsOnBothDevicesConverge(block: UInt64) {
        var coverage: [String: Int] = [:]
        for seed in (block * Self.seedsPerBlock)..<((block + 1) * Self.seedsPerBlock) {
            var transport = LossyTransport(seed: seed)
            let settled = transport.run(steps: 40 + Int(seed % 120))
            #expect(settled, "seed \(seed): did not settle")
            let problems = ConvergenceChecker.check(watch: transport.watch, phone: transport.phone)
            #expect(
                problems.isEmpty,
                "seed \(seed): \(problems.map { problem in "\(problem)\n  " + transport.trail.filter { $0.operation.item == problem.item }.map { "\($0.traceEvent)" }.joined(separator: "\n  ") })"
            )
            let loaded = [ShoppingItem(id: "kale", title: "Kale"), ShoppingItem(id: "milk", title: "Milk")]
            let expected = ReferenceList.list(loaded: loaded, operations: transport.made)
            #expect(transport.watch.list == expected, "seed \(seed): the watch's list is not the rule's")
            #expect(transport.phone.heldCount == 0 && transport.watch.heldCount == 0, "seed \(seed): held operations")
            for (key, count) in transport.coverage { coverage[key, default: 0] += count }
        }
        // The schedules must exercise the hard paths, or the property proves little.
        for kind in ["dropped", "duplicateCopy", "ignoredDuplicate", "held", "superseded", "resend"] {
            #expect(coverage[kind, default: 0] > 0, "block \(block): no \(kind) in \(Self.seedsPerBlock) schedules")
        }
    }

    /// The checker itself must catch a broken transport: a replica that skips the sequence gate
    /// (applies every copy as it comes) is reported, naming the seed.
    @Test func theCheckerCatchesAReplicaThatAppliesEveryCopy() {
        var found = false
        for seed in UInt64(0)..<50 where !found {
            var transport = LossyTransport(seed: seed)
            _ = transport.run(steps: 80)
            var broken = transport.phone
            if let first = transport.watch.appliedLog.first(where: { $0.id.origin == .watch }) {
                broken.planted = .phoneIgnoresSequence
                broken.deliver(first)
                found = !ConvergenceChecker.check(watch: transport.watch, phone: broken).isEmpty
            }
        }
        #expect(found)
    }
}
