import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// The latency profile reads the pipeline at the run's end: every tap the watch handed its
/// pipeline is there, exactly as the pipeline run alone over the same taps gives it, on a watch
/// with one core and on watches with two, though the world is not woken when the background
/// queue goes idle with a core per queue.
@Suite struct LatencyProfileTests {
    @Test(arguments: ["series0-38mm", "series3-38mm", "series7-45mm"], ["optimized", "instant"])
    func everyTapIsThePipelinesOwn(watch: String, pipeline: String) throws {
        let shop = try LatencyProfile.overriding(
            try ShippedScenarios.decoded("weekly-shop.json"), pipeline: pipeline, watch: watch)
        let settings = try #require(shop.sections.pipeline)
        for seed in UInt64(1)...4 {
            let profile = LatencyProfile.run(shop, seed: seed, trace: .off)
            let label = "\(watch) \(pipeline) seed \(seed)"
            #expect(profile.items.count >= 30, "\(label): the shop's taps reach the pipeline")
            #expect(profile.run.taps.count == profile.items.count, "\(label): a tap is missing")
            var session = PipelineSession(
                pipeline: settings.pipeline, watch: profile.run.watch, sharing: settings.sharing,
                jitter: settings.jitter, jitterSeed: WatchAppState.jitterSeed(seed), effects: .nothing)
            for tap in profile.run.taps { _ = session.tap(at: tap.tap) }
            let alone = session.run(through: .distantFuture)
            #expect(profile.run.taps == alone.taps, "\(label)")
        }
    }

    /// An unknown preset is refused in the one wording of ``PipelineSettings/preset(named:quote:else:)``.
    @Test func anUnknownPresetIsRefused() throws {
        let shop = try ShippedScenarios.decoded("weekly-shop.json")
        #expect(
            throws: ScenarioError(
                file: shop.file, message: #"unknown pipeline "fast"; expected one of: "naive", "optimized", "instant""#)
        ) {
            try LatencyProfile.overriding(shop, pipeline: "fast", watch: nil)
        }
    }
}
