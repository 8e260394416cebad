import ReminderScheduling
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// The reminders chart counts what `reminders` and `--compare` count, over every record, and says
/// when it draws only the kept ones.
@Suite struct RemindersChartSVGTests {
    /// A minutely repeating reminder whose badge is fixed when scheduled, for 1,600 minutes: 1,601
    /// deliveries, the first thousand kept in full (all with the right badge), the 101 with a wrong
    /// badge (the item is due at +25h) past them.
    static func droppedRecords() throws -> Scenario {
        let json = """
            {"format": 1, "name": "dropped", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "a", "title": "A", "due": "+25h"}],
             "reminders": {"repeating": [{"id": "minutely", "start": "+1m", "every": "1m"}],
                           "repeatingBadges": "fixedAtScheduling"},
             "script": [], "end": "+1600m"}
            """
        return try ScenarioDecoder.decode(Array(json.utf8), file: "dropped.json")
    }

    /// A minutely repeating reminder whose badge is fixed when scheduled (R12) goes wrong once an
    /// item comes due at +25h: 1,601 deliveries, the first thousand kept (all right), the 101 wrong
    /// ones past them. The chart gives the phone's count of wrong badges, not the kept ones', and
    /// says it draws the first thousand deliveries.
    @Test func wrongBadgesPastTheKeptDeliveriesAreCountedAndTheDrawnOnesNamed() throws {
        let scenario = try Self.droppedRecords()
        var simulation = ScenarioSimulation(scenario: scenario, trace: .off)
        _ = simulation.run()
        let phone = simulation.phone.reminders.advanced(to: simulation.now)
        #expect(phone.harness.deliveries.droppedCount == 601)
        let chart = RemindersChartSVG(phone: phone, scenario: scenario)
        #expect(phone.wrongBadges == 101)
        #expect(chart.phone.harness.deliveries.count == 1_000, "it draws the kept deliveries")
        let document = chart.document
        #expect(document.contains("1601 delivered (the first 1000 drawn) · 101 with a wrong badge · 0 missed · "))
        #expect(!document.contains("missed (the first"), "no miss was dropped")
    }

    /// With every record kept, the counts are the drawn ones and nothing is said about drawing.
    @Test func withEveryRecordKeptTheCountsAreTheDrawnOnes() throws {
        let json = """
            {"format": 1, "name": "kept", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "a", "title": "A", "due": "+1h"}, {"id": "b", "title": "B", "due": "+2h"}],
             "script": [], "end": "+3h"}
            """
        let scenario = try ScenarioDecoder.decode(Array(json.utf8), file: "kept.json")
        var simulation = ScenarioSimulation(scenario: scenario, trace: .off)
        _ = simulation.run()
        let chart = RemindersChartSVG(
            phone: simulation.phone.reminders.advanced(to: simulation.now), scenario: scenario)
        #expect(chart.phone.wrongBadges == 0)
        let document = chart.document
        #expect(document.contains("2 delivered · 0 with a wrong badge · 0 missed · "))
        #expect(!document.contains("drawn)"))
    }
}
