import SimulationKernel
import Testing

@testable import CompanionModel

/// The session's precomputed step roles match the pipeline's steps.
@Suite struct PipelineStepRolesTests {
    @Test func rolesMatchTheSteps() {
        let naive = PipelineStepRoles(pipeline: .naive, syncSendAwaitsOutcome: true)
        #expect(
            naive.byStep == [
                .none, .commitsCheckOff, .none, .sendsMessage(awaitsOutcome: true), .none, .none, .none,
                .updatesComplication,
            ])
        #expect(naive.synchronousSend == 3)
        #expect(!naive.commitsAtRemoval)

        let unawaited = PipelineStepRoles(pipeline: .naive, syncSendAwaitsOutcome: false)
        #expect(unawaited.byStep[3] == .sendsMessage(awaitsOutcome: false))
        #expect(unawaited.synchronousSend == nil)

        let optimized = PipelineStepRoles(pipeline: .optimized, syncSendAwaitsOutcome: true)
        #expect(optimized.byStep[2] == .sendsMessage(awaitsOutcome: false), "no wait: not synchronous")
        #expect(optimized.synchronousSend == nil)
    }

    @Test func aPipelineWithoutTableModelCommitsAtRemoval() throws {
        let pipeline = try CheckOffPipeline(
            name: "bare",
            steps: [
                PipelineStep(.removeRow, on: .main, cost: .milliseconds(18)),
                PipelineStep(.custom("log"), on: .background, cost: .milliseconds(5)),
            ])
        let roles = PipelineStepRoles(pipeline: pipeline, syncSendAwaitsOutcome: true)
        #expect(roles.byStep == [.none, .none])
        #expect(roles.commitsAtRemoval)
    }
}
