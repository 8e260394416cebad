import CompanionModel
import Testing

@testable import ScenarioRunner

/// The one lookup of a preset by name (``PipelineSettings/preset(named:quote:else:)``): a
/// scenario's `"pipeline"`, `wristsim latency --pipeline` and a sweep's `--pipeline` all use it.
@Suite struct PipelineSettingsTests {
    struct Failure: Error, Equatable { var message: String }

    @Test func aPresetIsFoundByItsName() throws {
        for preset in [CheckOffPipeline.naive, .optimized, .instant] {
            #expect(try PipelineSettings.preset(named: preset.name, else: Failure.init) == preset)
        }
    }

    @Test func anUnknownNameIsTheOneWordingInTheCallersQuotesAndError() {
        #expect(
            throws: Failure(
                message:
                    #"unknown pipeline "optimised"; expected one of: "naive", "optimized", "instant" (did you mean "optimized"?)"#
            )
        ) {
            try PipelineSettings.preset(named: "optimised", else: Failure.init)
        }
        #expect(throws: SweepError.usage("unknown pipeline 'fast'; expected one of: 'naive', 'optimized', 'instant'")) {
            try PipelineSettings.preset(named: "fast", quote: ArgumentText.quoted, else: SweepError.usage)
        }
    }

    /// A sweep's `--pipeline` is checked by the same lookup, in the command line's quotes.
    @Test func aSweepRefusesAnUnknownPreset() {
        #expect(throws: SweepError.usage("unknown pipeline 'fast'; expected one of: 'naive', 'optimized', 'instant'")) {
            try SweepPlan(
                file: "s.json", name: "s", firstSeed: 1, lastSeed: 2, watches: ["series3-38mm"], pipelines: ["fast"],
                settings: [])
        }
    }
}
