import Testing

@testable import ReminderScheduling

/// The numbered rules of `docs/reminders.md` that the library holds, one test (or more) per rule.
/// Each test name is the one the rule cites.
@Suite struct ReminderRulesTests {
    private func phone(
        window: Int = 60, mode: SchedulingMode = .windowed,
        policy: RepeatingBadgePolicy = .separateCarrier
    ) throws -> ReminderHarness {
        let configuration = try SchedulerConfiguration(mode: mode, windowSize: window, repeatingBadgePolicy: policy)
        return ReminderHarness(configuration: configuration, start: .zero)
    }

    private func pending(_ phone: ReminderHarness) -> [String] {
        phone.center.pendingRequests().map(\.identifier)
    }

    private func pendingBadges(_ phone: ReminderHarness) -> [Int?] {
        phone.center.pendingRequests().map(\.content.badge)
    }

    // MARK: - Rule: every occurrence that comes due while not pending is a miss

    @Test func everyRepeatingOccurrenceOutsideTheWindowIsMissed() throws {
        var phone = try phone(window: 1, policy: .noBadge)
        try phone.run(at: .zero, reason: .launch) { (s) throws(ReminderSchedulerError) in
            s.setItem("a", due: minutes(30), now: .zero)
            try s.addRepeating(
                RepeatingReminder(id: "hourly", title: "Hourly", start: minutes(60), interval: 3_600), now: .zero)
        }
        #expect(pending(phone) == ["item:a"], "W = 1 keeps the item; the repeating reminder is held")
        // The simulator wakes at every fire date it knows of, then once at the end.
        for minute: Int64 in [30, 60, 61, 300] { phone.advance(to: minutes(minute)) }
        #expect(phone.deliveries.map(\.identifier) == ["item:a"])
        #expect(phone.missed.map(\.due) == [minutes(60), minutes(120), minutes(180), minutes(240), minutes(300)])
        #expect(phone.missed.allSatisfy { $0.identifier == "repeat:hourly" })
    }

    @Test func everyRepeatingOccurrenceAfterTheLastRunIsMissedWhenNotPending() throws {
        var phone = try phone(window: 1, policy: .noBadge)
        try phone.run(at: .zero, reason: .launch) { (s) throws(ReminderSchedulerError) in
            s.setItem("a", due: minutes(30), now: .zero)
            try s.addRepeating(
                RepeatingReminder(id: "hourly", title: "Hourly", start: minutes(60), interval: 3_600), now: .zero)
        }
        phone.advance(to: minutes(600))
        #expect(phone.missed.count == 10, "one miss per hourly occurrence from +1h to +10h")
    }

    @Test func aPendingRepeatingRequestIsNeverMissed() throws {
        var phone = try phone(window: 2, policy: .noBadge)
        try phone.run(at: .zero, reason: .launch) { (s) throws(ReminderSchedulerError) in
            try s.addRepeating(
                RepeatingReminder(id: "hourly", title: "Hourly", start: minutes(60), interval: 3_600), now: .zero)
        }
        for minute: Int64 in [60, 120, 180, 200] { phone.advance(to: minutes(minute)) }
        #expect(phone.deliveries.count == 3)
        #expect(phone.missed.isEmpty)
    }

    // MARK: - Rule: a completed item is never re-armed by a due-date change

    @Test func setDueOnACompletedItemDoesNotRearmIt() throws {
        var phone = try phone()
        try phone.run(at: .zero, reason: .launch) { s in
            s.setItem("a", due: minutes(10), now: .zero)
            s.setItem("b", due: minutes(20), now: .zero)
        }
        try phone.run(at: minutes(1), reason: .watchMessage) { (s) throws(ReminderSchedulerError) in
            try s.complete("a", now: minutes(1))
        }
        try phone.run(at: minutes(2), reason: .foreground) { s in s.setItem("a", due: minutes(15), now: minutes(2)) }
        #expect(pending(phone) == ["item:b"])
        #expect(pendingBadges(phone) == [1], "the badge counts incomplete items only")
        #expect(phone.scheduler.state(of: "a") == .completed(due: minutes(15)))
        phone.advance(to: minutes(30))
        #expect(phone.deliveries.map(\.identifier) == ["item:b"])
        #expect(phone.deliveries.map(\.appBadge) == [1])
    }

    @Test func reopeningACompletedItemArmsItWithItsLastDueDate() throws {
        var phone = try phone()
        try phone.run(at: .zero, reason: .launch) { s in s.setItem("a", due: minutes(10), now: .zero) }
        try phone.run(at: minutes(1), reason: .watchMessage) { (s) throws(ReminderSchedulerError) in
            try s.complete("a", now: minutes(1))
        }
        try phone.run(at: minutes(2), reason: .watchMessage) { (s) throws(ReminderSchedulerError) in
            try s.reopen("a", now: minutes(2))
        }
        #expect(pending(phone) == ["item:a"])
        #expect(pendingBadges(phone) == [1])
    }

    // MARK: - Rule: a notification action always runs the app

    @Test func snoozeOnACompletedItemStillRunsTheAppAndRefills() throws {
        var phone = try phone(window: 1)
        try phone.run(at: .zero, reason: .launch) { s in
            s.setItem("a", due: minutes(10), now: .zero)
            s.setItem("b", due: minutes(40), now: .zero)
        }
        // a fires at +10m; the user completes it on the watch (the phone hears of it at +12m) …
        try phone.run(at: minutes(12), reason: .watchMessage) { (s) throws(ReminderSchedulerError) in
            try s.complete("a", now: minutes(12))
        }
        // … then taps "remind me in 30 minutes" on the stale notification at +20m.
        let outcome = try phone.respond(to: "item:a", with: .snooze, at: minutes(20))
        #expect(outcome == .ignoredCompleted)
        #expect(phone.snapshots.map(\.reason) == [.launch, .watchMessage, .notificationAction])
        #expect(pending(phone) == ["item:b"])
        phone.advance(to: minutes(60))
        #expect(phone.missed.isEmpty)
    }

    @Test func anActionRunsTheAppEvenWhenItChangesNothing() throws {
        var phone = try phone(window: 1)
        try phone.run(at: .zero, reason: .launch) { s in
            s.setItem("a", due: minutes(10), now: .zero)
            s.setItem("b", due: minutes(40), now: .zero)
        }
        phone.advance(to: minutes(11))
        #expect(pending(phone).isEmpty, "W = 1: b is held until the app runs")
        try phone.respond(to: "item:a", with: .complete, at: minutes(12))
        #expect(pending(phone) == ["item:b"])
        let again = try phone.respond(to: "item:a", with: .complete, at: minutes(13))
        #expect(again == .ignoredCompleted)
        #expect(phone.snapshots.count == 3)
    }

    // MARK: - Rule: naive mode schedules once, with badges fixed then, and never re-adds

    @Test func naiveRelaunchDoesNotReaddDroppedRequests() throws {
        var phone = try phone(mode: .naive)
        try phone.run(at: .zero, reason: .launch) { s in
            for index in 1...70 { s.setItem("i" + String(100 + index), due: minutes(Int64(10 * index)), now: .zero) }
        }
        #expect(phone.center.pendingCount == 64)
        let dropped = phone.center.drops.count
        let report = try phone.run(at: minutes(5), reason: .launch)
        #expect(report.added == 0 && report.removed == 0, "naive: nothing is re-added on a relaunch")
        #expect(phone.center.drops.count == dropped)
        #expect(pending(phone).first == "item:i107", "the six soonest stay dropped (most recently added kept)")
    }

    @Test func naiveRelaunchDoesNotReaddAFiredRepeatingRequest() throws {
        var phone = try phone(mode: .naive)
        try phone.run(at: .zero, reason: .launch) { (s) throws(ReminderSchedulerError) in
            try s.addRepeating(
                RepeatingReminder(id: "hourly", title: "Hourly", start: minutes(60), interval: 3_600), now: .zero)
            for index in 1...63 { s.setItem("i" + String(100 + index), due: minutes(Int64(600 + index)), now: .zero) }
        }
        #expect(phone.center.pendingCount == 64)
        let report = try phone.run(at: minutes(90), reason: .launch)
        #expect(report.added == 0, "the repeating request is still pending in the system")
        #expect(phone.center.drops.isEmpty)
        #expect(phone.center.pendingCount == 64)
    }

    @Test func naiveBadgesAreFixedAtSchedulingTime() throws {
        var phone = try phone(mode: .naive)
        try phone.run(at: .zero, reason: .launch) { s in
            s.setItem("a", due: minutes(10), now: .zero)
            s.setItem("b", due: minutes(20), now: .zero)
        }
        try phone.run(at: minutes(1), reason: .foreground) { (s) throws(ReminderSchedulerError) in
            try s.complete("a", now: minutes(1))
            s.setItem("c", due: minutes(15), now: minutes(1))
        }
        #expect(pending(phone) == ["item:c", "item:b"])
        #expect(pendingBadges(phone) == [1, 2], "c is counted when scheduled; b keeps the 2 it got at launch")
    }

    // MARK: - Rule: removing an item cancels its reminders

    @Test func removingAnItemCancelsItsPendingAndHeldReminders() throws {
        var phone = try phone(window: 2)
        try phone.run(at: .zero, reason: .launch) { s in
            s.setItem("a", due: minutes(10), now: .zero)
            s.setItem("b", due: minutes(20), now: .zero)
            s.setItem("c", due: minutes(30), now: .zero)
            s.setItem("d", due: minutes(40), now: .zero)
        }
        #expect(pending(phone) == ["item:a", "item:b"])
        try phone.run(at: minutes(5), reason: .foreground) { (s) throws(ReminderSchedulerError) in
            try s.snooze("a", now: minutes(5))
            s.removeItem("a", now: minutes(5))
            s.removeItem("d", now: minutes(5))
        }
        #expect(pending(phone) == ["item:b", "item:c"], "a's reminder and snooze are gone, d is no longer held")
        #expect(pendingBadges(phone) == [1, 2], "a removed item never counts")
        #expect(phone.scheduler.heldCount == 0)
        #expect(phone.scheduler.state(of: "a") == .removed)
        phone.advance(to: minutes(60))
        #expect(phone.deliveries.map(\.identifier) == ["item:b", "item:c"])
        #expect(phone.missed.isEmpty, "a removed item is not missed either")
    }

    @Test func removingAnOverdueItemLowersTheAppBadgeAndAnActionOnItIsIgnored() throws {
        var phone = try phone()
        try phone.run(at: .zero, reason: .launch) { s in
            s.setItem("a", due: minutes(10), now: .zero)
            s.setItem("b", due: minutes(20), now: .zero)
        }
        phone.advance(to: minutes(15))
        #expect(phone.center.badge == 1)
        try phone.run(at: minutes(16), reason: .foreground) { s in s.removeItem("a", now: minutes(16)) }
        #expect(phone.center.badge == 0)
        #expect(pendingBadges(phone) == [1])
        let outcome = try phone.respond(to: "item:a", with: .complete, at: minutes(17))
        #expect(outcome == .ignoredRemoved)
        try phone.run(at: minutes(18), reason: .foreground) { s in
            s.setItem("a", due: minutes(25), now: minutes(18))
        }
        #expect(pending(phone) == ["item:b"], "a removed item's due date cannot be set")
        try phone.run(at: minutes(19), reason: .foreground) { s in s.restore("a", due: minutes(25), now: minutes(19)) }
        #expect(pending(phone) == ["item:b", "item:a"])
        #expect(pendingBadges(phone) == [1, 2])
    }

    // MARK: - Issue #33: rules the code broke, and the questions the docs left open

    /// R9: with notifications not determined, every reminder is missed as not authorized — also
    /// those the window would have held (there is no window to be outside of).
    @Test func unauthorizedMissesAreNotAuthorizedEvenWhenHeld() throws {
        for status in [NotificationAuthorization.notDetermined, .denied] {
            let configuration = try SchedulerConfiguration(windowSize: 1)
            var phone = ReminderHarness(
                configuration: configuration, rules: PlatformRules(authorization: status), start: .zero)
            try phone.run(at: .zero, reason: .launch) { s in
                s.setItem("a", due: minutes(10), now: .zero)
                s.setItem("b", due: minutes(20), now: .zero)
            }
            phone.advance(to: minutes(30))
            #expect(phone.missed.map(\.identifier) == ["item:a", "item:b"])
            #expect(phone.missed.allSatisfy { $0.reason == .notAuthorized(status) }, "\(phone.missed.map(\.reason))")
        }
    }

    /// R1: the missed list is in due order, one-shots and repeating occurrences together.
    @Test func theMissedListIsInDueOrderWithRepeats() throws {
        var phone = try phone(window: 1, policy: .noBadge)
        try phone.run(at: .zero, reason: .launch) { (s) throws(ReminderSchedulerError) in
            s.setItem("a", due: minutes(5), now: .zero)
            s.setItem("b", due: minutes(90), now: .zero)
            try s.addRepeating(
                RepeatingReminder(id: "hourly", title: "Hourly", start: minutes(60), interval: 3_600), now: .zero)
        }
        phone.advance(to: minutes(150))
        #expect(phone.missed.map(\.identifier) == ["repeat:hourly", "item:b", "repeat:hourly"])
        #expect(phone.missed.map(\.due) == [minutes(60), minutes(90), minutes(120)])
    }

    /// R14 (and the open question of what "different" means for a repeating request): a launch
    /// does not re-add a repeating request that already fired and is still pending.
    @Test func launchDoesNotReaddARepeatingRequestThatFired() throws {
        var phone = try phone(policy: .noBadge)
        try phone.run(at: .zero, reason: .launch) { (s) throws(ReminderSchedulerError) in
            try s.addRepeating(
                RepeatingReminder(id: "hourly", title: "Hourly", start: minutes(60), interval: 3_600), now: .zero)
        }
        phone.advance(to: minutes(150))
        #expect(phone.deliveries.count == 2)
        let report = try phone.run(at: minutes(150), reason: .launch)
        #expect(report.added == 0, "the pending repeating request is the one wanted")
        #expect(report.removed == 0)
    }

    /// R4: a naive app counts a badge when it schedules the reminder; a change made in the same
    /// run, before the reminder is sent, counts.
    @Test func naiveCountsTheBadgeWhenItSchedules() throws {
        var phone = try phone(mode: .naive)
        try phone.run(at: .zero, reason: .launch) { s in
            s.load([("a", minutes(100)), ("b", minutes(200))], now: .zero)
            s.setItem("b", due: minutes(50), now: .zero)
        }
        #expect(pendingBadges(phone) == [1, 2])
    }

    /// R13, R15 (open question): a naive app never sets the app badge, so removing an overdue
    /// item leaves it as the last notification set it.
    @Test func naiveKeepsTheAppBadgeWhenAnOverdueItemIsRemoved() throws {
        var phone = try phone(mode: .naive)
        try phone.run(at: .zero, reason: .launch) { s in s.setItem("a", due: minutes(10), now: .zero) }
        phone.advance(to: minutes(15))
        #expect(phone.center.badge == 1)
        try phone.run(at: minutes(16), reason: .foreground) { s in s.removeItem("a", now: minutes(16)) }
        #expect(phone.center.badge == 1)
    }

    /// R17 (open question): `pendingMax` counts what the system keeps, after it drops the excess.
    @Test func pendingMaxCountsWhatTheSystemKeeps() throws {
        var phone = try phone(mode: .naive)
        try phone.run(at: .zero, reason: .launch) { s in
            for index in 0..<70 { s.setItem("item\(index)", due: minutes(Int64(10 + index)), now: .zero) }
        }
        #expect(phone.pendingMax == 64)
        #expect(phone.requestsSent == 70)
    }

    /// S6 (open question): a background task's cost counts every reminder the app wants, badge
    /// carriers included, and not what fired before the task started.
    @Test func theTaskCostCountsBadgeCarriersAndNotWhatFired() throws {
        var phone = try phone(policy: .separateCarrier)
        try phone.run(at: .zero, reason: .launch) { (s) throws(ReminderSchedulerError) in
            s.setItem("a", due: minutes(10), now: .zero)
            s.setItem("b", due: minutes(100), now: .zero)
            try s.addRepeating(
                RepeatingReminder(id: "daily", title: "Daily", start: minutes(60), interval: 86_400), now: .zero)
        }
        #expect(phone.scheduler.wantedCount == 4, "a, b, the repeating reminder and its carrier")
        #expect(phone.scheduler.wantedCount(at: minutes(70)) == 3, "a fired; the repeating pair moved on")
    }

    /// S6: a terminated background task changes nothing, not even which reminders the window
    /// holds: one held then and due before the next run is missed as outside the window.
    @Test func aTerminatedRefreshLeavesTheWindowAsItWas() throws {
        var phone = try phone(window: 1)
        phone.backgroundTask = { _ in .terminated(code: "0xc51bad02", detail: "too long") }
        try phone.run(at: .zero, reason: .launch) { s in
            s.setItem("a", due: minutes(10), now: .zero)
            s.setItem("b", due: minutes(100), now: .zero)
        }
        phone.refreshInBackground(at: minutes(20))
        phone.advance(to: minutes(120))
        #expect(phone.missed.map(\.identifier) == ["item:b"])
        if case .outsideWindow = phone.missed.first?.reason {
        } else {
            Issue.record("expected outsideWindow, found \(String(describing: phone.missed.first?.reason))")
        }
    }
}
