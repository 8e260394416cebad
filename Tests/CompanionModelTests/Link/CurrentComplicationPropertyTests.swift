import CompanionModel
import SimulationKernel
import Testing

/// Property: over the link's random fault schedules, at most one current complication transfer
/// is ever outstanding; every untagged transfer is still delivered (as userInfo), and the phone's
/// userInfo deliveries, untagged ones included, keep send order.
@Suite struct CurrentComplicationPropertyTests {
    /// 4 blocks × 100 seeds (blocks run in parallel).
    @Test(arguments: 0..<4)
    func oneCurrentTransferAndUntaggedOnesKeepSendOrder(block: UInt64) {
        var untaggedSeen = 0
        for seed in (block * 100)..<((block + 1) * 100) {
            var driver = TransportHarness.randomFaultSchedule(seed: seed)
            var worst = 0
            while driver.handleNextLinkEvent() {
                let current = driver.link.outstandingTransfers(from: .phone)
                    .filter { $0.message.channel == .complication }.count
                worst = max(worst, current)
            }
            driver.settle()
            #expect(worst <= 1, "seed \(seed): \(worst) current complication transfers outstanding at once")
            let untagged = driver.traces.filter { $0.kind == "link.untagged" }.compactMap { event -> UInt64? in
                if case .int(let id)? = event["id"] { return UInt64(id) }
                return nil
            }
            untaggedSeen += untagged.count
            let deliveries = driver.link.deliveries
            for id in untagged {
                let delivered = deliveries.first { $0.id == id }
                #expect(
                    delivered?.channel == .userInfo, "seed \(seed): untagged \(id) not delivered as userInfo")
            }
            let phoneUserInfo = deliveries.filter {
                $0.route == .phoneToWatch && $0.channel == .userInfo
            }
            .map(\.id)
            #expect(
                phoneUserInfo == phoneUserInfo.sorted(), "seed \(seed): userInfo out of send order: \(phoneUserInfo)")
        }
        // A property that never untags a transfer proves nothing.
        #expect(untaggedSeen > 0, "block \(block): no transfer was untagged")
    }
}
