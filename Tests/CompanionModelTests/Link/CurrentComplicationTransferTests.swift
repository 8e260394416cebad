import CompanionModel
import SimulationKernel
import Testing

/// "There can only be one current complication user info in the outstandingUserInfoTransfers
/// queue … the new user info will be tagged as current and the previously current user info will
/// be untagged. The previous user info will however stay in the queue of outstanding transfers."
/// (WCSession.h, `transferCurrentComplicationUserInfo:`)
@Suite struct CurrentComplicationTransferTests {
    private func complication(_ remaining: Int) -> LinkEvent {
        .request(.transferCurrentComplicationUserInfo(.complicationUpdate(remaining: remaining)))
    }

    private func outstandingChannels(_ harness: TransportHarness) -> [LinkChannel] {
        harness.link.outstandingTransfers(from: .phone).map(\.message.channel)
    }

    @Test func aNewCurrentTransferUntagsTheOutstandingOneWhichKeepsItsPlaceInSendOrder() {
        var harness = TransportHarness()
        harness.now(.environment(.phoneOutOfRange))
        harness.now(complication(3))  // id 1
        harness.now(.request(.transferUserInfo(blob(10, "u"), from: .phone)))  // id 2
        harness.now(complication(2))  // id 3: untags id 1
        #expect(outstandingChannels(harness) == [.userInfo, .userInfo, .complication])
        #expect(harness.link.outstandingTransfers(from: .phone).map(\.message.id) == [1, 2, 3])
        let untagged = harness.traces.filter { $0.kind == "link.untagged" }
        #expect(untagged.map { $0["id"] } == [.int(1)])
        #expect(untagged.first?["by"] == .int(3))
        #expect(untagged.first?["state"] == .string("waiting"))
        #expect(harness.link.statistics(.complication).fellBack == 1)

        harness.now(.environment(.phoneInRange))
        harness.drain()
        let userInfo = harness.link.deliveries.filter { $0.channel == .userInfo }.map(\.id)
        #expect(userInfo == [1, 2], "the untagged transfer is delivered as userInfo, before the later one")
        let current = harness.link.deliveries.filter { $0.channel == .complication }.map(\.id)
        #expect(current == [3])
        #expect(harness.link.isIdle)
    }

    @Test func onlyOneCurrentTransferIsEverOutstanding() {
        var harness = TransportHarness()
        harness.now(.environment(.phoneOutOfRange))
        for remaining in 0..<6 { harness.now(complication(remaining)) }
        #expect(outstandingChannels(harness).filter { $0 == .complication }.count == 1)
        #expect(outstandingChannels(harness).count == 6, "untagged transfers stay in the queue")
        #expect(
            harness.link.outstandingTransfers(from: .phone).last?.message.payload == .complicationUpdate(remaining: 5))
        harness.now(.environment(.phoneInRange))
        harness.drain()
        #expect(harness.delivered.map(\.payload) == (0..<6).map { .complicationUpdate(remaining: $0) })
    }

    @Test func aTransferUntaggedOnTheAirArrivesAsUserInfo() {
        var harness = TransportHarness()
        harness.now(complication(4))  // id 1, on the air for 100 ms
        harness.at(t(0.05), complication(3))  // id 2 untags it in flight
        harness.drain()
        #expect(harness.traces.first { $0.kind == "link.untagged" }?["state"] == .string("inFlight"))
        #expect(harness.link.deliveries.map(\.channel) == [.userInfo, .complication])
        #expect(harness.firstDeliveryIDs == [1, 2])
        #expect(harness.link.isIdle)
    }

    /// The complication transfer waits in the same queue as the phone's userInfo transfers, so a
    /// userInfo transfer sent after it never overtakes it, even with latencies that would let it,
    /// and once untagged it is delivered before that later transfer.
    @Test(arguments: 0..<20)
    func aLaterUserInfoTransferNeverOvertakesTheUntaggedOne(seed: UInt64) {
        var harness = TransportHarness(seed: seed) {
            $0.faults.latency = .uniform(min: .milliseconds(10), max: .seconds(3))
        }
        harness.now(complication(4))  // id 1
        harness.now(.request(.transferUserInfo(blob(10, "u"), from: .phone)))  // id 2
        harness.at(t(0.005), complication(3))  // id 3 untags id 1 on the air
        harness.drain()
        #expect(harness.traces.contains { $0.kind == "link.untagged" && $0["id"] == .int(1) }, "seed \(seed)")
        let userInfo = harness.link.deliveries.filter { $0.channel == .userInfo }.map(\.id)
        #expect(userInfo == [1, 2], "seed \(seed): \(userInfo)")
        #expect(harness.firstDeliveryIDs == [1, 2, 3], "seed \(seed): one queue, send order")
    }

    @Test func anUntaggedTransferNoLongerWakesTheWatchApp() {
        var harness = TransportHarness(apps: LinkApps(watch: .notRunning, phone: .background))
        harness.now(.environment(.phoneOutOfRange))
        harness.now(complication(4))  // id 1
        harness.now(complication(3))  // id 2 untags id 1
        harness.now(.request(.cancelTransfer(2)))
        harness.now(.environment(.phoneInRange))
        harness.drain()
        #expect(harness.apps.watch == .notRunning, "ordinary userInfo waits for the app to run")
        #expect(harness.delivered.isEmpty)
        harness.now(.environment(.app(.watch, .launch)))
        #expect(harness.delivered.map(\.id) == [1])
    }

    @Test func aFallbackTransferDoesNotUntagTheCurrentOne() {
        var harness = TransportHarness { $0.complicationTransfersPerDay = 1 }
        harness.now(.environment(.phoneOutOfRange))
        harness.now(complication(4))  // id 1: budgeted, current
        harness.now(complication(3))  // id 2: no budget left, plain userInfo
        #expect(harness.traces.filter { $0.kind == "link.untagged" }.isEmpty)
        #expect(outstandingChannels(harness) == [.complication, .userInfo])
        harness.now(.environment(.phoneInRange))
        harness.drain()
        let channels = harness.link.deliveries.sorted { $0.id < $1.id }.map(\.channel)
        #expect(channels == [.complication, .userInfo], "id 1 stays current, id 2 travels as userInfo")
    }
}
