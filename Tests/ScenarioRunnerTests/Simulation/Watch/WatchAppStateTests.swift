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
        let complicationStep = try #require(roles.complicationStep)
        let tableModelStep = try #require(roles.tableModelStep)
        #expect(endedSteps(with) == [tableModelStep, complicationStep])
        #expect(endedSteps(without) == [tableModelStep])
    }

    /// A committed check-off hands its operation over once, whole, and keeps none after; a
    /// check-off that is not committed with an operation has none to hand over.
    @Test func aCommittedCheckOffHandsItsOperationOverOnce() {
        let operation = ListOperation(
            id: OperationID(origin: .watch, sequence: 2), item: "kale", key: 0, edit: .check,
            version: SyncVersion(counter: 3, device: .watch))
        var checkOff = PendingCheckOff.committed(operation)
        #expect(checkOff.hasOperation)
        guard case .committed(let handed?) = checkOff.handOver() else {
            Issue.record("the committed operation was not handed over")
            return
        }
        #expect(handed == operation)
        #expect(!checkOff.hasOperation)
        guard case .handedOver = checkOff.handOver() else {
            Issue.record("a handed-over check-off hands over nothing more")
            return
        }
        for pending in [PendingCheckOff.awaitingCommit, .awaitingCommitThenSend, .committed(nil), .handedOver] {
            #expect(!pending.hasOperation, "\(pending)")
        }
    }
}
