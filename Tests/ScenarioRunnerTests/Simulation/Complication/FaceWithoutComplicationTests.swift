import CompanionModel
import Foundation
import ScenarioRunner
import SimulationKernel
import Testing

/// A face without the complication gets no refresh of any kind; the output says so rather than
/// staying silent (issue #38 item 2c).
@Suite struct FaceWithoutComplicationTests {
    /// Off the face from the start until 11:00 of a 10:00–12:00 run, and again from 11:30 to 11:40
    /// (or, `onFace`, on the face throughout).
    static func scenario(onFace: Bool = false) -> String {
        let presence = onFace ? "" : #""onActiveFace": false, "#
        let faceSteps =
            onFace
            ? ""
            : #", {"at": "+1h", "do": "complicationOnFace"}, {"at": "+90m", "do": "complicationOffFace"}, "#
                + #"{"at": "+100m", "do": "complicationOnFace"}"#
        return """
            {"format": 1, "name": "off face", "seed": 3, "start": "2026-11-21T10:00:00Z", "end": "2026-11-21T12:00:00Z",
             "items": [{"id": "milk", "title": "Milk"}, {"id": "eggs", "title": "Eggs"}],
             "complication": {"families": ["circular"], \(presence)"backgroundRefresh": {"every": "20m"}},
             "script": [{"at": "+5m", "do": "tap", "item": "milk"}\(faceSteps)]}
            """
    }

    static func report(onFace: Bool = false) throws -> ComplicationReport {
        var simulation = ScenarioSimulation(
            scenario: try ScenarioDecoder.decode(Array(scenario(onFace: onFace).utf8), file: "off.json"))
        _ = simulation.run()
        return try #require(simulation.complicationReport())
    }

    @Test func theReportMeasuresTheTimeOffTheFace() throws {
        let report = try Self.report()
        #expect(report.offActiveFace.map { $0.to - $0.from } == [.hours(1), .minutes(10)])
        #expect(report.offActiveFaceTotal == .minutes(70))
    }

    @Test func theTimelineTextStatesTheCase() throws {
        let text = try Self.report().text
        #expect(
            text.contains(
                "10:00:00  face     complication not on the active face: no background refresh, no system reload, "
                    + "no phone transfer until it is on it"), "\(text)")
        #expect(text.contains("11:30:00  face     complication taken off the active face: no background refresh"))
        #expect(
            text.contains(
                "off face 1h10m of 2h not on the active face (2 spans): no refresh of any kind then "
                    + "(watchOS refreshes only a complication on the active face)"), "\(text)")
    }

    @Test func theTimelineJSONStatesTheCase() throws {
        let report = try Self.report()
        let json = Data(report.json(stamp: { $0.description }).utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let off = try #require(object["offActiveFace"] as? [String: Any])
        #expect(off["totalMs"] as? Int == 70 * 60_000)
        let spans = try #require(off["spans"] as? [Any], "no spans: \(off)")
        #expect(spans.count == 2)
        #expect(off["refreshes"] as? String == "none: no background refresh, no system reload, no phone transfer")
    }

    @Test func aComplicationAlwaysOnTheFaceHasNoOffFaceLine() throws {
        let report = try Self.report(onFace: true)
        #expect(report.offActiveFace.isEmpty)
        #expect(!report.text.contains("off face"))
        #expect(!report.text.contains("face     complication"))
    }
}
