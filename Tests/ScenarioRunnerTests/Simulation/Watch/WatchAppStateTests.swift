import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// The watch app's pipeline session records what the watch acts on: a complication step's end
/// only when the scenario has a complication to reload.
@Suite struct WatchAppStateTests {
    func scenario(complication: String) throws -> Scenario {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z", "watch": "series7-45mm",
             "pipeline": "optimized", \(complication)
             "items": [{"id": "a", "title": "A"}], "script": []}
            """
        return try ScenarioDecoder.decode(Array(text.utf8), file: "t.json")
    }

    /// The ends of tap 0's steps the session reports over its whole run.
    func endedSteps(_ app: WatchAppState) -> [Int] {
        var session = app.session
        _ = session.tap(at: .zero)
        var ended: [Int] = []
        while let next = session.nextEventTime {
            _ = session.wake(at: next)
            while let effect = session.takeEffect() {
                if case .stepEnded(_, let step, _) = effect { ended.append(step) }
            }
        }
        return ended
    }

    @Test func theComplicationStepsEndIsRecordedOnlyWithAComplication() throws {
        let without = WatchAppState(scenario: try scenario(complication: ""), seed: 1, expectedTaps: 1)
        let with = WatchAppState(
            scenario: try scenario(complication: #""complication": {"families": ["circular"]},"#), seed: 1,
            expectedTaps: 1)
        let roles = with.session.roles
        let complicationStep = try #require(roles.byStep.firstIndex(of: .updatesComplication))
        let tableModelStep = try #require(roles.byStep.firstIndex(of: .commitsCheckOff))
        #expect(endedSteps(with) == [tableModelStep, complicationStep])
        #expect(endedSteps(without) == [tableModelStep])
    }

    /// A committed check-off hands its operation's number over once, and keeps none after; a
    /// check-off that is not committed with an operation has none to hand over, and stays as it is.
    @Test func aCommittedCheckOffHandsItsOperationOverOnce() {
        var checkOff = PendingCheckOff.committed(sequence: 2)
        #expect(checkOff.handOver() == 2)
        guard case .handedOver = checkOff else {
            Issue.record("a check-off handed over is handed over")
            return
        }
        #expect(checkOff.handOver() == nil)
        for pending in [
            PendingCheckOff.awaitingCommit, .awaitingCommitThenSend, .committed(sequence: nil), .handedOver,
        ] {
            var pending = pending
            let before = "\(pending)"
            #expect(pending.handOver() == nil, "\(before)")
            #expect("\(pending)" == before)
        }
    }
}
