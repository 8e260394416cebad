import Testing

@testable import ReminderScheduling

/// The strategies beside naive and windowed (`docs/reminders.md`, rules S1–S4).
@Suite struct StrategyTests {
    private func phone(_ mode: SchedulingMode, window: Int = 3, user: SimulatedUser = SimulatedUser()) throws
        -> ReminderHarness
    {
        ReminderHarness(
            configuration: try SchedulerConfiguration(mode: mode, windowSize: window), rules: PlatformRules(),
            start: .zero, user: user)
    }

    /// Ten reminders ten minutes apart, one app launch, nothing else.
    private func launchTen(_ phone: inout ReminderHarness) throws {
        try phone.run(at: .zero, reason: .launch) { s in
            for index in 1...10 { s.setItem("i" + String(index + 10), due: minutes(Int64(10 * index)), now: .zero) }
        }
    }

    @Test func overflowNoticeTakesTheLastSlotAndCountsTheHeld() throws {
        var phone = try phone(.overflowNotice)
        try launchTen(&phone)
        let pending = phone.center.pendingRequests()
        #expect(pending.map(\.identifier) == ["item:i11", "item:i12", "notice:overflow"])
        #expect(pending.last?.content.title == "Open the app to see 8 more reminders")
        #expect(pending.last?.trigger == .once(at: minutes(20)), "it fires with the window's last reminder")
    }

    @Test func openingTheOverflowNoticeRefillsTheWindow() throws {
        var phone = try phone(.overflowNotice)
        try launchTen(&phone)
        phone.advance(to: minutes(200))
        // W = 3: two reminders and the notice. The user opens the app 10 minutes after each notice, which
        // is when the next reminder was due: that one is missed, the window refills, and so on.
        #expect(phone.snapshots.map(\.reason) == [.launch, .foreground, .foreground, .foreground])
        #expect(phone.snapshots.map(\.at) == [.zero, minutes(30), minutes(60), minutes(90)])
        #expect(phone.missed.map(\.owner) == ["i13", "i16", "i19"])
        #expect(phone.deliveries.filter { $0.item != nil }.count == 7)
    }

    @Test func overflowNoticeMissesFewerThanThePlainWindow() throws {
        var plain = try phone(.windowed)
        var notice = try phone(.overflowNotice)
        try launchTen(&plain)
        try launchTen(&notice)
        plain.advance(to: minutes(200))
        notice.advance(to: minutes(200))
        #expect(plain.missed.count == 7)
        #expect(notice.missed.count == 3)
    }

    @Test func aUserWhoIgnoresTheNoticeMissesTheRest() throws {
        var phone = try phone(.overflowNotice, user: SimulatedUser(opensOverflowNoticeAfter: nil))
        try launchTen(&phone)
        phone.advance(to: minutes(200))
        #expect(phone.missed.count == 8)
        #expect(phone.snapshots.count == 1)
    }

    /// S3: when the reminders exactly fit in W, all W slots are reminders and no notice is sent
    /// (a notice would take a slot and cost the user a reminder).
    @Test func noNoticeWhenTheRemindersExactlyFit() throws {
        var phone = try phone(.overflowNotice, window: 3, user: SimulatedUser(opensOverflowNoticeAfter: 300))
        try phone.run(at: .zero, reason: .launch) { s in
            for index in 0..<3 { s.setItem("item\(index)", due: minutes(Int64(10 * (index + 1))), now: .zero) }
        }
        #expect(phone.center.pendingRequests().map(\.identifier) == ["item:item0", "item:item1", "item:item2"])
        try phone.run(at: minutes(1), reason: .foreground) { s in s.setItem("item3", due: minutes(40), now: minutes(1))
        }
        #expect(
            phone.center.pendingRequests().map(\.identifier) == ["item:item0", "item:item1", "notice:overflow"],
            "one more than fits: W − 1 reminders and the notice")
        phone.advance(to: minutes(60))
        #expect(phone.missed.isEmpty)
    }

    @Test func noNoticeWhenEverythingFits() throws {
        var phone = try phone(.overflowNotice, window: 60)
        try launchTen(&phone)
        #expect(phone.center.pendingRequests().allSatisfy { $0.identifier != OverflowNotice.identifier })
    }

    @Test func backgroundRefreshRefillsWhenTheSystemGrantsIt() throws {
        var phone = try phone(.backgroundRefresh)
        try launchTen(&phone)
        #expect(phone.scheduledRefresh == minutes(60))
        phone.advance(to: minutes(200))
        #expect(phone.snapshots.map(\.reason) == [.launch, .backgroundRefresh, .backgroundRefresh, .backgroundRefresh])
        #expect(phone.snapshots.map(\.at) == [.zero, minutes(60), minutes(120), minutes(180)])
        #expect(phone.missed.map(\.owner) == ["i14", "i15", "i16", "i20"])
    }

    /// Rule S6: a refresh whose task the system terminates refills nothing and asks for no next
    /// refresh; the next app run asks again.
    @Test func anOverrunningRefreshIsTerminatedAndAsksForNoNextRefresh() throws {
        var phone = try phone(.backgroundRefresh)
        // Over the limit while the app wants more than 3 reminders.
        phone.backgroundTask = { wanted in
            wanted > 3 ? .terminated(code: "0xc51bad01", detail: "\(wanted) reminders") : .completed
        }
        try launchTen(&phone)
        let pendingBefore = phone.center.pendingRequests()
        phone.advance(to: minutes(60))
        #expect(phone.terminations.map(\.code) == ["0xc51bad01"])
        #expect(phone.terminations.map(\.detail) == ["4 reminders"], "i11…i16 came due by +60m: i17…i20 wanted")
        #expect(phone.terminations.map(\.at) == [minutes(60)])
        #expect(phone.scheduledRefresh == nil, "a terminated task asks for no next refresh")
        #expect(phone.snapshots.last?.backgroundTask == .terminated(code: "0xc51bad01", detail: "4 reminders"))
        #expect(phone.snapshots.last?.added == 0)
        #expect(phone.center.pendingRequests().count == 0, "the window ran dry and nothing was added")
        #expect(pendingBefore.count == 3)
        phone.advance(to: minutes(90))
        #expect(phone.snapshots.count == 2, "no refresh without a request")
        #expect(phone.missed.map(\.owner) == ["i14", "i15", "i16", "i17", "i18", "i19"])
        try phone.run(at: minutes(95), reason: .foreground)
        #expect(phone.scheduledRefresh == minutes(155), "the next run asks again")
        phone.advance(to: minutes(160))
        #expect(phone.snapshots.last?.backgroundTask == .completed, "one reminder wanted: within the budget")
        #expect(phone.terminations.count == 1)
    }

    @Test func theRefreshBudgetSpacesAndCapsGrants() {
        var budget = BackgroundRefreshBudget(perHour: 2, minimumSpacing: 900)
        #expect(budget.grantTime(earliest: minutes(0)) == minutes(0))
        budget.recordGrant(at: minutes(0))
        #expect(budget.grantTime(earliest: minutes(5)) == minutes(15), "at least 15 minutes apart")
        budget.recordGrant(at: minutes(15))
        #expect(budget.grantTime(earliest: minutes(30)) == minutes(60), "at most two in any hour")
    }

    @Test func windowSizeOneCannotHoldANotice() {
        #expect(throws: SchedulerConfigurationError.windowSize(1)) {
            try SchedulerConfiguration(mode: .overflowNotice, windowSize: 1)
        }
    }
}
