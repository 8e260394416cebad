import CompanionModel
import Testing

@Suite struct SyncCourierTests {
    @Test func reachableSendsInteractivelyElseQueues() {
        var courier = SyncCourier()
        #expect(courier.send(1, reachability: .reachable) == .sendMessage(1))
        #expect(courier.send(2, reachability: .unreachable(.outOfRange)) == .transferUserInfo(2))
        #expect(courier.inFlight[1] == .interactive)
        #expect(courier.inFlight[2] == .queuedTransfer)
    }

    @Test func anInteractiveErrorFallsBackToAQueuedTransfer() {
        var courier = SyncCourier()
        _ = courier.send(1, reachability: .reachable)
        #expect(courier.outcome(1, channel: .interactive, .failed(.messageReplyTimedOut)) == .transferUserInfo(1))
        #expect(courier.outcome(1, channel: .userInfo, .transferFinished) == .acknowledge(1))
        #expect(courier.isIdle)
        // A late outcome of an acknowledged operation changes nothing.
        #expect(courier.outcome(1, channel: .interactive, .replied) == nil)
    }

    @Test func anInteractiveMessageCutOffByTheAppsExitIsResentOnRelaunch() {
        var courier = SyncCourier()
        _ = courier.send(1, reachability: .reachable)
        _ = courier.send(2, reachability: .unreachable(.outOfRange))
        _ = courier.send(3, reachability: .reachable)
        courier.appStopped()
        #expect(courier.inFlight[2] == .queuedTransfer)
        #expect(courier.appStarted() == [.transferUserInfo(1), .transferUserInfo(3)])
        #expect(courier.appStarted().isEmpty)
    }

    @Test func aRefusedTransferIsGivenUp() {
        var courier = SyncCourier()
        _ = courier.send(1, reachability: .unreachable(.outOfRange))
        #expect(courier.outcome(1, channel: .userInfo, .failed(.payloadTooLarge)) == .giveUp(1, .payloadTooLarge))
        #expect(courier.inFlight[1] == .undeliverable(.payloadTooLarge))
        // Nothing more will travel: an operation given up leaves the courier idle.
        #expect(courier.isIdle)
    }

    /// An operation given up still hears of its other copies: a late reply to its interactive
    /// message (cut off by an app stop, then given up as a transfer) acknowledges it.
    @Test func aLateReplyAcknowledgesAnOperationGivenUp() {
        var courier = SyncCourier()
        _ = courier.send(1, reachability: .reachable)
        courier.appStopped()
        #expect(courier.appStarted() == [.transferUserInfo(1)])
        #expect(courier.outcome(1, channel: .userInfo, .failed(.payloadTooLarge)) == .giveUp(1, .payloadTooLarge))
        #expect(courier.outcome(1, channel: .interactive, .replied) == .acknowledge(1))
        #expect(courier.inFlight.isEmpty)
        #expect(courier.outcome(1, channel: .interactive, .replied) == nil)
    }

    /// Issue #33 item 9: an operation the link can never deliver stays in flight for good; the
    /// app stops and starts after it must still resend exactly the operation each stop cut off
    /// (the stops and starts visit the interactive sends and the resends, not every operation in
    /// flight from the undeliverable one).
    @Test(arguments: [10, 1_000, 5_000])
    func stopsAndStartsAfterAnUndeliverableOperationResendOnlyWhatTheyCutOff(cycles: Int) {
        var courier = SyncCourier()
        _ = courier.send(1, reachability: .unreachable(.outOfRange))
        _ = courier.outcome(1, channel: .userInfo, .failed(.payloadTooLarge))
        #expect(courier.inFlight[1] == .undeliverable(.payloadTooLarge))
        for cycle in 0..<cycles {
            let sent = cycle + 2
            _ = courier.send(sent, reachability: .reachable)
            courier.appStopped()
            #expect(courier.appStarted() == [.transferUserInfo(sent)], "cycle \(cycle)")
            #expect(courier.outcome(sent, channel: .userInfo, .transferFinished) == .acknowledge(sent))
            // Stops and starts with nothing interactive in flight resend nothing.
            courier.appStopped()
            #expect(courier.appStarted().isEmpty)
        }
        #expect(courier.inFlight.keys.sorted() == [1])
    }

    /// Stops and starts keep the resend order (sequence order) whatever order the interactive
    /// sends and their outcomes came in.
    @Test func resendsFollowSequenceOrderAcrossStopsAndStarts() {
        var courier = SyncCourier()
        for sequence in [1, 2, 3] { _ = courier.send(sequence, reachability: .reachable) }
        courier.appStopped()
        _ = courier.send(4, reachability: .reachable)
        _ = courier.outcome(2, channel: .interactive, .replied)
        courier.appStopped()
        #expect(courier.appStarted() == [.transferUserInfo(1), .transferUserInfo(3), .transferUserInfo(4)])
        #expect(courier.appStarted().isEmpty)
    }

    /// An operation the session refuses twice before the app runs again (its interactive copy and
    /// its transfer) is resent once; one acknowledged meanwhile is not resent.
    @Test func anOperationRefusedTwiceIsResentOnce() {
        var courier = SyncCourier()
        _ = courier.send(1, reachability: .reachable)
        _ = courier.send(2, reachability: .reachable)
        #expect(courier.outcome(1, channel: .interactive, .failed(.sessionInactive)) == nil)
        #expect(courier.outcome(1, channel: .userInfo, .failed(.sessionNotActivated)) == nil)
        #expect(courier.outcome(2, channel: .interactive, .failed(.sessionInactive)) == nil)
        #expect(courier.outcome(2, channel: .interactive, .replied) == .acknowledge(2))
        #expect(courier.appStarted() == [.transferUserInfo(1)])
        #expect(courier.appStarted().isEmpty)
    }
}

/// Issue #38 item 3: a send the session refuses (7004, 7016) waits and goes again as a queued
/// transfer when the session activates (or the app runs again); it is not given up.
@Suite struct SyncCourierActivationTests {
    @Test(arguments: [LinkError.sessionNotActivated, .sessionInactive])
    func aSendRefusedByTheSessionIsResentOnActivation(error: LinkError) {
        var courier = SyncCourier()
        _ = courier.send(1, reachability: .unreachable(.sessionNotActivated))
        _ = courier.send(2, reachability: .reachable)
        #expect(courier.outcome(1, channel: .userInfo, .failed(error)) == nil)
        #expect(courier.outcome(2, channel: .interactive, .failed(error)) == nil)
        #expect(courier.inFlight[1] == .awaitingResend)
        #expect(courier.inFlight[2] == .awaitingResend)
        #expect(courier.appStarted() == [.transferUserInfo(1), .transferUserInfo(2)])
        #expect(courier.appStarted().isEmpty)
        #expect(courier.inFlight[1] == .queuedTransfer)
    }
}

extension SyncCourier {
    /// How each unacknowledged operation travels, by sequence number (one the link refused for
    /// good included): ``carriers`` keyed as the tests name operations.
    var inFlight: [Int: Carrier] {
        var result: [Int: Carrier] = [:]
        for (index, carrier) in carriers.enumerated() { result[index + 1] = carrier }
        return result
    }
}
