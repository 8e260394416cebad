import Foundation
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// Output that prints no trace runs with the trace off, and prints exactly what a recorded run
/// prints: every shipped scenario over a few seeds, and a failing run (run again, recorded).
@Suite struct UntracedRunTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenarios")

    static func recorded(_ scenario: Scenario, seed: UInt64?) -> ScenarioOutcome {
        var simulation = ScenarioSimulation(scenario: scenario, seed: seed, trace: .recorded)
        return simulation.run()
    }

    @Test func everyShippedScenarioPrintsAsARecordedRun() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
        #expect(files.count > 30)
        for file in files {
            let scenario = try ScenarioLoader.load(Self.folder.appendingPathComponent(file).path)
            for seed in [nil, 7] as [UInt64?] {
                let untraced = UntracedRun(scenario, seed: seed).outcome
                let recorded = Self.recorded(scenario, seed: seed)
                let label = "\(file) seed \(seed.map(String.init) ?? "default")"
                #expect(untraced.passed == recorded.passed, "\(label)")
                if untraced.passed { #expect(untraced.trace.isEmpty, "\(label): a passing run keeps no trace") }
                let (quiet, full) = (
                    RunReport(outcome: untraced, includeTrace: false), RunReport(outcome: recorded, includeTrace: false)
                )
                #expect(quiet.text() == full.text(), "\(label)")
                #expect(quiet.jsonLines == full.jsonLines, "\(label)")
            }
        }
    }

    @Test func aFailingRunIsRunAgainWithItsTrace() throws {
        let json = """
            {"format": 1, "name": "t", "seed": 3, "start": "2026-11-23T17:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}, {"id": "eggs", "title": "Eggs"}],
             "script": [{"at": "+1s", "do": "raiseWrist"}, {"at": "+2s", "do": "tap", "item": "kale"},
                        {"at": "+5s", "expect": {"remaining": 2}}]}
            """
        let scenario = try ScenarioDecoder.decode(Array(json.utf8), file: "t.json")
        let untraced = UntracedRun(scenario)
        let recorded = Self.recorded(scenario, seed: nil)
        #expect(!untraced.outcome.passed)
        #expect(untraced.outcome.trace.elementsEqual(recorded.trace), "the failing run's trace is recorded")
        #expect(!untraced.outcome.trace.isEmpty)
        #expect(untraced.simulation.traceMode == .recorded)
        #expect(
            RunReport(outcome: untraced.outcome, includeTrace: false).text()
                == RunReport(outcome: recorded, includeTrace: false).text())
    }
}
