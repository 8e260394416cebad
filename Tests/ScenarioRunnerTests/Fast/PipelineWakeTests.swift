import Testing

@testable import ScenarioRunner

/// What a pipeline wake relies on to skip work nobody would see.
@Suite struct PipelineWakeTests {
    /// The watch skips the complication's list notices and reload requests exactly when the
    /// scenario has no complication (the complication would drop them at once).
    @Test func preparedScenarioKnowsWhetherThereIsAComplication() throws {
        var withComplication = 0
        for name in PreparedRunTests.names {
            let scenario = try ShippedScenarios.decoded(name)
            let prepared = PreparedScenario(scenario)
            #expect(prepared.hasComplication == (scenario.sections.complication != nil), "\(name)")
            #expect(
                prepared.hasComplication == (ComplicationFeature(scenario: scenario, seed: 1).model != nil), "\(name)")
            if prepared.hasComplication { withComplication += 1 }
        }
        #expect(withComplication > 0 && withComplication < PreparedRunTests.names.count)
    }
}
