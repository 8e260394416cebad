import Testing

@testable import ScenarioRunner

/// The report's index row counts what the reminders chart and `reminders` count: every record.
@Suite struct HTMLReportIndexTests {
    /// ``RemindersChartSVGTests/droppedRecords()``: 1,601 deliveries, the first thousand kept in
    /// full, the 101 wrong badges after them. The index's reminders cell counts every delivery and
    /// the phone's wrong badges, as the chart's subtitle does.
    @Test func theRemindersCellCountsEveryDeliveryNotOnlyTheKeptOnes() throws {
        let scenario = try RemindersChartSVGTests.droppedRecords()
        let data = try ScenarioReportData.extract(scenario)
        let chart = try #require(data.reminders)
        #expect(chart.phone.harness.deliveries.droppedCount == 601)
        let row = HTMLReport.IndexRow(data, index: 0)
        #expect(row.trail[1] == "1601 delivered · 0 missed · 101 wrong badge(s)")
    }
}
