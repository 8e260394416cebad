import CompanionModel
import Foundation
import SimulationKernel
import Testing

@testable import Calibration
@testable import ScenarioRunner

/// The shipped calibrated study (Scenarios/calibration/): its export is the documented shape of a
/// recording made on a Series 9 (S9), its pipeline is what `wristsim calibrate` makes from it, and
/// the two scenarios carry that pipeline unchanged.
@Suite struct CalibratedStudyTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios")

    /// The handler the study's export was made from (costs on the S9), with the developer's
    /// signpost names: a synthetic recording, since no watch is attached to this machine.
    static let handler: [SimulatedRecording.Step] = [
        .init(name: "Save item", onMain: true, median: 1_600_000, spread: 0.2),
        .init(
            name: "Learn store order", onMain: true, median: 9_000_000, spread: 0.3, pauseProbability: 0.01,
            pause: 25_000_000),
        .init(name: "Remove row", onMain: true, median: 2_200_000, spread: 0.2),
        .init(name: "Send to phone", onMain: false, median: 4_000_000, spread: 0.4),
        .init(name: "Haptic", onMain: true, median: 300_000, spread: 0.1),
        .init(name: "Reload complication", onMain: false, median: 18_000_000, spread: 0.3),
    ]

    static let names = [
        "Save item": "updateTableModel", "Learn store order": "updateSortingDatabase", "Remove row": "removeRow",
        "Send to phone": "sendMessageToPhone", "Haptic": "playHaptic", "Reload complication": "updateComplication",
    ]

    static let options = CalibrationOptions(
        chip: .s9, names: names, filter: SignpostFilter(subsystem: "com.example.grocery.watchkitapp"),
        pipelineName: "grocery-checkoff-s9")

    static var export: String {
        let writer = SignpostExportWriter(
            columns: [
                "start", "duration", "name", "category", "subsystem", "identifier", "process", "start-thread",
                "end-thread", "start-message", "end-message", "layout-qualifier", "signature",
            ], subsystem: "com.example.grocery.watchkitapp", category: "CheckOff", process: "Grocery Watch App")
        return SimulatedRecording(steps: handler, checkOffs: 100, seed: 2026).export(writer)
    }

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    @Test func theExportIsTheDocumentedRecording() throws {
        let path = Self.path("calibration/checkoff-s9.xml")
        if ProcessInfo.processInfo.environment["WRISTSIM_RECORD_STUDY"] == "1" {
            try Self.export.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let shipped = try String(contentsOfFile: path, encoding: .utf8)
        #expect(shipped == Self.export, "Scenarios/calibration/checkoff-s9.xml differs from its recording")
    }

    @Test func thePipelineIsWhatCalibrateMakesFromTheExport() throws {
        let calibration = try Calibration.read(
            xml: try ByteInput(path: Self.path("calibration/checkoff-s9.xml")), options: Self.options)
        let path = Self.path("calibration/checkoff-s9.pipeline")
        if ProcessInfo.processInfo.environment["WRISTSIM_RECORD_STUDY"] == "1" {
            try (calibration.pipelineSection.pretty() + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        let shipped = try String(contentsOfFile: path, encoding: .utf8)
        #expect(shipped == calibration.pipelineSection.pretty() + "\n")
    }

    @Test(arguments: ["calibrated-checkoff-slowest.json", "calibrated-checkoff-newest.json"])
    func theScenariosCarryTheCalibratedPipeline(file: String) throws {
        let calibration = try Calibration.read(
            xml: try ByteInput(path: Self.path("calibration/checkoff-s9.xml")), options: Self.options)
        let scenario = try ScenarioLoader.load(Self.path(file))
        let settings = try #require(scenario.sections.pipeline)
        #expect(settings.pipeline.steps == calibration.pipelineSteps)
        #expect(settings.pipeline.name == "grocery-checkoff-s9")
        #expect(settings.warnings.isEmpty)
    }
}
