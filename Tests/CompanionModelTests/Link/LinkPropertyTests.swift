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
    static let items = ["kale", "milk", "eggs", "bread", "apples", "rice"]

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
        for kind in ["watch.fallback", "watch.resend", "link.retry", "link.duplicate",
                     "phone.ignored", "link.budgetFallback"] {
            #expect(coverage[kind, default: 0] > 0, "block \(block): no \(kind) in \(Self.seedsPerBlock) schedules")
        }
    }

    @discardableResult
    private func check(seed: UInt64) -> LinkDriver {
        var driver = Self.makeSchedule(seed: seed)
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

    /// Builds a random schedule from `seed`; every choice comes from one generator.
    static func makeSchedule(seed: UInt64) -> LinkDriver {
        var rng = SplitMix64(seed: seed)
        let horizon = 1_200.0
        func time(_ rng: inout SplitMix64) -> SimTime { t(rng.uniform(in: 0...horizon)) }

        var faults = LinkFaults()
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: faults.latency = .fixed(.milliseconds(Int64.random(in: 10...3_000, using: &rng)))
        case 1: faults.latency = .uniform(min: .milliseconds(10), max: .milliseconds(Int64.random(in: 20...5_000, using: &rng)))
        default:
            faults.latency = .exponential(mean: .milliseconds(Int64.random(in: 50...8_000, using: &rng)), floor: .milliseconds(5))
        }
        faults.duplicateProbability = rng.bernoulli(0.3) ? 0 : rng.uniform(in: 0...0.6)
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            let start = time(&rng)
            faults.unreachableWindows.append(.init(start: start, end: start + .seconds(rng.uniform(in: 1...400))))
        }
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            let side: LinkSide = rng.bernoulli(0.5) ? .phone : .watch
            let relaunch: SimDuration? = rng.bernoulli(0.7) ? .seconds(rng.uniform(in: 0...300)) : nil
            faults.appTerminations.append(.init(side: side, at: time(&rng), relaunchAfter: relaunch))
        }
        var configuration = LinkConfiguration(faults: faults)
        configuration.replyTimeout = .seconds(rng.uniform(in: 1...30))
        configuration.initialPhoneApp = [.notRunning, .background, .foreground][Int.random(in: 0..<3, using: &rng)]
        configuration.complicationTransfersPerDay = Int.random(in: 0...8, using: &rng)

        var driver = LinkDriver(configuration: configuration, rng: &rng)
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            driver.schedule(.environment(.launchPhoneApp), at: time(&rng))
        }
        if rng.bernoulli(0.2) {
            let start = time(&rng)
            driver.schedule(.environment(.session(.becomeInactive)), at: start)
            if rng.bernoulli(0.5) { driver.schedule(.environment(.session(.deactivate)), at: start + .seconds(Int64(5))) }
            driver.schedule(.environment(.session(.activate)), at: start + .seconds(rng.uniform(in: 10...200)))
        }
        for index in 0..<Int.random(in: 0...12, using: &rng) {
            driver.schedule(.request(.transferCurrentComplicationUserInfo(.complicationUpdate(remaining: index))),
                            at: time(&rng))
        }
        for index in 0..<Int.random(in: 0...4, using: &rng) {
            driver.schedule(.request(.updateApplicationContext(.data(label: "ctx\(index)", bytes: 100), from: .watch)),
                            at: time(&rng))
        }
        for _ in 0..<Int.random(in: 10...40, using: &rng) {
            let item = items[Int.random(in: 0..<items.count, using: &rng)]
            driver.schedule(.user(rng.bernoulli(0.75) ? .checkOff(item) : .uncheck(item)), at: time(&rng))
        }
        return driver
    }
}
