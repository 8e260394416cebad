import Testing

@testable import ReminderScheduling

/// Rule S3 of docs/reminders.md (issue #33 item 6, one of the questions the docs left open): "The
/// user opens the app once per opening: a second notice delivered while an opening is already due
/// does not add another (the earlier one stands)."
@Suite struct OverflowNoticeOpeningTests {
    /// W = 3, ten reminders ten minutes apart, a user who opens a notice an hour after it arrives.
    /// The first notice arrives at 20 min (with i12), so an opening is due at 80. The app runs at
    /// 25 min on its own and refills: a second notice arrives at 40, while the opening at 80 is
    /// still due. The earlier opening stands (80, not 100), and no second one is added.
    @Test func aSecondNoticeWhileAnOpeningIsDueKeepsTheEarlierOpening() throws {
        var phone = ReminderHarness(
            configuration: try SchedulerConfiguration(mode: .overflowNotice, windowSize: 3), rules: PlatformRules(),
            start: .zero, user: SimulatedUser(opensOverflowNoticeAfter: 3_600))
        try phone.run(at: .zero, reason: .launch) { s in
            for index in 1...10 { s.setItem("i" + String(index + 10), due: minutes(Int64(10 * index)), now: .zero) }
        }
        phone.advance(to: minutes(25))
        try phone.run(at: minutes(25), reason: .foreground) { _ in }
        phone.advance(to: minutes(140))
        let notices = phone.deliveries.filter { $0.item == nil }.map(\.at)
        #expect(notices.prefix(2) == [minutes(20), minutes(40)], "two notices before the first opening")
        #expect(
            phone.snapshots.map(\.at) == [.zero, minutes(25), minutes(80)],
            "one opening, an hour after the first notice; none an hour after the second")
        #expect(phone.snapshots.map(\.reason) == [.launch, .foreground, .foreground])
    }
}
