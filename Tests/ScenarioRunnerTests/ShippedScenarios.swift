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

    /// An exploration of `Scenarios/NAME` with base seed `seed`.
    static func explorer(_ name: String, seed: UInt64 = 5) throws -> ExploreRunner {
        try ExploreRunner(file: path(name), root: try JSONParser.parse(try bytes(name), file: path(name)), seed: seed)
    }
}
