import CompanionModel
import Testing

@Suite struct SyncCourierTests {
    private func operation(_ sequence: Int) -> ListOperation {
        ListOperation(
            id: OperationID(origin: .phone, sequence: sequence), item: "kale", key: 0, edit: .check,
            version: SyncVersion(counter: sequence, device: .phone))
    }

    @Test func reachableSendsInteractivelyElseQueues() {
        var courier = SyncCourier()
        #expect(courier.reduce(.send(operation(1), reachability: .reachable)) == [.sendMessage(1)])
        #expect(
            courier.reduce(.send(operation(2), reachability: .unreachable(.outOfRange)))
                == [.transferUserInfo(2)])
        #expect(courier.inFlight[1] == .interactive)
        #expect(courier.inFlight[2] == .queuedTransfer)
    }

    @Test func anInteractiveErrorFallsBackToAQueuedTransfer() {
        var courier = SyncCourier()
        _ = courier.reduce(.send(operation(1), reachability: .reachable))
        let commands = courier.reduce(.outcome(operation(1), channel: .interactive, .failed(.messageReplyTimedOut)))
        #expect(commands == [.transferUserInfo(1)])
        #expect(
            courier.reduce(.outcome(operation(1), channel: .userInfo, .transferFinished)) == [
                .acknowledge(1)
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
        #expect(courier.inFlight[2] == .queuedTransfer)
        #expect(courier.reduce(.appStarted) == [.transferUserInfo(1), .transferUserInfo(3)])
        #expect(courier.reduce(.appStarted).isEmpty)
    }

    @Test func aRefusedTransferIsGivenUp() {
        var courier = SyncCourier()
        _ = courier.reduce(.send(operation(1), reachability: .unreachable(.outOfRange)))
        #expect(
            courier.reduce(.outcome(operation(1), channel: .userInfo, .failed(.payloadTooLarge)))
                == [.giveUp(1, .payloadTooLarge)])
        #expect(courier.inFlight[1] == .undeliverable(.payloadTooLarge))
    }

    /// Issue #33 item 9: an operation the link can never deliver stays in flight for good; the
    /// app stops and starts after it must not walk every operation in flight from it each time.
    /// The work is counted (``SyncCourier/entriesVisited``): with *n* cycles, each with one
    /// interactive send cut off by the stop and resent at the start, it is 2*n* entries, where
    /// walking from the undeliverable operation would be about *n*²/2.
    @Test(arguments: [10, 1_000, 5_000])
    func stopsAndStartsAfterAnUndeliverableOperationDoWorkLinearInTheirNumber(cycles: Int) {
        var courier = SyncCourier()
        _ = courier.reduce(.send(operation(1), reachability: .unreachable(.outOfRange)))
        _ = courier.reduce(.outcome(operation(1), channel: .userInfo, .failed(.payloadTooLarge)))
        #expect(courier.inFlight[1] == .undeliverable(.payloadTooLarge))
        for cycle in 0..<cycles {
            let sent = operation(cycle + 2)
            _ = courier.reduce(.send(sent, reachability: .reachable))
            _ = courier.reduce(.appStopped)
            #expect(courier.reduce(.appStarted) == [.transferUserInfo(sent.id.sequence)], "cycle \(cycle)")
            #expect(
                courier.reduce(.outcome(sent, channel: .userInfo, .transferFinished)) == [
                    .acknowledge(sent.id.sequence)
                ])
            // Stops and starts with nothing interactive in flight do no work at all.
            _ = courier.reduce(.appStopped)
            #expect(courier.reduce(.appStarted).isEmpty)
        }
        #expect(courier.entriesVisited == 2 * cycles, "\(courier.entriesVisited) entries visited for \(cycles) cycles")
        #expect(courier.inFlight.keys.sorted() == [1])
    }

    /// Stops and starts keep the resend order (sequence order) whatever order the interactive
    /// sends and their outcomes came in.
    @Test func resendsFollowSequenceOrderAcrossStopsAndStarts() {
        var courier = SyncCourier()
        for sequence in [1, 2, 3] { _ = courier.reduce(.send(operation(sequence), reachability: .reachable)) }
        _ = courier.reduce(.appStopped)
        _ = courier.reduce(.send(operation(4), reachability: .reachable))
        _ = courier.reduce(.outcome(operation(2), channel: .interactive, .replied))
        _ = courier.reduce(.appStopped)
        #expect(
            courier.reduce(.appStarted) == [
                .transferUserInfo(1), .transferUserInfo(3), .transferUserInfo(4),
            ])
        #expect(courier.reduce(.appStarted).isEmpty)
    }
}

/// Issue #38 item 3: a send the session refuses (7004, 7016) waits and goes again as a queued
/// transfer when the session activates (or the app runs again); it is not given up.
@Suite struct SyncCourierActivationTests {
    private func operation(_ sequence: Int) -> ListOperation {
        ListOperation(
            id: OperationID(origin: .watch, sequence: sequence), item: "kale", key: 0, edit: .check,
            version: SyncVersion(counter: sequence, device: .watch))
    }

    @Test(arguments: [LinkError.sessionNotActivated, .sessionInactive])
    func aSendRefusedByTheSessionIsResentOnActivation(error: LinkError) {
        var courier = SyncCourier()
        _ = courier.reduce(.send(operation(1), reachability: .unreachable(.sessionNotActivated)))
        _ = courier.reduce(.send(operation(2), reachability: .reachable))
        #expect(courier.reduce(.outcome(operation(1), channel: .userInfo, .failed(error))).isEmpty)
        #expect(courier.reduce(.outcome(operation(2), channel: .interactive, .failed(error))).isEmpty)
        #expect(courier.inFlight[1] == .awaitingResend)
        #expect(courier.inFlight[2] == .awaitingResend)
        #expect(
            courier.reduce(.sessionActivated) == [.transferUserInfo(1), .transferUserInfo(2)])
        #expect(courier.reduce(.sessionActivated).isEmpty)
        #expect(courier.inFlight[1] == .queuedTransfer)
    }
}
