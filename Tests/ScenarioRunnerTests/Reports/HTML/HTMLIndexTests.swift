import Testing

@testable import ScenarioRunner

/// The report's index row counts what the reminders chart and `reminders` count: every record.
@Suite struct HTMLIndexTests {
    /// 1,601 minutely deliveries with a badge fixed when scheduled: the harness keeps the first
    /// thousand in full, and the 101 wrong badges come after them. The index's reminders cell counts
    /// every delivery and the phone's wrong badges, as the chart's subtitle does.
    @Test func theRemindersCellCountsEveryDeliveryNotOnlyTheKeptOnes() throws {
        let json = """
            {"format": 1, "name": "dropped", "start": "2026-11-23T00:00:00Z",
             "items": [{"id": "a", "title": "A", "due": "+25h"}],
             "reminders": {"repeating": [{"id": "minutely", "start": "+1m", "every": "1m"}],
                           "repeatingBadges": "fixedAtScheduling"},
             "script": [], "end": "+1600m"}
            """
        let scenario = try ScenarioDecoder.decode(Array(json.utf8), file: "dropped.json")
        let data = try ScenarioReportData.extract(scenario)
        let chart = try #require(data.reminders)
        #expect(chart.phone.harness.deliveries.droppedCount == 601)
        let row = HTMLIndex.Row(data, index: 0)
        #expect(row.trail[1] == "1601 delivered · 0 missed · 101 wrong badge(s)")
    }
}
