import Testing

@testable import ReminderScheduling

@Suite struct SimulatedNotificationCenterTests {
    private func request(_ id: String, at fire: ReminderTime, badge: Int? = nil) -> NotificationRequest {
        NotificationRequest(
            identifier: id, content: NotificationContent(title: id, badge: badge), trigger: .once(at: fire))
    }

    private func pad3(_ value: Int) -> String {
        String(repeating: "0", count: max(0, 3 - String(value).count)) + String(value)
    }

    /// The probe of PLATFORM.md §1.1: 100 requests added in an order different from their fire order.
    private func addHundred(to center: inout SimulatedNotificationCenter) throws {
        for index in 0..<100 {
            let fire = ReminderTime(seconds: Int64((index * 37) % 100 + 1) * 60)
            try center.add(request(pad3(index), at: fire))
        }
    }

    @Test func mostRecentlyAddedKeepsTheLast64AddedSilently() throws {
        var center = SimulatedNotificationCenter(now: .zero, retention: .mostRecentlyAdded)
        try addHundred(to: &center)
        #expect(center.pendingCount == 64)
        let kept = Set(center.pendingRequests().map(\.identifier))
        #expect(kept == Set((36..<100).map { pad3($0) }))
        #expect(center.drops.count == 36)
        #expect(center.drops.allSatisfy { $0.reason == .overLimit(.mostRecentlyAdded) })
    }

    @Test func soonestFiringKeepsThe64SoonestFiring() throws {
        var center = SimulatedNotificationCenter(now: .zero, retention: .soonestFiring)
        try addHundred(to: &center)
        #expect(center.pendingCount == 64)
        let fires = center.pendingRequests().compactMap { center.nextFireDate(of: $0.identifier) }
        #expect(fires == (1...64).map { ReminderTime(seconds: Int64($0) * 60) })
    }

    @Test func sameIdentifierReplacesInPlace() throws {
        var center = SimulatedNotificationCenter(now: .zero)
        try center.add(request("reminder", at: minutes(60)))
        try center.add(request("reminder", at: minutes(120)))
        #expect(center.pendingCount == 1)
        #expect(center.nextFireDate(of: "reminder") == minutes(120))
    }

    @Test func repeatingRequestCountsOnceAndKeepsFiring() throws {
        var center = SimulatedNotificationCenter(now: .zero, limit: 2)
        try center.add(
            NotificationRequest(
                identifier: "weekly", content: NotificationContent(title: "w"),
                trigger: .repeating(start: minutes(10), interval: 600)))
        try center.add(request("one", at: minutes(15)))
        #expect(center.pendingCount == 2)
        #expect(center.drops.isEmpty)
        let delivered = center.advance(to: minutes(35))
        #expect(delivered.map(\.request.identifier) == ["weekly", "one", "weekly", "weekly"])
        #expect(delivered.map(\.at) == [minutes(10), minutes(15), minutes(20), minutes(30)])
        #expect(center.pendingCount == 1)
    }

    @Test func oneShotInThePastIsDroppedSilently() throws {
        var center = SimulatedNotificationCenter(now: minutes(30))
        try center.add(request("late", at: minutes(10)))
        try center.add(request("now", at: minutes(30)))
        #expect(center.pendingCount == 0)
        #expect(center.drops.map(\.reason) == [.fireDatePassed, .fireDatePassed])
    }

    @Test(arguments: [Int64(0), 1, 59])
    func repeatingIntervalUnderOneMinuteIsAnError(seconds: Int64) {
        var center = SimulatedNotificationCenter(now: .zero)
        let request = NotificationRequest(
            identifier: "fast", content: NotificationContent(title: "f"),
            trigger: .repeating(start: minutes(1), interval: seconds))
        #expect(throws: NotificationRequestError.repeatIntervalTooShort(identifier: "fast", seconds: seconds)) {
            try center.add(request)
        }
        #expect(center.pendingCount == 0)
    }

    @Test func repeatingIntervalOfSixtySecondsIsAccepted() throws {
        var center = SimulatedNotificationCenter(now: .zero)
        try center.add(
            NotificationRequest(
                identifier: "minutely", content: NotificationContent(title: "m"),
                trigger: .repeating(start: minutes(1), interval: 60)))
        #expect(center.pendingCount == 1)
    }

    @Test func badgeNilLeavesZeroClearsPositiveSets() throws {
        var center = SimulatedNotificationCenter(now: .zero)
        try center.add(request("a", at: minutes(1), badge: 5))
        try center.add(request("b", at: minutes(2), badge: nil))
        try center.add(request("c", at: minutes(3), badge: 0))
        try center.add(request("d", at: minutes(4), badge: 2))
        let delivered = center.advance(to: minutes(10))
        #expect(delivered.map(\.badgeAfter) == [5, 5, 0, 2])
        #expect(center.badge == 2)
        center.setBadgeCount(0)
        #expect(center.badge == 0)
    }

    @Test func negativeBadgeIsAnError() {
        var center = SimulatedNotificationCenter(now: .zero)
        #expect(throws: NotificationRequestError.negativeBadge(identifier: "x", badge: -1)) {
            try center.add(request("x", at: minutes(1), badge: -1))
        }
    }

    @Test func deliveriesAtTheSameTimeAreOrderedByIdentifier() throws {
        var center = SimulatedNotificationCenter(now: .zero)
        for id in ["c", "a", "b"] { try center.add(request(id, at: minutes(5), badge: 1)) }
        #expect(center.advance(to: minutes(5)).map(\.request.identifier) == ["a", "b", "c"])
    }

    @Test func categoriesLimitActions() throws {
        let actions = (0..<11).map { NotificationAction(identifier: "a\($0)", title: "A\($0)") }
        #expect(throws: NotificationRequestError.tooManyActions(category: "big", count: 11, limit: 10)) {
            try NotificationCategory(identifier: "big", actions: actions)
        }
        let category = try NotificationCategory(identifier: "ok", actions: Array(actions.prefix(10)))
        #expect(category.visibleActions(on: .banner).count == 2)
        #expect(category.visibleActions(on: .expanded).count == 4)
        let reminder = ReminderAction.category(identifier: "reminder")
        #expect(reminder.visibleActions(on: .banner).map(\.identifier) == ["complete", "snooze"])
    }
}
