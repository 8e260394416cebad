import Testing

@testable import ReminderScheduling

@Suite struct ReminderSchedulerTests {
    private func phone(
        window: Int = 60, mode: SchedulingMode = .windowed,
        policy: RepeatingBadgePolicy = .separateCarrier
    ) throws -> ReminderHarness {
        let configuration = try SchedulerConfiguration(mode: mode, windowSize: window, repeatingBadgePolicy: policy)
        return ReminderHarness(configuration: configuration, start: .zero)
    }

    private func launch(_ phone: inout ReminderHarness, items: [(String, Int64)]) throws {
        try phone.run(at: .zero, reason: .launch) { scheduler in
            for (id, due) in items { scheduler.setItem(id, due: minutes(due), now: .zero) }
        }
    }

    private func pending(_ phone: ReminderHarness) -> [String] {
        phone.center.pendingRequests().map(\.identifier)
    }

    private func pendingBadges(_ phone: ReminderHarness) -> [Int?] {
        phone.center.pendingRequests().map(\.content.badge)
    }

    @Test func windowKeepsTheSoonestWAndHoldsTheRest() throws {
        var phone = try phone(window: 3)
        try launch(&phone, items: [("e", 50), ("a", 10), ("c", 30), ("b", 20), ("d", 40)])
        #expect(pending(phone) == ["item:a", "item:b", "item:c"])
        #expect(pendingBadges(phone) == [1, 2, 3])
        #expect(phone.scheduler.heldCount == 2)
    }

    @Test func refillTopsTheWindowUpAfterDeliveries() throws {
        var phone = try phone(window: 3)
        try launch(&phone, items: [("a", 10), ("b", 20), ("c", 30), ("d", 40), ("e", 50)])
        try phone.run(at: minutes(25), reason: .foreground)
        #expect(phone.deliveries.map(\.identifier) == ["item:a", "item:b"])
        #expect(phone.deliveries.map(\.appBadge) == [1, 2])
        #expect(pending(phone) == ["item:c", "item:d", "item:e"])
        #expect(pendingBadges(phone) == [3, 4, 5])
        #expect(phone.center.badge == 2, "the app sets the badge to the overdue count when it runs")
    }

    @Test func completingLowersOnlyLaterBadgesAndResendsOnlyThem() throws {
        var phone = try phone()
        try launch(&phone, items: [("a", 10), ("b", 20), ("c", 30), ("d", 40)])
        let report = try phone.run(at: minutes(5), reason: .watchMessage) {
            (scheduler) throws(ReminderSchedulerError) in
            try scheduler.complete("b", now: minutes(5))
        }
        #expect(report.removed == 1)
        #expect(report.added == 2, "c and d are re-sent with lower badges; a is untouched")
        #expect(pending(phone) == ["item:a", "item:c", "item:d"])
        #expect(pendingBadges(phone) == [1, 2, 3])
    }

    @Test func addingRaisesLaterBadges() throws {
        var phone = try phone()
        try launch(&phone, items: [("a", 10), ("b", 20), ("c", 30)])
        try phone.run(at: minutes(1), reason: .foreground) { $0.setItem("x", due: minutes(15), now: minutes(1)) }
        #expect(pending(phone) == ["item:a", "item:x", "item:b", "item:c"])
        #expect(pendingBadges(phone) == [1, 2, 3, 4])
    }

    @Test func itemAddedOverdueCountsInBadgesButIsNotReminded() throws {
        var phone = try phone()
        try launch(&phone, items: [("a", 10)])
        try phone.run(at: minutes(5), reason: .foreground) { $0.setItem("late", due: minutes(2), now: minutes(5)) }
        #expect(pending(phone) == ["item:a"])
        #expect(pendingBadges(phone) == [2])
        #expect(phone.center.badge == 1)
        #expect(phone.scheduler.overdue(at: minutes(5)).map(\.item) == ["late"])
    }

    @Test func snoozeRemindsThirtyMinutesLaterAndKeepsTheDueDate() throws {
        var phone = try phone()
        try launch(&phone, items: [("a", 10), ("b", 60)])
        try phone.respond(to: "item:a", with: .snooze, at: minutes(12))
        #expect(pending(phone) == ["snooze:a", "item:b"])
        #expect(pendingBadges(phone) == [1, 2])
        #expect(phone.scheduler.state(of: "a") == .open(due: minutes(10)))
        #expect(phone.scheduler.overdue(at: minutes(12)).map(\.item) == ["a"])
        phone.advance(to: minutes(61))
        #expect(phone.deliveries.map(\.identifier) == ["item:a", "snooze:a", "item:b"])
        #expect(phone.deliveries.map(\.at) == [minutes(10), minutes(42), minutes(60)])
    }

    @Test func completeActionRemovesTheItemEverywhere() throws {
        var phone = try phone()
        try launch(&phone, items: [("a", 10), ("b", 60)])
        try phone.respond(to: "item:a", with: .complete, at: minutes(11))
        #expect(phone.scheduler.state(of: "a") == .completed(due: minutes(10)))
        #expect(pendingBadges(phone) == [1])
        #expect(phone.center.badge == 0)
        phone.advance(to: minutes(61))
        #expect(phone.deliveries.map(\.appBadge) == [1, 1])
    }

    @Test func snoozeOfACompletedItemIsAnError() throws {
        var phone = try phone()
        try launch(&phone, items: [("a", 10)])
        try phone.respond(to: "item:a", with: .complete, at: minutes(11))
        #expect(throws: ReminderSchedulerError.itemCompleted("a")) {
            try phone.run(at: minutes(12), reason: .foreground) { (s) throws(ReminderSchedulerError) in
                try s.snooze("a", now: minutes(12))
            }
        }
        #expect(throws: ReminderSchedulerError.unknownItem("zzz")) {
            try phone.run(at: minutes(12), reason: .foreground) { (s) throws(ReminderSchedulerError) in
                try s.complete("zzz", now: minutes(12))
            }
        }
    }

    @Test func actionOnANotificationNotYetDeliveredIsAnError() throws {
        var phone = try phone()
        try launch(&phone, items: [("a", 10)])
        #expect(throws: ReminderSchedulerError.noActionableNotification("item:a", action: "complete")) {
            try phone.respond(to: "item:a", with: .complete, at: minutes(5))
        }
        #expect(phone.scheduler.state(of: "a") == .open(due: minutes(10)))
    }

    @Test func tiesAreOrderedByIdentifier() throws {
        var phone = try phone(window: 2)
        try launch(&phone, items: [("c", 10), ("b", 10), ("a", 10)])
        #expect(pending(phone) == ["item:a", "item:b"])
        #expect(pendingBadges(phone) == [3, 3])
    }

    @Test func missedWhenTheAppDoesNotRunInTime() throws {
        var phone = try phone(window: 2)
        try launch(&phone, items: [("a", 10), ("b", 20), ("c", 30)])
        phone.advance(to: minutes(40))
        #expect(phone.deliveries.map(\.identifier) == ["item:a", "item:b"])
        #expect(phone.missed.map(\.identifier) == ["item:c"])
        #expect(phone.missed.first?.reason == .outsideWindow(lastRun: .zero, windowEnd: minutes(20)))
        let report = try phone.run(at: minutes(41), reason: .backgroundRefresh)
        #expect(report.missed.map(\.key.identifier) == ["item:c"], "the scheduler notices the miss at its next run")
    }

    @Test func naiveModeLetsTheSystemDropTheExcessAndFixesBadges() throws {
        var phone = try phone(mode: .naive)
        try launch(&phone, items: (1...100).map { ("i" + String(1_000 + $0), Int64($0)) })
        #expect(phone.center.pendingCount == 64)
        #expect(phone.pendingMax == 64)
        try phone.run(at: minutes(0), reason: .foreground) { (s) throws(ReminderSchedulerError) in
            try s.complete("i1050", now: .zero)
        }
        phone.advance(to: minutes(200))
        #expect(phone.missed.count == 36)
        #expect(phone.missed.allSatisfy { $0.reason == .droppedBySystem(.overLimit(.mostRecentlyAdded), at: .zero) })
        #expect(phone.deliveries.first?.identifier == "item:i1037")
        #expect(phone.deliveries.last?.appBadge == 100, "fixed at scheduling: the completion is not reflected")
    }

    @Test func separateCarrierGivesTheRepeatingReminderABadge() throws {
        var phone = try phone(policy: .separateCarrier)
        try phone.run(at: .zero, reason: .launch) { (s) throws(ReminderSchedulerError) in
            s.setItem("a", due: minutes(30), now: .zero)
            s.setItem("b", due: minutes(90), now: .zero)
            try s.addRepeating(
                RepeatingReminder(id: "shop", title: "Shopping", start: minutes(60), interval: 3_600),
                now: .zero)
        }
        #expect(pending(phone) == ["item:a", "badge:shop", "repeat:shop", "item:b"])
        #expect(pendingBadges(phone) == [1, 1, nil, 2])
        try phone.run(at: minutes(61), reason: .foreground)
        #expect(pending(phone) == ["item:b", "badge:shop", "repeat:shop"])
        #expect(pendingBadges(phone) == [2, 2, nil])
        phone.advance(to: minutes(121))
        let shop = phone.deliveries.filter { $0.identifier.hasSuffix(":shop") }
        #expect(shop.map(\.identifier) == ["badge:shop", "repeat:shop", "badge:shop", "repeat:shop"])
        #expect(shop.map(\.appBadge) == [1, 1, 2, 2])
    }

    @Test func fixedBadgeOnARepeatingReminderGoesOutOfPhase() throws {
        var phone = try phone(policy: .fixedAtScheduling)
        try phone.run(at: .zero, reason: .launch) { (s) throws(ReminderSchedulerError) in
            s.setItem("a", due: minutes(90), now: .zero)
            try s.addRepeating(
                RepeatingReminder(id: "shop", title: "Shopping", start: minutes(60), interval: 3_600),
                now: .zero)
        }
        phone.advance(to: minutes(121))
        let shop = phone.deliveries.filter { $0.identifier == "repeat:shop" }
        #expect(shop.map(\.badge) == [0, 0], "the second occurrence repeats 0 although one item is overdue")
        #expect(phone.scheduler.badge(at: minutes(120)) == 1)
    }

    @Test func noBadgePolicyLeavesTheBadgeAlone() throws {
        var phone = try phone(policy: .noBadge)
        try phone.run(at: .zero, reason: .launch) { (s) throws(ReminderSchedulerError) in
            try s.addRepeating(
                RepeatingReminder(id: "shop", title: "Shopping", start: minutes(60), interval: 3_600),
                now: .zero)
        }
        #expect(pending(phone) == ["repeat:shop"])
        phone.advance(to: minutes(61))
        #expect(phone.deliveries.map(\.badge) == [nil])
    }

    @Test func repeatingIntervalUnderAMinuteIsRejected() throws {
        var scheduler = ReminderScheduler()
        #expect(throws: ReminderSchedulerError.rejected(.repeatIntervalTooShort(identifier: "repeat:r", seconds: 30))) {
            try scheduler.addRepeating(
                RepeatingReminder(id: "r", title: "r", start: minutes(1), interval: 30), now: .zero)
        }
    }

    @Test(arguments: [0, 65, -1])
    func windowSizeOutsideOneToSixtyFourIsAnError(size: Int) {
        #expect(throws: SchedulerConfigurationError.windowSize(size)) {
            try SchedulerConfiguration(windowSize: size)
        }
    }

    @Test func planReturnsTheEffectsInOrderWithoutTouchingASystem() throws {
        var scheduler = ReminderScheduler()
        scheduler.setItem("a", due: minutes(10), now: .zero)
        scheduler.setItem("b", due: minutes(20), now: .zero)
        _ = scheduler.plan(now: .zero, reason: .launch, systemPending: [])
        try scheduler.complete("a", now: minutes(1))
        let (effects, report) = scheduler.plan(now: minutes(1), reason: .watchMessage, systemPending: nil)
        let request = NotificationRequest(
            identifier: "item:b",
            content: NotificationContent(
                title: "b", badge: 1, categoryIdentifier: "reminder",
                itemID: "b"),
            trigger: .once(at: minutes(20)))
        #expect(effects == [.remove(["item:a"]), .add(request), .setBadge(0)])
        #expect(report.added == 1 && report.removed == 1)
    }

    @Test func launchReconcilesWithWhatTheSystemHolds() throws {
        var scheduler = ReminderScheduler()
        var center = SimulatedNotificationCenter(now: .zero)
        try center.add(
            NotificationRequest(
                identifier: "item:ghost", content: NotificationContent(title: "g"),
                trigger: .once(at: minutes(5))))
        scheduler.setItem("a", due: minutes(10), now: .zero)
        try scheduler.refill(now: .zero, reason: .launch, center: &center)
        #expect(center.pendingRequests().map(\.identifier) == ["item:a"])
    }
}
