import CompanionModel
import SimulationKernel
import Testing

@Suite struct QueuedTransferTests {
    @Test func transfersWaitForRangeAndArriveInOrder() {
        var harness = TransportHarness()
        harness.now(.environment(.phoneOutOfRange))
        for index in 1...5 { harness.now(.request(.transferUserInfo(blob(index), from: .watch))) }
        #expect(harness.outcomes.isEmpty, "queuing never fails for lack of range")
        #expect(harness.link.outstandingTransfers(from: .watch).map(\.message.id) == [1, 2, 3, 4, 5])
        harness.at(t(60), .environment(.phoneInRange))
        harness.drain()
        #expect(harness.firstDeliveryIDs == [1, 2, 3, 4, 5])
        #expect(harness.outcomes.map(\.outcome) == Array(repeating: .transferFinished, count: 5))
        #expect(harness.link.outstandingTransfers(from: .watch).isEmpty)
        #expect(harness.link.statistics(.userInfo).maxQueueDepth == 5)
    }

    @Test func deliveredOnlyWhenThePhoneAppNextRuns() {
        var harness = TransportHarness(apps: LinkApps(watch: .foreground, phone: .notRunning))
        harness.now(.request(.transferUserInfo(blob(1), from: .watch)))
        harness.now(.request(.transferUserInfo(blob(2), from: .watch)))
        harness.drain()
        #expect(harness.delivered.isEmpty, "a transfer does not launch the phone app")
        #expect(harness.link.outstandingTransfers(from: .watch).map(\.state) == [.arrived, .arrived])
        harness.at(t(600), .environment(.app(.phone, .launch)))
        harness.drain()
        #expect(harness.firstDeliveryIDs == [1, 2])
        #expect(harness.delivered.map(\.at) == [t(600), t(600)])
    }

    @Test func transfersContinueAfterTheSenderExits() {
        var harness = TransportHarness()
        harness.now(.request(.transferUserInfo(blob(1), from: .watch)))
        harness.now(.environment(.app(.watch, .terminate)))
        harness.drain()
        #expect(harness.firstDeliveryIDs == [1])
    }

    @Test func aDropOutRetriesTheTransferInFlight() {
        var harness = TransportHarness { $0.faults.latency = .fixed(.seconds(Int64(2))) }
        harness.now(.request(.transferUserInfo(blob(1), from: .watch)))
        harness.at(t(1), .environment(.phoneOutOfRange))
        harness.at(t(10), .environment(.phoneInRange))
        harness.drain()
        #expect(harness.delivered.map(\.at) == [t(12)])
        #expect(harness.link.statistics(.userInfo).retried == 1)
        #expect(harness.link.statistics(.userInfo).delayPercentile(50) == .seconds(Int64(12)))
    }

    @Test func anOutstandingTransferCanBeCancelled() {
        var harness = TransportHarness()
        harness.now(.environment(.phoneOutOfRange))
        for index in 1...3 { harness.now(.request(.transferUserInfo(blob(index), from: .watch))) }
        harness.now(.request(.cancelTransfer(2)))
        #expect(harness.outcome(of: 2) == [.cancelled])
        #expect(harness.link.outstandingTransfers(from: .watch).map(\.message.id) == [1, 3])
        harness.now(.environment(.phoneInRange))
        harness.drain()
        #expect(harness.firstDeliveryIDs == [1, 3])
    }

    @Test func cancellingADeliveredTransferDoesNothing() {
        var harness = TransportHarness()
        harness.now(.request(.transferUserInfo(blob(1), from: .watch)))
        harness.drain()
        harness.now(.request(.cancelTransfer(1)))
        #expect(harness.outcome(of: 1) == [.transferFinished])
    }

    @Test func userInfoPayloadCap() {
        var harness = TransportHarness()
        harness.now(.request(.transferUserInfo(blob(65_537), from: .watch)))
        #expect(harness.outcome(of: 1) == [.failed(.payloadTooLarge)])
        #expect(harness.link.outstandingTransfers(from: .watch).isEmpty)
    }

    @Test func applicationContextKeepsOnlyTheLatestAndArrivesOnNextLaunch() {
        var harness = TransportHarness(apps: LinkApps(watch: .foreground, phone: .notRunning))
        harness.now(.environment(.phoneOutOfRange))
        for index in 1...3 { harness.now(.request(.updateApplicationContext(blob(index, "ctx"), from: .watch))) }
        #expect(harness.traces.filter { $0.is(.linkSuperseded) }.count == 2, "contexts 1 and 2 are superseded")
        harness.at(t(10), .environment(.phoneInRange))
        harness.at(t(20), .environment(.app(.phone, .launch)))
        harness.drain()
        #expect(harness.delivered == [.init(id: 3, payload: blob(3, "ctx"), duplicate: false, at: t(20))])
    }

    @Test func applicationContextCapIs262144Bytes() {
        var harness = TransportHarness()
        harness.now(.request(.updateApplicationContext(blob(262_144), from: .watch)))
        harness.now(.request(.updateApplicationContext(blob(262_145), from: .watch)))
        #expect(harness.outcome(of: 2) == [.failed(.payloadTooLarge)])
        harness.drain()
        #expect(harness.firstDeliveryIDs == [1])
    }

    @Test func duplicatesAreDeliveredAgainLater() {
        var harness = TransportHarness { $0.faults.duplicateProbability = 1 }
        harness.now(.request(.transferUserInfo(blob(1), from: .watch)))
        harness.drain()
        #expect(harness.delivered.map(\.duplicate) == [false, true])
        #expect(harness.link.statistics(.userInfo).duplicates == 1)
        #expect(harness.link.statistics(.userInfo).delivered == 1)
    }

    /// Adding duplicates must not shift the latency draws: first deliveries happen at the same
    /// times with and without them.
    @Test(arguments: 0..<10)
    func duplicateDrawsDoNotShiftLatency(seed: UInt64) {
        func firstDeliveries(duplicates: Double) -> [SimTime] {
            var harness = TransportHarness(seed: seed) {
                $0.faults.latency = .uniform(min: .milliseconds(50), max: .seconds(Int64(2)))
                $0.faults.duplicateProbability = duplicates
            }
            for index in 0..<20 {
                harness.at(t(Double(index)), .request(.transferUserInfo(blob(index), from: .watch)))
            }
            harness.drain()
            return harness.delivered.filter { !$0.duplicate }.map(\.at)
        }
        #expect(firstDeliveries(duplicates: 0) == firstDeliveries(duplicates: 0.5), "seed \(seed)")
    }
}
