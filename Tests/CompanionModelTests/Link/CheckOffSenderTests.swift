import CompanionModel
import SimulationKernel
import Testing

@Suite struct CheckOffSenderTests {
    private func commands(_ list: [CheckOffSender.Command]) -> [CheckOffSender.Command] {
        list.filter { if case .trace = $0 { return false } else { return true } }
    }

    private func op(_ item: ItemID, _ sequence: Int, _ status: ItemStatus = .checkedOff) -> CheckOffOperation {
        CheckOffOperation(item: item, sequence: sequence, status: status)
    }

    @Test func reachableSendsInteractiveElseQueued() {
        var sender = CheckOffSender()
        #expect(
            commands(sender.reduce(.userSet("kale", .checkedOff, reachability: .reachable), at: .zero))
                == [.sendMessage(op("kale", 1))])
        #expect(
            commands(sender.reduce(.userSet("milk", .checkedOff, reachability: .unreachable(.outOfRange)), at: .zero))
                == [.transferUserInfo(op("milk", 1))])
        #expect(sender.pending["kale"]?.carrier == .interactive)
        #expect(sender.pending["milk"]?.carrier == .queuedTransfer)
    }

    @Test func sequencesCountPerItemAndRepeatedTapsChangeNothing() {
        var sender = CheckOffSender()
        _ = sender.reduce(.userSet("kale", .checkedOff, reachability: .reachable), at: .zero)
        #expect(sender.reduce(.userSet("kale", .checkedOff, reachability: .reachable), at: .zero).isEmpty)
        #expect(
            commands(sender.reduce(.userSet("kale", .open, reachability: .reachable), at: .zero))
                == [.sendMessage(op("kale", 2, .open))])
        #expect(sender.intent["kale"] == ItemIntent(status: .open, sequence: 2))
    }

    @Test(arguments: [LinkError.notReachable, .messageReplyTimedOut, .sessionInactive])
    func interactiveErrorFallsBackToAQueuedTransfer(error: LinkError) {
        var sender = CheckOffSender()
        _ = sender.reduce(.userSet("kale", .checkedOff, reachability: .reachable), at: .zero)
        #expect(
            commands(sender.reduce(.outcome(op("kale", 1), channel: .interactive, .failed(error)), at: t(1)))
                == [.transferUserInfo(op("kale", 1))])
        _ = sender.reduce(.outcome(op("kale", 1), channel: .userInfo, .transferFinished), at: t(9))
        #expect(sender.pending.isEmpty)
    }

    @Test func replyAcknowledges() {
        var sender = CheckOffSender()
        _ = sender.reduce(.userSet("kale", .checkedOff, reachability: .reachable), at: .zero)
        #expect(commands(sender.reduce(.outcome(op("kale", 1), channel: .interactive, .replied), at: t(1))).isEmpty)
        #expect(sender.pending.isEmpty)
    }

    @Test func outcomesOfSupersededOperationsAreIgnored() {
        var sender = CheckOffSender()
        _ = sender.reduce(.userSet("kale", .checkedOff, reachability: .reachable), at: .zero)
        _ = sender.reduce(.userSet("kale", .open, reachability: .reachable), at: t(1))
        #expect(sender.reduce(.outcome(op("kale", 1), channel: .interactive, .failed(.notReachable)), at: t(2)).isEmpty)
        #expect(sender.pending["kale"]?.operation.sequence == 2)
    }

    @Test func watchAppExitResendsUnansweredOperationsOnRelaunch() {
        var sender = CheckOffSender()
        _ = sender.reduce(.userSet("kale", .checkedOff, reachability: .reachable), at: .zero)
        _ = sender.reduce(.userSet("milk", .checkedOff, reachability: .unreachable(.outOfRange)), at: .zero)
        _ = sender.reduce(.watchAppStopped, at: t(1))
        #expect(sender.pending["kale"]?.carrier == .awaitingResend)
        #expect(
            commands(sender.reduce(.watchAppStarted, at: t(5))) == [.transferUserInfo(op("kale", 1))],
            "the queued transfer for milk survives the exit by itself")
    }

    @Test func aRefusedTransferIsMarkedUndeliverable() {
        var sender = CheckOffSender()
        _ = sender.reduce(.userSet("kale", .checkedOff, reachability: .unreachable(.outOfRange)), at: .zero)
        _ = sender.reduce(.outcome(op("kale", 1), channel: .userInfo, .failed(.payloadTooLarge)), at: .zero)
        #expect(sender.pending["kale"]?.carrier == .undeliverable(.payloadTooLarge))
    }
}
