import CompanionModel
import SimulationKernel
import Testing

@Suite struct LinkSystemTests {
    private func driver(_ configure: (inout LinkConfiguration) -> Void = { _ in }) -> LinkDriver {
        var configuration = LinkConfiguration(faults: .none(latency: .milliseconds(200)))
        configure(&configuration)
        return LinkDriver(configuration: configuration, seed: 11)
    }

    private func kinds(_ driver: LinkDriver, item: ItemID) -> [String] {
        CheckOffVerifier.trail(of: item, in: driver.trace.events).map(\.kind)
    }

    @Test func reachableCheckOffGoesInteractiveAndIsAppliedOnce() {
        var driver = driver()
        driver.schedule(.user(.checkOff("kale")), at: t(1))
        driver.run()
        #expect(driver.system.phone.status(of: "kale") == .checkedOff)
        #expect(
            kinds(driver, item: "kale") == [
                "watch.checkOff", "link.send", "link.delivered", "phone.applied", "link.replied", "watch.acknowledged",
            ])
        #expect(driver.verify().isEmpty)
        #expect(driver.system.isSettled)
    }

    @Test func basementAisleQueuesCheckOffsAndDeliversThemInOrder() {
        var driver = driver {
            $0.faults.unreachableWindows = [.init(start: t(60), end: t(300))]
        }
        for (index, item) in ["kale", "milk", "eggs"].enumerated() {
            driver.schedule(.user(.checkOff(item)), at: t(100 + Double(index) * 30))
        }
        driver.run()
        #expect(driver.verify().isEmpty)
        let userInfo = driver.system.link.deliveries.filter { $0.message.channel == .userInfo }
        #expect(userInfo.map { $0.message.payload.checkOff?.item } == ["kale", "milk", "eggs"])
        #expect(userInfo.map(\.at) == [t(300.2), t(300.2), t(300.2)])
        #expect(driver.system.link.statistics[.userInfo].maxQueueDepth == 3)
    }

    @Test func checkOffInFlightWhenTheSignalDropsFallsBackToATransfer() {
        var driver = driver {
            $0.faults.latency = .fixed(.seconds(Int64(2)))
            $0.faults.unreachableWindows = [.init(start: t(11), end: t(20))]
        }
        driver.schedule(.user(.checkOff("kale")), at: t(10))
        driver.run()
        #expect(kinds(driver, item: "kale").contains("watch.fallback"))
        #expect(driver.verify().isEmpty)
        #expect(driver.system.link.statistics[.interactive].failed == 1)
    }

    @Test func killedPhoneAppGetsQueuedCheckOffsWhenItNextRuns() {
        var driver = driver {
            $0.faults.latency = .fixed(.seconds(Int64(1)))
            $0.faults.appTerminations = [.init(side: .phone, at: t(11.5), relaunchAfter: .minutes(10))]
        }
        driver.schedule(.user(.checkOff("kale")), at: t(10))
        driver.run()
        #expect(driver.verify().isEmpty, "\(driver.verify())")
        #expect(kinds(driver, item: "kale").contains("link.failed"), "the reply was lost with the app")
    }

    @Test func duplicatedDeliveriesAreIgnoredByThePhone() {
        var driver = driver { $0.faults.duplicateProbability = 1 }
        for (index, item) in ["kale", "milk"].enumerated() {
            driver.schedule(.user(.checkOff(item)), at: t(Double(index)))
        }
        driver.schedule(.user(.uncheck("kale")), at: t(5))
        driver.run()
        #expect(driver.verify().isEmpty)
        let ignored = driver.trace.events(ofKind: "phone.ignored")
        #expect(ignored.count == 3)
        #expect(driver.system.phone.changes.count == 3)
        #expect(driver.system.phone.status(of: "kale") == .open)
    }

    @Test func watchAppTerminatedBeforeTheReplyResendsOnRelaunch() {
        var driver = driver {
            $0.faults.latency = .fixed(.seconds(Int64(1)))
            $0.faults.appTerminations = [.init(side: .watch, at: t(11.5), relaunchAfter: .minutes(1))]
        }
        driver.schedule(.user(.checkOff("kale")), at: t(10))
        driver.run()
        #expect(kinds(driver, item: "kale").contains("watch.resend"))
        #expect(driver.verify().isEmpty)
        #expect(driver.system.phone.changes.count == 1)
    }

    @Test func aLinkThatRefusesEveryPayloadIsReportedAsLost() {
        var driver = driver {
            $0.messagePayloadLimit = 8
            $0.userInfoPayloadLimit = 8
        }
        driver.schedule(.user(.checkOff("kale")), at: t(1))
        driver.run()
        driver.settle()
        let problems = driver.verify()
        #expect(problems.map(\.description) == ["lost kale: watch says checkedOff (#1), phone has open (#0)"])
        #expect(problems.first?.trail.contains { $0.kind == "watch.undeliverable" } == true)
    }

    @Test func sameSeedSameTrace() {
        func run() -> [TraceEvent] {
            var configuration = LinkConfiguration()
            configuration.faults.duplicateProbability = 0.3
            configuration.faults.latency = .exponential(mean: .seconds(Int64(1)), floor: .milliseconds(20))
            var driver = LinkDriver(configuration: configuration, seed: 99)
            for index in 0..<20 { driver.schedule(.user(.checkOff("item\(index % 7)")), at: t(Double(index) * 3)) }
            driver.schedule(.environment(.phoneOutOfRange), at: t(20))
            driver.schedule(.environment(.phoneInRange), at: t(40))
            driver.run()
            return driver.trace.events
        }
        #expect(run() == run())
    }
}
