import Foundation
import Testing
import WatchConnectivityDouble

@Suite struct SessionPairTests {
    @Test func activationCompletesWhenTheClockAdvances() {
        let pair = SessionPair(seed: 1)
        let delegate = RecordingDelegate()
        pair.watch.delegate = delegate
        #expect(pair.watch.activationState == .notActivated)
        pair.watch.activate()
        #expect(delegate.lines.isEmpty, "nothing happens until the clock advances")
        pair.advance(by: .zero)
        #expect(delegate.lines("activated") == ["activated"])
        #expect(pair.watch.activationState == .activated)
        #expect(pair.watch.isReachable && pair.phone.isReachable)
    }

    @Test func aMessageIsDeliveredAfterOneHopAndRepliedAfterTwo() {
        let (pair, _, phone) = activatedPair()
        let replies = Box<[String: PropertyListValue]>()
        pair.watch.sendMessage(["item": "milk"], replyHandler: { replies.append($0) }, errorHandler: nil)
        pair.advance(by: .milliseconds(99))
        #expect(phone.lines("message").isEmpty)
        pair.advance(by: .milliseconds(1))
        #expect(phone.lines("message") == ["message item=string(\"milk\") (reply)"])
        #expect(replies.values.isEmpty)
        pair.advance(by: .milliseconds(100))
        #expect(replies.values == [["ok": true]])
        #expect(pair.now == Date(timeIntervalSinceReferenceDate: 0.2))
    }

    @Test func anUnreachableCounterpartFailsAtOnceWith7007() {
        let (pair, _, _) = activatedPair()
        pair.moveOutOfRange()
        let errors = Box<Int?>()
        pair.watch.sendMessage(["item": "milk"], replyHandler: nil, errorHandler: { errors.append(errorCode($0)) })
        #expect(errors.values.isEmpty, "handlers run when the clock advances")
        pair.advance(by: .zero)
        #expect(errors.values == [7007])
    }

    @Test func sendingBeforeActivationIsRefusedWith7004() throws {
        let pair = SessionPair(seed: 1)
        let watch = RecordingDelegate()
        pair.watch.delegate = watch
        let errors = Box<Int?>()
        pair.watch.sendMessage(["a": 1], replyHandler: nil, errorHandler: { errors.append(errorCode($0)) })
        pair.watch.transferUserInfo(["b": 2])
        #expect(throws: WatchConnectivityError(.sessionNotActivated)) {
            try pair.watch.updateApplicationContext(["c": 3])
        }
        pair.runUntilIdle()
        #expect(errors.values == [7004])
        #expect(watch.lines("finished") == ["finished b=integer(2) error=7004"])
        #expect(pair.watch.outstandingUserInfoTransfers.isEmpty)
    }

    @Test func aSwitchOfWatchesRefusesWith7016ThenDeactivates() {
        let (pair, _, phone) = activatedPair()
        pair.switchWatch()
        pair.runUntilIdle()
        #expect(phone.lines.filter { $0 == "inactive" || $0 == "deactivated" } == ["inactive", "deactivated"])
        #expect(pair.phone.activationState == .notActivated)
        pair.phone.activate()
        pair.runUntilIdle()
        #expect(pair.phone.activationState == .activated)
    }

    @Test func userInfoTransfersWaitOutAnOutageAndArriveInOrder() {
        let (pair, watch, phone) = activatedPair()
        pair.moveOutOfRange()
        let first = pair.watch.transferUserInfo(["n": 1])
        pair.watch.transferUserInfo(["n": 2])
        pair.advance(by: .seconds(60))
        #expect(phone.lines("userInfo").isEmpty)
        #expect(first.isTransferring)
        #expect(pair.watch.outstandingUserInfoTransfers.count == 2)
        pair.moveIntoRange()
        pair.runUntilIdle()
        #expect(phone.lines("userInfo") == ["userInfo n=integer(1)", "userInfo n=integer(2)"])
        #expect(watch.lines("finished").count == 2)
        #expect(!first.isTransferring)
    }

    @Test func aCancelledTransferIsNeverDelivered() {
        let (pair, watch, phone) = activatedPair()
        pair.moveOutOfRange()
        let transfer = pair.watch.transferUserInfo(["n": 1])
        transfer.cancel()
        pair.moveIntoRange()
        pair.runUntilIdle()
        #expect(phone.lines("userInfo").isEmpty)
        #expect(watch.lines("finished").isEmpty)
    }

    @Test func theApplicationContextKeepsTheLatestValue() throws {
        let (pair, _, phone) = activatedPair()
        pair.moveOutOfRange()
        try pair.watch.updateApplicationContext(["v": 1])
        try pair.watch.updateApplicationContext(["v": 2])
        #expect(pair.watch.applicationContext == ["v": 2])
        pair.moveIntoRange()
        pair.runUntilIdle()
        #expect(phone.lines("context") == ["context v=integer(2)"])
        #expect(pair.phone.receivedApplicationContext == ["v": 2])
    }

    @Test func aTransferWaitsForTheReceivingApp() {
        let (pair, _, phone) = activatedPair()
        pair.terminateApp(.phone)
        pair.watch.transferUserInfo(["n": 1])
        pair.advance(by: .seconds(10))
        #expect(phone.lines("userInfo").isEmpty)
        pair.launchApp(.phone)
        pair.advance(by: .zero)
        #expect(phone.lines("userInfo") == ["userInfo n=integer(1)"])
    }

    @Test func aPayloadOverTheCapFailsWith7009() {
        let (pair, _, _) = activatedPair()
        let errors = Box<Int?>()
        let big = Data(count: 70_000)
        pair.watch.sendMessage(["blob": .data(big)], replyHandler: nil, errorHandler: { errors.append(errorCode($0)) })
        pair.runUntilIdle()
        #expect(errors.values == [7009])
    }

    @Test func aValueThatIsNotAPropertyListTypeFailsWith7010() throws {
        let (pair, _, _) = activatedPair()
        let errors = Box<Int?>()
        pair.watch.sendMessage(
            checking: ["item": "milk", "note": NSNull()], replyHandler: nil,
            errorHandler: { errors.append(errorCode($0)) })
        pair.runUntilIdle()
        #expect(errors.values == [7010])
        #expect(throws: WatchConnectivityError(.payloadUnsupportedTypes)) {
            try PropertyListValue.checkedDictionary(["nested": ["ok": 1, "bad": NSNull()] as [String: Any]])
        }
        #expect(try PropertyListValue.checkedDictionary(["item": "milk", "n": 2]) == ["item": "milk", "n": 2])
    }

    @Test func noReplyInTimeFailsWith7012() {
        let (pair, _, _) = activatedPair { faults in
            faults.latency = .fixed(.seconds(20))
            faults.replyTimeout = .seconds(30)
        }
        let errors = Box<Int?>()
        pair.watch.sendMessage(["a": 1], replyHandler: { _ in }, errorHandler: { errors.append(errorCode($0)) })
        pair.runUntilIdle()
        #expect(errors.values == [7012])
    }

    @Test func complicationTransfersSpendTheBudgetOnlyOnAnActivatedSession() {
        let pair = SessionPair(seed: 1)
        pair.phone.transferCurrentComplicationUserInfo(["left": 3])
        #expect(pair.phone.remainingComplicationUserInfoTransfers == 50, "refused: no budget spent")
        pair.phone.activate()
        pair.runUntilIdle()
        let transfer = pair.phone.transferCurrentComplicationUserInfo(["left": 2])
        #expect(transfer.isCurrentComplicationInfo)
        #expect(pair.phone.remainingComplicationUserInfoTransfers == 49)
        #expect(pair.phone.isPaired && pair.phone.isWatchAppInstalled && pair.phone.isComplicationEnabled)
    }

    @Test func reachabilityChangesAreReported() {
        let (pair, watch, _) = activatedPair()
        pair.moveOutOfRange()
        pair.advance(by: .zero)
        pair.moveIntoRange()
        pair.advance(by: .zero)
        #expect(watch.lines("reachability") == ["reachability true", "reachability false", "reachability true"])
    }

    @Test func theSameSeedGivesTheSameRun() {
        func run(_ seed: UInt64) -> [String] {
            let pair = SessionPair(seed: seed, faults: .random(seed: seed))
            pair.watch.activate()
            for index in 0..<20 {
                pair.watch.transferUserInfo(["n": .integer(index)])
                pair.watch.sendMessage(["m": .integer(index)], replyHandler: { _ in }, errorHandler: nil)
                pair.advance(by: .seconds(7))
            }
            pair.recover()
            return pair.messageTrail
        }
        #expect(run(42) == run(42))
        #expect(run(42) != run(43))
    }

    @Test func asyncSendAwaitsTheReply() async throws {
        let (pair, _, phone) = activatedPair()
        async let reply = pair.watch.sendMessage(["item": "milk"])
        await pair.settle()
        #expect(try await reply == ["ok": true])
        #expect(phone.lines("message") == ["message item=string(\"milk\") (reply)"])
    }
}
