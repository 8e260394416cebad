import CompanionModel
import Testing

@Suite struct SyncCourierTests {
    private func operation(_ sequence: Int) -> ListOperation {
        ListOperation(
            id: OperationID(origin: .phone, sequence: sequence), item: "kale", edit: .check,
            version: SyncVersion(counter: sequence, device: .phone))
    }

    @Test func reachableSendsInteractivelyElseQueues() {
        var courier = SyncCourier()
        #expect(courier.reduce(.send(operation(1), reachability: .reachable)) == [.sendMessage(operation(1))])
        #expect(
            courier.reduce(.send(operation(2), reachability: .unreachable(.outOfRange)))
                == [.transferUserInfo(operation(2))])
        #expect(courier.inFlight[1]?.carrier == .interactive)
        #expect(courier.inFlight[2]?.carrier == .queuedTransfer)
    }

    @Test func anInteractiveErrorFallsBackToAQueuedTransfer() {
        var courier = SyncCourier()
        _ = courier.reduce(.send(operation(1), reachability: .reachable))
        let commands = courier.reduce(.outcome(operation(1), channel: .interactive, .failed(.messageReplyTimedOut)))
        #expect(commands == [.transferUserInfo(operation(1))])
        #expect(
            courier.reduce(.outcome(operation(1), channel: .userInfo, .transferFinished)) == [
                .acknowledge(operation(1))
            ])
        #expect(courier.isIdle)
        // A late outcome of an acknowledged operation changes nothing.
        #expect(courier.reduce(.outcome(operation(1), channel: .interactive, .replied)).isEmpty)
    }

    @Test func anInteractiveMessageCutOffByTheAppsExitIsResentOnRelaunch() {
        var courier = SyncCourier()
        _ = courier.reduce(.send(operation(1), reachability: .reachable))
        _ = courier.reduce(.send(operation(2), reachability: .unreachable(.outOfRange)))
        _ = courier.reduce(.send(operation(3), reachability: .reachable))
        #expect(courier.reduce(.appStopped).isEmpty)
        #expect(courier.inFlight[2]?.carrier == .queuedTransfer)
        #expect(courier.reduce(.appStarted) == [.transferUserInfo(operation(1)), .transferUserInfo(operation(3))])
        #expect(courier.reduce(.appStarted).isEmpty)
    }

    @Test func aRefusedTransferIsGivenUp() {
        var courier = SyncCourier()
        _ = courier.reduce(.send(operation(1), reachability: .unreachable(.outOfRange)))
        #expect(
            courier.reduce(.outcome(operation(1), channel: .userInfo, .failed(.payloadTooLarge)))
                == [.giveUp(operation(1), .payloadTooLarge)])
        #expect(courier.inFlight[1]?.carrier == .undeliverable(.payloadTooLarge))
    }
}
