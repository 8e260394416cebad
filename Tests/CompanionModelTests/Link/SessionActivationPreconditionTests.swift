import CompanionModel
import SimulationKernel
import Testing

/// Issue #38 item 3: activation is a precondition of sending. A send or transfer on a session
/// that is not activated, inactive or deactivated is refused at once with the system's error
/// (7004 `sessionNotActivated`, 7016 `sessionInactive`), is not queued, spends no complication
/// budget, and is traced `link.failed`.
@Suite struct SessionActivationPreconditionTests {
    static let requests: [LinkRequest] = [
        .sendMessage(blob(10), from: .watch),
        .sendMessage(blob(10), from: .phone),
        .transferUserInfo(blob(10), from: .watch),
        .transferUserInfo(blob(10), from: .phone),
        .updateApplicationContext(blob(10), from: .watch),
        .transferCurrentComplicationUserInfo(.complicationUpdate(remaining: 3)),
    ]

    static let states: [(SessionActivation, LinkError)] = [
        (.notActivated, .sessionNotActivated), (.inactive, .sessionInactive),
    ]

    @Test(arguments: requests)
    func aSendOnASessionThatIsNotActivatedIsRefused(request: LinkRequest) {
        for (activation, error) in Self.states {
            var harness = TransportHarness { $0.initialActivation = activation }
            harness.now(.request(request))
            #expect(harness.outcome(of: 1) == [.failed(error)], "\(activation)")
            #expect(harness.loop.pendingCount == 0, "a refused send schedules nothing")
            #expect(harness.link.isIdle, "a refused send is not queued")
            #expect(harness.link.complicationBudget.remaining(at: .zero) == 50, "no budget is spent")
            let failed = harness.traces.filter { $0.kind == TraceKind.linkFailed.rawValue }
            #expect(failed.count == 1)
            #expect(failed.first?["code"] == TraceValue.int(Int64(error.code)))
            // Activating later sends nothing: the refused send is gone.
            harness.now(.environment(.session(.activate)))
            harness.drain()
            #expect(harness.delivered.isEmpty)
        }
    }

    @Test func aSessionDeactivatedByAWatchSwitchRefusesWith7004() {
        var harness = TransportHarness()
        harness.now(.environment(.session(.becomeInactive)))
        harness.now(.request(.transferUserInfo(blob(10), from: .phone)))
        harness.now(.environment(.session(.deactivate)))
        harness.now(.request(.transferUserInfo(blob(10), from: .phone)))
        #expect(harness.outcome(of: 1) == [.failed(.sessionInactive)])
        #expect(harness.outcome(of: 2) == [.failed(.sessionNotActivated)])
    }

    @Test func transfersQueuedBeforeTheSessionWentInactiveAreStillDelivered() {
        var harness = TransportHarness()
        harness.now(.environment(.phoneOutOfRange))
        harness.now(.request(.transferUserInfo(blob(10), from: .watch)))
        harness.now(.environment(.session(.becomeInactive)))
        harness.now(.environment(.phoneInRange))
        harness.now(.environment(.session(.activate)))
        harness.drain()
        #expect(harness.firstDeliveryIDs == [1])
        #expect(harness.outcome(of: 1) == [.transferFinished])
    }

    @Test func cancellingATransferIsNotASend() {
        var harness = TransportHarness()
        harness.now(.environment(.phoneOutOfRange))
        harness.now(.request(.transferUserInfo(blob(10), from: .watch)))
        harness.now(.environment(.session(.becomeInactive)))
        harness.now(.request(.cancelTransfer(1)))
        #expect(harness.outcome(of: 1) == [.cancelled])
    }
}
