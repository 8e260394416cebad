import Foundation
import ReminderScheduling

/// Shared fixtures of the app-API tests: a UTC calendar, a fixed start and item builders.
enum AppFixture {
    /// 2027-01-15 08:00:00 UTC.
    static let start = ReminderTime(seconds: 1_800_000_000 - 1_800_000_000 % 3_600)

    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }

    /// `count` items due every `spacing` minutes from `start + firstMinute`.
    static func items(_ count: Int, firstMinute: Int64 = 10, spacing: Int64 = 30) -> [ReminderItem] {
        (0..<count).map { index in
            ReminderItem(
                id: "i\(index)", title: "Item \(index)",
                due: (start + (firstMinute + Int64(index) * spacing) * 60).date)
        }
    }

    /// What the plan must be, computed independently of the scheduler: the soonest `window` open items
    /// due after `now`, by (due, id), each with the number of open items due at or before it.
    static func expectedPlan(
        _ items: [ReminderItem], now: ReminderTime, window: Int, prefix: String = "reminders.",
        settings: NotificationSettings = .authorized
    ) -> [NotificationRequest] {
        guard settings.authorization.allowsDelivery, window >= 1 else { return [] }
        let open = items.filter { !$0.isDone }
        let upcoming = open.filter { ReminderTime($0.due) > now }
            .sorted { (ReminderTime($0.due), $0.id) < (ReminderTime($1.due), $1.id) }
        return upcoming.prefix(window).map { item in
            let fire = ReminderTime(item.due)
            let badge = open.count { ReminderTime($0.due) <= fire }
            return NotificationRequest(
                identifier: prefix + "item:" + item.id,
                content: NotificationContent(
                    title: item.title, badge: settings.allowsBadges ? badge : nil, categoryIdentifier: "reminder",
                    itemID: item.id),
                trigger: .once(at: fire))
        }
    }

    /// The number of open items due at or before `time`.
    static func overdue(_ items: [ReminderItem], at time: ReminderTime) -> Int {
        items.count { !$0.isDone && ReminderTime($0.due) <= time }
    }
}

extension RecordingNotificationCenter {
    /// The pending requests the reconciler owns.
    func owned(prefix: String = "reminders.") -> Set<NotificationRequest> {
        Set(pending.filter { $0.identifier.hasPrefix(prefix) })
    }
}

/// A center that yields before every call, so that two reconciles would interleave at each call if
/// nothing kept them apart.
struct YieldingCenter: AsyncNotificationCenter {
    let base: RecordingNotificationCenter

    func add(_ request: NotificationRequest) async throws {
        await Task.yield()
        try await base.add(request)
    }

    func removePendingNotificationRequests(withIdentifiers identifiers: [String]) async {
        await Task.yield()
        await base.removePendingNotificationRequests(withIdentifiers: identifiers)
    }

    func pendingNotificationRequests() async -> [NotificationRequest] {
        await Task.yield()
        return await base.pendingNotificationRequests()
    }

    func setBadgeCount(_ newBadgeCount: Int) async throws {
        await Task.yield()
        try await base.setBadgeCount(newBadgeCount)
    }

    func notificationSettings() async -> NotificationSettings {
        await Task.yield()
        return await base.notificationSettings()
    }

    func setNotificationCategories(_ categories: Set<NotificationCategory>) async {
        await base.setNotificationCategories(categories)
    }
}
