import CompanionModel
import SimulationKernel
import Testing

/// Property: over random fault schedules (unreachable windows, duplicates, latency shapes, reply
/// timeouts, app kills and relaunches, session flaps), random taps, complication transfers with a
/// small budget and application-context updates, once the link settles the
/// phone's list equals the watch's intent, no operation was applied twice or out of order, every
/// channel delivered first copies in send order, and no interactive message had two outcomes.
@Suite struct LinkPropertyTests {
    static let seedsPerBlock: UInt64 = 125

    /// 8 blocks × 125 seeds = 1,000 schedules (blocks run in parallel).
    @Test(arguments: 0..<8)
    func randomFaultSchedulesKeepThePhoneEqualToTheWatch(block: UInt64) {
        var coverage: [String: Int] = [:]
        for seed in (block * Self.seedsPerBlock)..<((block + 1) * Self.seedsPerBlock) {
            let driver = check(seed: seed)
            for event in driver.trace.events {
                coverage[event.kind, default: 0] += 1
            }
        }
        // The schedules must actually exercise the hard paths, or the property proves little.
        for kind in [
            "watch.fallback", "watch.resend", "link.retry", "link.duplicate",
            "phone.ignored", "link.budgetFallback",
        ] {
            #expect(coverage[kind, default: 0] > 0, "block \(block): no \(kind) in \(Self.seedsPerBlock) schedules")
        }
    }

    @discardableResult
    private func check(seed: UInt64) -> LinkDriver {
        var driver = LinkDriver.randomFaultSchedule(seed: seed)
        driver.run()
        driver.settle()
        let problems = driver.verify()
        #expect(problems.isEmpty, "seed \(seed): \(problems.map { "\($0) trail: \($0.trail.map(\.kind))" })")
        #expect(driver.system.isSettled, "seed \(seed): link or sender not settled: \(driver.system.sender.pending)")
        let doubled = driver.system.interactiveOutcomeCounts.filter { $0.value != 1 }
        #expect(doubled.isEmpty, "seed \(seed): interactive messages with more than one outcome: \(doubled)")
        for channel in LinkChannel.allCases {
            for route in [LinkRoute.watchToPhone, .phoneToWatch] {
                let ids = driver.system.link.deliveries
                    .filter { $0.message.channel == channel && $0.message.route == route }.map(\.message.id)
                #expect(ids == ids.sorted(), "seed \(seed): \(channel.name) \(route.name) out of order: \(ids)")
            }
        }
        return driver
    }
}
