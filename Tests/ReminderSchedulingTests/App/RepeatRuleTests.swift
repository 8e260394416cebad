import Foundation
import ReminderScheduling
import Testing

@Suite struct RepeatRuleTests {
    private func date(_ text: String, _ calendar: Calendar) -> Date {
        let parts = text.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        let components = DateComponents(
            year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4])
        return calendar.date(from: components) ?? .distantPast
    }

    @Test func dailyKeepsTheLocalTimeAcrossADaylightSavingChange() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Europe/Paris"))
        // Paris moves to summer time on 2027-03-28.
        let due = date("2027-03-27T09:00", calendar)
        let next = RepeatRule.daily.nextOccurrence(after: due, from: due, in: calendar)
        #expect(next == date("2027-03-28T09:00", calendar))
        #expect(next.timeIntervalSince(due) == 23 * 3_600)
    }

    @Test func anOldDueDateJumpsToTheFirstOccurrenceAfterNow() {
        let calendar = AppFixture.utc
        let due = date("2027-01-01T09:00", calendar)
        let now = date("2027-03-10T12:00", calendar)
        #expect(
            RepeatRule.weekly.nextOccurrence(after: now, from: due, in: calendar) == date("2027-03-12T09:00", calendar))
        #expect(
            RepeatRule.monthly.nextOccurrence(after: now, from: due, in: calendar) == date("2027-04-01T09:00", calendar)
        )
    }

    @Test func monthEndsDoNotDrift() {
        let calendar = AppFixture.utc
        let due = date("2027-01-31T09:00", calendar)
        let afterFebruary = date("2027-03-01T00:00", calendar)
        #expect(
            RepeatRule.monthly.nextOccurrence(after: afterFebruary, from: due, in: calendar)
                == date("2027-03-31T09:00", calendar))
    }
}
