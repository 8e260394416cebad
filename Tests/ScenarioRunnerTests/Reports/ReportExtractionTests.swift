import CompanionModel
import SimulationKernel
import Testing

@testable import ScenarioRunner

/// What the pictures read from a run: link messages and spans from the trace, the reminders'
/// true overdue count.
@Suite struct ReportExtractionTests {
    private func at(_ seconds: Int64) -> SimTime { SimTime(offset: .seconds(seconds)) }

    private func event(_ seconds: Int64, _ kind: TraceKind, _ fields: KeyValuePairs<String, TraceValue>) -> TraceEvent {
        TraceEvent(time: at(seconds), kind: kind, fields: fields)
    }

    private var trace: [TraceEvent] {
        [
            event(0, .linkStart, ["phoneApp": "notRunning"]),
            event(
                1, .linkSend, ["id": 1, "channel": "interactive", "route": "watch→phone", "payload": "checkOff a#1"]),
            event(2, .linkFailed, ["id": 1, "reason": "notReachable"]),
            event(3, .linkRange, ["state": "outOfRange"]),
            event(4, .linkQueued, ["id": 2, "channel": "userInfo", "route": "watch→phone", "item": "a"]),
            event(6, .linkRange, ["state": "inRange"]),
            event(7, .linkRetry, ["id": 2, "attempt": 2]),
            event(8, .phoneApp, ["state": "background"]),
            event(9, .linkDelivered, ["id": 2, "channel": "userInfo"]),
            event(10, .linkDuplicate, ["id": 2]),
            event(11, .linkQueued, ["id": 3, "channel": "complication", "route": "phone→watch"]),
            event(12, .linkRange, ["state": "outOfRange"]),
        ]
    }

    @Test func messagesCarryTheirFateRetriesAndDuplicates() {
        let messages = ScenarioReportData.linkMessages(trace)
        #expect(messages.map(\.id) == [1, 2, 3])
        #expect(messages[0].fate == .failed(reason: "notReachable") && messages[0].endedAt == at(2))
        #expect(messages[1].fate == .delivered && messages[1].delivered == at(9))
        #expect(messages[1].retries == [at(7)] && messages[1].duplicates == [at(10)])
        #expect(messages[1].item == "a" && messages[1].channel == .userInfo)
        #expect(messages[2].direction == .phoneToWatch && messages[2].fate == .inTransit)
    }

    @Test func bandsCoverOutagesAndAppDowntimeUntilTheEnd() {
        let bands = ScenarioReportData.linkBands(trace, end: at(20))
        #expect(bands.map(\.kind) == [.phoneAppNotRunning, .outOfRange, .outOfRange])
        #expect(bands.map(\.from) == [at(0), at(3), at(12)])
        #expect(bands.map(\.to) == [at(8), at(6), at(20)], "a span still open at the end closes there")
    }

    @Test func theDiagramMarksFailuresRetriesDuplicatesAndBands() {
        let svg = LinkSequenceSVG(
            title: "t", messages: ScenarioReportData.linkMessages(trace),
            bands: ScenarioReportData.linkBands(trace, end: at(20)), end: at(20),
            origin: EpochTime(secondsSinceEpoch: 0)
        ).document
        #expect(svg.contains("3 messages · 1 delivered · 1 failed · 0 lost · 1 retries · 1 duplicates"))
        #expect(svg.contains("failed: notReachable"))
        #expect(svg.contains("retry of message 2") && svg.contains("duplicate of message 2"))
        #expect(svg.contains("out of range for 3.000 s") && svg.contains("phone app not running for 8.000 s"))
        #expect(svg.contains("phone → watch"), "the link goes both ways")
    }

    @Test func theTrueOverdueCountFollowsDueDatesAndCompletions() {
        typealias Change = PhoneReminders.DueChange
        let log = [
            Change(time: .zero, key: 0, due: at(10)),
            Change(time: .zero, key: 1, due: at(20)),
            Change(time: at(15), key: 0, due: nil),  // completed
            Change(time: at(25), key: 1, due: at(40)),  // snoozed
            Change(time: at(30), key: 2, due: at(5)),  // added, already overdue
        ]
        let steps = RemindersChartSVG.overdueSteps(log)
        #expect(steps.map(\.at) == [at(10), at(15), at(20), at(25), at(30), at(40)])
        #expect(steps.map(\.count) == [1, 0, 1, 0, 1, 2])
    }
}
