import CompanionModel
import SimulationKernel
import Testing

@Suite struct InteractiveMessageTests {
    @Test func reachableMessageIsDeliveredAndRepliedOnce() {
        var harness = TransportHarness()
        harness.now(.request(.sendMessage(blob(10), from: .watch)))
        harness.drain()
        #expect(harness.delivered == [.init(id: 1, payload: blob(10), duplicate: false, at: t(0.1))])
        #expect(harness.outcomes == [.init(id: 1, outcome: .replied, at: t(0.2))])
    }

    @Test func outOfRangeFailsAtOnceWithNotReachable() {
        var harness = TransportHarness()
        harness.now(.environment(.phoneOutOfRange))
        harness.now(.request(.sendMessage(blob(10), from: .watch)))
        #expect(harness.outcomes == [.init(id: 1, outcome: .failed(.notReachable), at: .zero)])
        #expect(harness.loop.pendingCount == 0, "a refused message schedules nothing")
        harness.drain()
        #expect(harness.delivered.isEmpty)
    }

    @Test(arguments: [SessionActivation.notActivated, .inactive])
    func sessionNotActivatedFailsAtOnce(activation: SessionActivation) {
        var harness = TransportHarness { $0.initialActivation = activation }
        harness.now(.request(.sendMessage(blob(10), from: .watch)))
        #expect(harness.outcome(of: 1) == [.failed(activation == .inactive ? .sessionInactive : .sessionNotActivated)])
    }

    @Test func watchMessageWakesThePhoneApp() {
        var harness = TransportHarness(apps: LinkApps(watch: .foreground, phone: .notRunning))
        #expect(harness.link.connection.reachability(from: .watch, apps: harness.apps) == .reachable)
        harness.now(.request(.sendMessage(blob(10), from: .watch)))
        harness.drain()
        #expect(harness.apps.phone == .background)
        #expect(harness.firstDeliveryIDs == [1])
        #expect(harness.outcome(of: 1) == [.replied])
    }

    @Test func phoneMessageNeverWakesTheWatchApp() {
        var harness = TransportHarness(apps: LinkApps(watch: .notRunning, phone: .background))
        #expect(
            harness.link.connection.reachability(from: .phone, apps: harness.apps)
                == .unreachable(.counterpartNotRunning))
        harness.now(.request(.sendMessage(blob(10), from: .phone)))
        #expect(harness.outcome(of: 1) == [.failed(.notReachable)])
        #expect(harness.apps.watch == .notRunning)
    }

    @Test func payloadCapIs65536BytesByDefault() {
        var harness = TransportHarness()
        #expect(harness.link.configuration.messagePayloadLimit == 65_536)
        harness.now(.request(.sendMessage(blob(65_536), from: .watch)))
        harness.now(.request(.sendMessage(blob(65_537), from: .watch)))
        #expect(harness.outcome(of: 2) == [.failed(.payloadTooLarge)])
        harness.drain()
        #expect(harness.outcome(of: 1) == [.replied])
        #expect(harness.firstDeliveryIDs == [1])
    }

    @Test func payloadCapIsASetting() {
        var harness = TransportHarness { $0.messagePayloadLimit = 1_000 }
        harness.now(.request(.sendMessage(blob(1_001), from: .watch)))
        #expect(harness.outcome(of: 1) == [.failed(.payloadTooLarge)])
        #expect(LinkError.payloadTooLarge.code == 7009)
    }

    @Test func replyTimeoutDefaultsTo30Seconds() {
        #expect(LinkConfiguration().replyTimeout == .seconds(Int64(30)))
        #expect(LinkError.messageReplyTimedOut.code == 7012)
    }

    /// Latency 20 s each way: the message arrives at 20 s, the reply would at 40 s, but the
    /// timeout fires at 30 s. Only the error handler runs, never the reply handler.
    @Test func slowReplyTimesOutAndTheReplyIsDropped() {
        var harness = TransportHarness { $0.faults.latency = .fixed(.seconds(Int64(20))) }
        harness.now(.request(.sendMessage(blob(10), from: .watch)))
        harness.drain()
        #expect(harness.firstDeliveryIDs == [1], "the phone still got it")
        #expect(harness.outcomes == [.init(id: 1, outcome: .failed(.messageReplyTimedOut), at: t(30))])
    }

    @Test func configuredTimeoutIsUsed() {
        var harness = TransportHarness {
            $0.replyTimeout = .seconds(Int64(5))
            $0.faults.latency = .fixed(.seconds(Int64(3)))
        }
        harness.now(.request(.sendMessage(blob(10), from: .watch)))
        harness.drain()
        #expect(harness.outcomes == [.init(id: 1, outcome: .failed(.messageReplyTimedOut), at: t(5))])
    }

    @Test func goingOutOfRangeInFlightFailsWithNotReachable() {
        var harness = TransportHarness { $0.faults.latency = .fixed(.seconds(Int64(2))) }
        harness.now(.request(.sendMessage(blob(10), from: .watch)))
        harness.at(t(1), .environment(.phoneOutOfRange))
        harness.drain()
        #expect(harness.outcomes == [.init(id: 1, outcome: .failed(.notReachable), at: t(1))])
        #expect(harness.delivered.isEmpty)
    }

    @Test func killedReceiverNeverRepliesSoTheSenderTimesOut() {
        var harness = TransportHarness { $0.faults.latency = .fixed(.seconds(Int64(2))) }
        harness.now(.request(.sendMessage(blob(10), from: .watch)))
        harness.at(t(3), .environment(.app(.phone, .terminate)))
        harness.drain()
        #expect(harness.firstDeliveryIDs == [1])
        #expect(harness.outcomes == [.init(id: 1, outcome: .failed(.messageReplyTimedOut), at: t(30))])
    }

    @Test func senderExitRunsNoHandlerButADispatchedMessageStillArrives() {
        var harness = TransportHarness { $0.faults.latency = .fixed(.seconds(Int64(2))) }
        harness.now(.request(.sendMessage(blob(10), from: .watch)))
        harness.at(t(1), .environment(.app(.watch, .terminate)))
        harness.drain()
        #expect(harness.firstDeliveryIDs == [1])
        #expect(harness.outcomes.isEmpty)
        #expect(harness.link.isIdle)
    }

    @Test func sessionBecomingInactiveCancelsInteractiveMessages() {
        var harness = TransportHarness { $0.faults.latency = .fixed(.seconds(Int64(2))) }
        harness.now(.request(.sendMessage(blob(10), from: .watch)))
        harness.at(t(1), .environment(.session(.becomeInactive)))
        harness.drain()
        #expect(harness.outcomes == [.init(id: 1, outcome: .failed(.sessionInactive), at: t(1))])
    }

    /// Random latencies, yet messages arrive in the order they were sent.
    @Test(arguments: 0..<20)
    func messagesArriveInSendOrder(seed: UInt64) {
        var harness = TransportHarness(seed: seed) {
            $0.faults.latency = .exponential(mean: .seconds(Int64(2)), floor: .milliseconds(10))
        }
        for index in 0..<30 {
            harness.at(t(Double(index) * 0.5), .request(.sendMessage(blob(10), from: .watch)))
        }
        harness.drain()
        #expect(harness.firstDeliveryIDs == harness.firstDeliveryIDs.sorted(), "seed \(seed)")
        for id in 1...30 {
            #expect(harness.outcome(of: MessageID(id)).count == 1, "seed \(seed) message \(id)")
        }
    }
}
