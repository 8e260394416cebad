import Testing

@testable import ReminderScheduling

/// The simulated system's rules by API and setting (`docs/reminders.md`, rules P1–P8).
@Suite struct PlatformRulesTests {
    private func request(_ id: String, at minute: Int64, badge: Int? = nil) -> NotificationRequest {
        NotificationRequest(
            identifier: id, content: NotificationContent(title: id, badge: badge), trigger: .once(at: minutes(minute)))
    }

    @Test func legacyBadgeOfZeroLeavesTheAppBadge() throws {
        var legacy = SimulatedNotificationCenter(now: .zero, rules: PlatformRules(api: .legacy))
        var modern = SimulatedNotificationCenter(now: .zero, rules: PlatformRules(api: .userNotifications))
        for id in ["a", "b"] {
            try legacy.add(request(id, at: id == "a" ? 1 : 2, badge: id == "a" ? 3 : 0))
            try modern.add(request(id, at: id == "a" ? 1 : 2, badge: id == "a" ? 3 : 0))
        }
        #expect(legacy.advance(to: minutes(5)).map(\.badgeAfter) == [3, 3], "legacy: 0 means no change")
        #expect(modern.advance(to: minutes(5)).map(\.badgeAfter) == [3, 0], "UserNotifications: 0 clears")
    }

    @Test func legacyAcceptsANegativeBadgeAsNoChange() throws {
        var legacy = SimulatedNotificationCenter(now: .zero, rules: PlatformRules(api: .legacy))
        try legacy.add(request("a", at: 1, badge: -1))
        #expect(legacy.advance(to: minutes(2)).map(\.badgeAfter) == [0])
        var modern = SimulatedNotificationCenter(now: .zero)
        #expect(throws: NotificationRequestError.negativeBadge(identifier: "a", badge: -1)) {
            try modern.add(request("a", at: 1, badge: -1))
        }
    }

    @Test(arguments: [(Int64(5_400), false), (60, true), (3_600, true), (86_400, true), (604_800, true), (120, false)])
    func legacyRepeatsOnlyByCalendarUnit(seconds: Int64, allowed: Bool) throws {
        var legacy = SimulatedNotificationCenter(now: .zero, rules: PlatformRules(api: .legacy))
        let repeating = NotificationRequest(
            identifier: "r", content: NotificationContent(title: "r"),
            trigger: .repeating(start: minutes(1), interval: seconds))
        if allowed {
            try legacy.add(repeating)
            #expect(legacy.pendingCount == 1)
        } else {
            #expect(throws: NotificationRequestError.repeatIntervalNotACalendarUnit(identifier: "r", seconds: seconds))
            {
                try legacy.add(repeating)
            }
        }
        var modern = SimulatedNotificationCenter(now: .zero)
        try modern.add(repeating)
        #expect(modern.pendingCount == 1, "UserNotifications: any interval of 60 s or more")
    }

    @Test func eachApiHasItsOwnDefaultRetention() {
        #expect(PlatformRules(api: .legacy).retention == .soonestFiring)
        #expect(PlatformRules(api: .userNotifications).retention == .mostRecentlyAdded)
        #expect(PlatformRules(api: .legacy, retention: .mostRecentlyAdded).retention == .mostRecentlyAdded)
    }

    @Test func legacyKeepsTheSoonestFiring64() throws {
        var legacy = SimulatedNotificationCenter(now: .zero, rules: PlatformRules(api: .legacy))
        for index in (1...100).reversed() { try legacy.add(request("n" + String(1_000 + index), at: Int64(index))) }
        #expect(legacy.pendingCount == 64)
        #expect(legacy.pendingRequests().first?.identifier == "n1001")
        #expect(legacy.pendingRequests().last?.identifier == "n1064")
    }

    @Test(arguments: [(IdentifierReplacement.inPlace, ["b", "c"]), (.newAddition, ["a", "c"])])
    func reAddingAnIdentifierKeepsOrRenewsItsPlace(replacement: IdentifierReplacement, kept: [String]) throws {
        var center = SimulatedNotificationCenter(
            now: .zero, rules: PlatformRules(limit: 2, retention: .mostRecentlyAdded, replacement: replacement))
        try center.add(request("a", at: 10))
        try center.add(request("b", at: 20))
        try center.add(request("a", at: 11))
        #expect(center.pendingCount == 2, "a replacement never changes the count")
        try center.add(request("c", at: 30))
        #expect(center.pendingRequests().map(\.identifier).sorted() == kept)
    }

    @Test func aRepeatingRequestTakesTheConfiguredSlots() throws {
        for (slots, kept) in [(1, 3), (2, 2)] {
            var center = SimulatedNotificationCenter(
                now: .zero, rules: PlatformRules(limit: 3, retention: .soonestFiring, repeatingSlots: slots))
            try center.add(
                NotificationRequest(
                    identifier: "r", content: NotificationContent(title: "r"),
                    trigger: .repeating(start: minutes(1), interval: 3_600)))
            try center.add(request("a", at: 10))
            try center.add(request("b", at: 20))
            #expect(center.pendingCount == kept, "repeatingSlots \(slots)")
            #expect(center.pendingSlots <= 3)
        }
    }

    @Test(arguments: [NotificationAuthorization.denied, .notDetermined])
    func anUnauthorizedAppSchedulesNothingAndSaysSo(status: NotificationAuthorization) throws {
        let configuration = try SchedulerConfiguration()
        var phone = ReminderHarness(
            configuration: configuration, rules: PlatformRules(authorization: status), start: .zero)
        let report = try phone.run(at: .zero, reason: .launch) { s in s.setItem("a", due: minutes(10), now: .zero) }
        #expect(report.blockedByAuthorization)
        #expect(report.added == 0)
        #expect(phone.center.pendingCount == 0)
        phone.advance(to: minutes(20))
        #expect(phone.deliveries.isEmpty)
        #expect(phone.missed.map(\.reason) == [.notAuthorized(status)])
    }

    @Test func provisionalDeliversQuietly() throws {
        let configuration = try SchedulerConfiguration()
        var phone = ReminderHarness(
            configuration: configuration, rules: PlatformRules(authorization: .provisional), start: .zero)
        try phone.run(at: .zero, reason: .launch) { s in s.setItem("a", due: minutes(10), now: .zero) }
        phone.advance(to: minutes(20))
        #expect(phone.deliveries.map(\.presentation) == [.quiet])
        #expect(phone.deliveries.map(\.appBadge) == [1])
    }

    @Test func grantingAuthorizationLaterSendsTheWholeWindow() throws {
        let configuration = try SchedulerConfiguration()
        var phone = ReminderHarness(
            configuration: configuration, rules: PlatformRules(authorization: .denied), start: .zero)
        try phone.run(at: .zero, reason: .launch) { s in s.setItem("a", due: minutes(10), now: .zero) }
        var center = phone.center
        center.setAuthorization(.authorized)
        var scheduler = phone.scheduler
        let report = try scheduler.refill(now: minutes(1), reason: .foreground, center: &center)
        #expect(report.added == 1)
        #expect(center.pendingRequests().map(\.identifier) == ["item:a"])
    }

    @Test func legacySchedulerRejectsARepeatingIntervalThatIsNotACalendarUnit() throws {
        var scheduler = ReminderScheduler(configuration: try SchedulerConfiguration(api: .legacy))
        #expect(
            throws: ReminderSchedulerError.rejected(
                .repeatIntervalNotACalendarUnit(identifier: "repeat:r", seconds: 5_400))
        ) {
            try scheduler.addRepeating(
                RepeatingReminder(id: "r", title: "r", start: minutes(1), interval: 5_400), now: .zero)
        }
        try scheduler.addRepeating(
            RepeatingReminder(id: "d", title: "d", start: minutes(1), interval: 86_400), now: .zero)
    }
}
