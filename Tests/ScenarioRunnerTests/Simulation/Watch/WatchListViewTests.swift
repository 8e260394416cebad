import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// In a running world the watch's list is a view of its replica: after every event it shows the
/// replica's listed items in store order, and its check-off order holds exactly the checked items.
@Suite struct WatchListViewTests {
    static let names = [
        "weekly-shop.json", "phone-edits-mid-trip.json", "out-of-order-trip.json", "duplicating-link.json",
        "notification-complete-through-link.json", "store-order-learns-from-the-watch.json",
        "complication-saturday-shop.json", "naive-send-waits-for-the-link.json",
    ]

    @Test(arguments: names)
    func theListIsTheReplicaInStoreOrderAfterEveryEvent(name: String) throws {
        let runs = try ShippedScenarios.monitoredRuns(name, seeds: 0..<12) {
            ListFollowsReplica(label: "\(name) seed \($0)")
        }
        for (seed, monitor) in runs {
            #expect(monitor.events > 0, "\(name) seed \(seed): no event checked")
        }
    }
}

/// Checks the watch's list against its replica after each event, recording the first mismatch.
private struct ListFollowsReplica: RunMonitor {
    let label: String
    var events = 0
    var failed = false

    mutating func handled(_ simulation: ScenarioSimulation) {
        events += 1
        guard !failed else { return }
        let watch = simulation.watch
        let order = watch.storeOrder
        let expected = watch.sync.replica.list.enumerated()
            .sorted {
                (order.rank(of: $0.element.id) ?? .max, $0.offset) < (order.rank(of: $1.element.id) ?? .max, $1.offset)
            }
            .map(\.element)
        let list = watch.list
        let checkOffOrder = watch.checkOffOrder.map { watch.sync.replica.catalog.name(of: $0) }
        let mismatch =
            list.items.map(\.id) != expected.map(\.id) || list.items.map(\.title) != expected.map(\.title)
            || list.checkedItems != expected.filter { $0.status == .checkedOff }.map(\.id)
            || list.remainingCount != expected.filter { $0.status == .open }.count
            || checkOffOrder.sorted() != list.checkedItems.sorted()
            || Set(checkOffOrder).count != checkOffOrder.count
        if mismatch {
            failed = true
            let shown = "the list shows \(list.items.map(\.id)), checked \(list.checkedItems)"
            Issue.record(
                "\(label) at \(simulation.now): \(shown), check-off order \(checkOffOrder); the replica \(expected)")
        }
    }
}
