import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// A pipeline step's cost measured on a named chip, and the section's camelCase spellings.
@Suite struct PipelineSettingsChipTests {
    func settings(_ section: String) throws -> PipelineSettings {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z", "watch": "series3-38mm",
             "pipeline": \(section),
             "items": [{"id": "a", "title": "A"}], "script": []}
            """
        let scenario = try ScenarioDecoder.decode(Array(text.utf8), file: "t.json")
        return try #require(scenario.sections.pipeline)
    }

    func error(_ section: String) -> String? {
        do {
            _ = try settings(section)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: [("S1", 2_000_000), ("S3", 5_000_000), ("S9", 14_000_000), ("S4", 10_000_000)])
    func costOnAChipIsConvertedToTheReferenceChip(chip: String, referenceNanoseconds: Int64) throws {
        let decoded = try settings(
            #"{"steps": [{"step": "removeRow", "queue": "main", "cost": "2ms", "on": "\#(chip)"}]}"#)
        #expect(decoded.pipeline.steps[0].cost == SimDuration(nanoseconds: referenceNanoseconds))
        #expect(decoded.warnings.isEmpty)
    }

    @Test func aStepWithoutOnIsOnTheReferenceChip() throws {
        let decoded = try settings(#"{"steps": [{"step": "removeRow", "queue": "main", "cost": "2ms"}]}"#)
        #expect(decoded.pipeline.steps[0].cost == .milliseconds(2))
    }

    @Test func jitterPauseOnAChipIsConvertedToo() throws {
        let decoded = try settings(
            #"{"preset": "naive", "jitter": {"spread": 0.3, "pauseProbability": 0.01, "pause": "20ms", "on": "S9"}}"#)
        #expect(decoded.jitter.pause == .milliseconds(140))
        #expect(decoded.jitter.spread == 0.3)
    }

    @Test func anUnknownChipIsALocatedError() {
        let message = error(#"{"steps": [{"step": "removeRow", "queue": "main", "cost": "2ms", "on": "S99"}]}"#)
        #expect(message?.hasPrefix(#"t.json:2:85: error: unknown chip "S99"; expected one of: "S1","#) == true)
    }

    @Test func aCostThatOverflowsOnTheReferenceChipIsALocatedError() {
        let message = error(#"{"steps": [{"step": "removeRow", "queue": "main", "cost": "36000d", "on": "S9"}]}"#)
        #expect(message?.hasPrefix("t.json:2:72: error: converting 36000d on S9 to the reference chip S1: ") == true)
    }

    @Test func camelCaseSpellingsReadWithoutWarnings() throws {
        let decoded = try settings(
            #"{"cpuSharing": "mainPriority", "steps": [{"step": "removeRow", "queue": "main", "cost": "2ms"}, "#
                + #"{"step": "updateComplication", "queue": "mainAsync", "cost": "2ms"}]}"#)
        #expect(decoded.sharing == .mainPriority)
        #expect(decoded.pipeline.steps[1].queue == .mainAsync)
        #expect(decoded.warnings.isEmpty)
    }

    @Test func oldSpellingsStillReadWithALocatedWarningNamingTheNewOne() throws {
        let decoded = try settings(
            #"{"cpuSharing": "processor-sharing", "steps": [{"step": "removeRow", "queue": "main", "cost": "2ms"}, "#
                + #"{"step": "updateComplication", "queue": "main-async", "cost": "2ms"}]}"#)
        #expect(decoded.sharing == .processorSharing)
        #expect(decoded.pipeline.steps[1].queue == .mainAsync)
        #expect(
            decoded.warnings.map(\.description) == [
                "t.json:2:29: warning: \"processor-sharing\" is the old spelling of \"cpuSharing\"; write "
                    + "\"processorSharing\" (at $.pipeline.cpuSharing)",
                "t.json:2:155: warning: \"main-async\" is the old spelling of \"queue\"; write \"mainAsync\" "
                    + "(at $.pipeline.steps[1].queue)",
            ])
    }
}
