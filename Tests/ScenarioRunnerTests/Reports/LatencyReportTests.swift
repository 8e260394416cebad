import SimulationKernel
import Testing

@testable import ScenarioRunner

/// `wristsim latency --json` gives each figure as the run's own JSON and the text give it.
@Suite struct LatencyReportTests {
    @Test func jsonMillisecondsAreRoundedLikeTheRunsJSON() throws {
        // Weekly shop's taps take one or two 60 Hz frames: 16.666667 ms and 33.333333 ms.
        let profile = LatencyProfile.run(try ShippedScenarios.decoded("weekly-shop.json"), trace: .off)
        let json = LatencyReport(profiles: [profile]).json
        #expect(json.contains("\"p50Ms\":16.667") && json.contains("\"maxMs\":33.333"))
        #expect(!json.contains("16.666"), "a frame of 16.666667 ms rounds to 16.667, as in `run --json`")
        let run = RunReport(outcome: profile.outcome, includeTrace: false).jsonLines
        #expect(run.contains("\"p50Ms\":16.667"))
    }
}
