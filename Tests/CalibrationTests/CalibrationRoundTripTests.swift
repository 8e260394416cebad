import CompanionModel
import SimulationKernel
import Testing

@testable import Calibration

/// A known pipeline simulated on one chip with jitter, written as an xctrace-shaped export
/// (ids, refs, fmt, extra columns, a shuffled column order), calibrated back.
@Suite struct CalibrationRoundTripTests {
    static let known: [SimulatedRecording.Step] = [
        .init(name: "updateTableModel", onMain: true, median: 1_650_000, spread: 0.15),
        .init(
            name: "removeRow", onMain: true, median: 2_400_000, spread: 0.25, pauseProbability: 0.01, pause: 30_000_000),
        .init(name: "sendMessageToPhone", onMain: false, median: 5_200_000, spread: 0.35),
        .init(name: "playHaptic", onMain: true, median: 400_000, spread: 0.1),
        .init(name: "updateComplication", onMain: false, median: 28_000_000, spread: 0.3),
    ]

    /// The columns in a seed-dependent order: calibrate must find them by mnemonic.
    static func shuffledColumns(seed: UInt64) -> [String] {
        var columns = SignpostExportWriter.xcodeColumns
        var rng = SplitMix64(seed: seed)
        for index in stride(from: columns.count - 1, to: 0, by: -1) {
            columns.swapAt(index, Int(rng.next() % UInt64(index + 1)))
        }
        return columns
    }

    @Test(arguments: 1...12 as ClosedRange<UInt64>)
    func recoversEachStepsQueueMedianAndSpread(seed: UInt64) throws {
        let recording = SimulatedRecording(steps: Self.known, checkOffs: 800, seed: seed)
        let export = recording.export(SignpostExportWriter(columns: Self.shuffledColumns(seed: seed)))
        let calibration = try Calibration.read(
            xml: ByteInput(bytes: Array(export.utf8), file: "seed-\(seed).xml"), options: CalibrationOptions(chip: .s9))
        #expect(calibration.steps.map(\.name) == Self.known.map(\.name), "seed \(seed)")
        for (step, known) in zip(calibration.steps, Self.known) {
            #expect(step.queue == (known.onMain ? .main : .background), "seed \(seed) step \(known.name)")
            let medianError = abs(Double(step.cost.median) / Double(known.median) - 1)
            #expect(medianError < 0.05, "seed \(seed) step \(known.name): median \(step.cost.median)")
            let spreadError = abs(step.cost.spread / known.spread - 1)
            #expect(spreadError < 0.20, "seed \(seed) step \(known.name): spread \(step.cost.spread)")
            #expect(step.cost.samples == 800)
        }
    }

    @Test func theCSVFormGivesTheSameCalibration() throws {
        let recording = SimulatedRecording(steps: Self.known, checkOffs: 300, seed: 5)
        var csv = "name,start_ns,duration_ns,thread\n"
        for interval in recording.intervals {
            csv +=
                "\(interval.name),\(interval.start),\(interval.duration),\(interval.onMainThread ? "main" : "worker")\n"
        }
        let fromCSV = try Calibration.read(
            csv: ByteInput(bytes: Array(csv.utf8), file: "t.csv"), options: CalibrationOptions(chip: .s9))
        let fromXML = try Calibration.read(
            xml: ByteInput(bytes: Array(recording.export().utf8), file: "t.xml"), options: CalibrationOptions(chip: .s9)
        )
        #expect(fromCSV.steps == fromXML.steps)
        #expect(fromCSV.pipelineSection == fromXML.pipelineSection)
    }

    @Test func theSectionNamesTheChipAndTheMapRenamesSteps() throws {
        let steps: [SimulatedRecording.Step] = [
            .init(name: "Remove row", onMain: true, median: 2_000_000, spread: 0)
        ]
        let export = SimulatedRecording(steps: steps, checkOffs: 10, seed: 1).export()
        let calibration = try Calibration.read(
            xml: ByteInput(bytes: Array(export.utf8), file: "t.xml"),
            options: CalibrationOptions(chip: .s4, names: ["Remove row": "removeRow"]))
        #expect(
            calibration.pipelineSection.compact
                == #"{"pipeline":{"name":"calibrated","steps":[{"step":"removeRow","queue":"main","cost":"2ms","on":"S4"}],"#
                + #""jitter":{"spread":0.000,"pauseProbability":0.0000,"pause":"0ms","on":"S4"}}}"#)
        #expect(calibration.pipelineSteps[0].cost == .milliseconds(10))
    }

    @Test func filtersBySubsystemAndCategory() throws {
        let steps: [SimulatedRecording.Step] = [.init(name: "removeRow", onMain: true, median: 2_000_000, spread: 0)]
        let export = SimulatedRecording(steps: steps, checkOffs: 10, seed: 1).export()
        let kept = try Calibration.read(
            xml: ByteInput(bytes: Array(export.utf8), file: "t.xml"),
            options: CalibrationOptions(chip: .s4, filter: SignpostFilter(subsystem: "com.example.grocery")))
        #expect(kept.sampleCount == 10)
        #expect(throws: CalibrationError.self) {
            _ = try Calibration.read(
                xml: ByteInput(bytes: Array(export.utf8), file: "t.xml"),
                options: CalibrationOptions(chip: .s4, filter: SignpostFilter(category: "other")))
        }
    }
}
