#if canImport(UserNotifications)
    import Foundation
    import UserNotifications

    /// ``AsyncNotificationCenter`` over `UNUserNotificationCenter.current()`: maps the library's
    /// requests to `UNNotificationRequest` (title, body, badge, category, thread, the item identifier
    /// in `userInfo`, a calendar trigger) and back. Not compiled on Linux; checked against Apple's
    /// documentation (pages under https://developer.apple.com/documentation/usernotifications/).
    ///
    /// `@unchecked Sendable`: the adapter's stored properties are immutable, and it only calls
    /// `UNUserNotificationCenter` methods that take `@Sendable` completion handlers.
    public final class UserNotificationCenterAdapter: AsyncNotificationCenter, @unchecked Sendable {
        /// The `userInfo` key of the item identifier.
        public static let itemIdentifierKey = "itemID"

        private let center: UNUserNotificationCenter
        private let calendar: Calendar
        private let body: @Sendable (NotificationRequest) -> String

        /// Creates the adapter.
        ///
        /// - Parameters:
        ///   - center: `UNUserNotificationCenter.current()` (iOS 10, watchOS 3, macOS 10.14).
        ///   - calendar: the calendar and time zone of the trigger's date components.
        ///   - body: the body text of a request (default: none).
        public init(
            center: UNUserNotificationCenter = .current(), calendar: Calendar = .current,
            body: @escaping @Sendable (NotificationRequest) -> String = { _ in "" }
        ) {
            self.center = center
            self.calendar = calendar
            self.body = body
        }

        /// `add(_:) async throws` (…/unusernotificationcenter/add(_:withcompletionhandler:)).
        public func add(_ request: NotificationRequest) async throws {
            try await center.add(systemRequest(for: request))
        }

        /// `removePendingNotificationRequests(withIdentifiers:)`
        /// (…/unusernotificationcenter/removependingnotificationrequests(withidentifiers:)).
        public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) async {
            center.removePendingNotificationRequests(withIdentifiers: identifiers)
        }

        /// `pendingNotificationRequests() async`
        /// (…/unusernotificationcenter/getpendingnotificationrequests(completionhandler:)).
        public func pendingNotificationRequests() async -> [NotificationRequest] {
            let requests: [UNNotificationRequest] = await center.pendingNotificationRequests()
            return requests.map(libraryRequest(for:))
        }

        /// `setBadgeCount(_:) async throws` (iOS 16, macOS 13; …/setbadgecount(_:withcompletionhandler:)).
        /// watchOS has no app icon badge: nothing is set there.
        public func setBadgeCount(_ newBadgeCount: Int) async throws {
            #if !os(watchOS)
                try await center.setBadgeCount(newBadgeCount)
            #endif
        }

        /// `notificationSettings() async` (…/getnotificationsettings(completionhandler:)): its
        /// `authorizationStatus` and `badgeSetting` (…/unnotificationsettings/badgesetting; not on watchOS).
        public func notificationSettings() async -> NotificationSettings {
            let settings = await center.notificationSettings()
            let authorization: NotificationAuthorization
            switch settings.authorizationStatus {
            case .authorized: authorization = .authorized
            case .provisional: authorization = .provisional
            case .denied: authorization = .denied
            case .notDetermined: authorization = .notDetermined
            #if os(iOS)
                case .ephemeral: authorization = .provisional
            #endif
            @unknown default: authorization = .denied
            }
            #if os(watchOS)
                return NotificationSettings(authorization: authorization, badges: .notSupported)
            #else
                let badges: NotificationSettings.Setting
                switch settings.badgeSetting {
                case .enabled: badges = .enabled
                case .disabled: badges = .disabled
                case .notSupported: badges = .notSupported
                @unknown default: badges = .disabled
                }
                return NotificationSettings(authorization: authorization, badges: badges)
            #endif
        }

        /// `setNotificationCategories(_:)` (…/unusernotificationcenter/setnotificationcategories(_:)),
        /// each made with `UNNotificationCategory(identifier:actions:intentIdentifiers:options:)` and
        /// `UNNotificationAction(identifier:title:options:)` (iOS 10, watchOS 3, macOS 10.14).
        public func setNotificationCategories(_ categories: Set<NotificationCategory>) async {
            let system = categories.map { category in
                UNNotificationCategory(
                    identifier: category.identifier,
                    actions: category.actions.map { action in
                        UNNotificationAction(
                            identifier: action.identifier, title: action.title,
                            options: action.opensApp ? [.foreground] : [])
                    },
                    intentIdentifiers: [], options: [])
            }
            center.setNotificationCategories(Set(system))
        }

        /// The system request: `UNMutableNotificationContent` (title, body, badge as `NSNumber?`,
        /// categoryIdentifier, threadIdentifier, userInfo) and `UNCalendarNotificationTrigger(dateMatching:repeats:)`
        /// (…/uncalendarnotificationtrigger/init(datematching:repeats:)) at the fire date's components.
        private func systemRequest(for request: NotificationRequest) -> UNNotificationRequest {
            let content = UNMutableNotificationContent()
            content.title = request.content.title
            content.body = body(request)
            content.badge = request.content.badge.map { NSNumber(value: $0) }
            content.categoryIdentifier = request.content.categoryIdentifier
            content.threadIdentifier = request.content.categoryIdentifier
            if let item = request.content.itemID { content.userInfo = [Self.itemIdentifierKey: item] }
            let components: Set<Calendar.Component> = [.year, .month, .day, .hour, .minute, .second]
            let trigger: UNCalendarNotificationTrigger
            switch request.trigger {
            case .once(let time):
                trigger = UNCalendarNotificationTrigger(
                    dateMatching: calendar.dateComponents(components, from: time.date), repeats: false)
            case .repeating(let start, _):
                // The reconciler schedules one-shots only; a repeating request keeps its first date.
                trigger = UNCalendarNotificationTrigger(
                    dateMatching: calendar.dateComponents(components, from: start.date), repeats: false)
            }
            return UNNotificationRequest(identifier: request.identifier, content: content, trigger: trigger)
        }

        /// The library's view of a pending request (foreign ones included: only their identifier matters).
        private func libraryRequest(for request: UNNotificationRequest) -> NotificationRequest {
            let content = request.content
            let fire: Date?
            switch request.trigger {
            case let calendarTrigger as UNCalendarNotificationTrigger:
                fire = calendar.date(from: calendarTrigger.dateComponents)
            case let intervalTrigger as UNTimeIntervalNotificationTrigger:
                fire = intervalTrigger.nextTriggerDate()
            default:
                fire = nil
            }
            return NotificationRequest(
                identifier: request.identifier,
                content: NotificationContent(
                    title: content.title, badge: content.badge?.intValue,
                    categoryIdentifier: content.categoryIdentifier,
                    itemID: content.userInfo[Self.itemIdentifierKey] as? String),
                trigger: .once(at: ReminderTime(fire ?? .distantFuture)))
        }
    }
#endif
