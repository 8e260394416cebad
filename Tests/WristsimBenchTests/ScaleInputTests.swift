import ScenarioRunner
import Testing

@testable import wristsim_bench

/// Every `scale` input makes a valid scenario (the file-size stages) at a small size, so the
/// benchmark measures runs, not decoding errors.
@Suite struct ScaleInputTests {
    @Test(arguments: [
        "phoneRemovals", "undeliverableThenAppStops", "checkOffsOutOfRangeThenAppCycles", "exploreShrink",
        "reportFiles",
    ])
    func newInputsDecode(name: String) throws {
        let input = try #require(ScaleInput.all.first { $0.name == name })
        let scenario = try ScenarioDecoder.decode(Array(input.scenario(20).utf8), file: "\(name).json")
        #expect(!scenario.items.isEmpty, "\(name)")
    }
}
