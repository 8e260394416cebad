import Foundation
import SimulationKernel

@testable import ScenarioRunner

/// The scenarios shipped in the repository's `Scenarios/` folder, read as tests need them.
enum ShippedScenarios {
    /// The repository's `Scenarios` folder.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios")

    /// The path a message names for `name` (`"weekly-shop.json"` → `"Scenarios/weekly-shop.json"`).
    static func path(_ name: String) -> String { "Scenarios/\(name)" }

    /// The bytes of `Scenarios/NAME`.
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// `Scenarios/NAME` decoded.
    static func decoded(_ name: String) throws -> Scenario {
        try ScenarioDecoder.decode(try bytes(name), file: path(name))
    }

    /// Runs `Scenarios/NAME` once per seed in `seeds` (verdict only, trace off), each with the
    /// monitor `monitor(seed)` makes, and returns the monitors as the runs left them.
    static func monitoredRuns<Monitor: RunMonitor>(
        _ name: String, seeds: Range<UInt64>, monitor: (UInt64) -> Monitor
    ) throws -> [(seed: UInt64, monitor: Monitor)] {
        let scenario = try decoded(name)
        return seeds.map { seed in
            var simulation = ScenarioSimulation(scenario: scenario, seed: seed, trace: .off)
            var made = monitor(seed)
            _ = simulation.run(RunOptions(keeps: .verdict), monitor: &made)
            return (seed, made)
        }
    }

    /// An exploration of `Scenarios/NAME` with base seed `seed`.
    static func explorer(_ name: String, seed: UInt64 = 5) throws -> ExploreRunner {
        try ExploreRunner(file: path(name), root: try JSONParser.parse(try bytes(name), file: path(name)), seed: seed)
    }
}
