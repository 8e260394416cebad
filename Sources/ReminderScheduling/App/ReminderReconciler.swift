#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Keeps the system's pending notifications equal to what the app's items want: the soonest W
/// reminders, each with the badge it must show when it fires (the number of open items overdue
/// then). Call ``reconcile(items:now:)`` at launch, at each background refresh and after each change.
///
/// Each reconcile trusts nothing it did before: it reads the settings and the pending list, plans
/// with ``ReminderScheduler`` (the planner the simulator runs), computes the smallest
/// ``PendingDiff`` and applies it. So it converges after anything — a refill cut short by the app
/// being killed, an `add` that threw, requests the system dropped, other code's requests (left alone;
/// they shrink the window so that everything fits in 64), a permission the user changed.
/// Reconciles never interleave: each waits for the previous one to finish.
///
/// ```swift
/// let reminders = ReminderReconciler(center: UserNotificationCenterAdapter())
/// await reminders.registerCategories()
/// let report = await reminders.reconcile(items: store.items, now: Date())
/// ```
public actor ReminderReconciler {
    /// The prefix of every identifier the reconciler schedules; pending requests without it are the
    /// app's own and are never removed.
    public nonisolated let identifierPrefix: String
    /// The notification category of reminders (its actions are ``ReminderAction``).
    public nonisolated let categoryIdentifier: String
    /// The calendar (and time zone) repeat rules are computed in.
    public nonisolated let calendar: Calendar
    /// The delay of "Remind me in 30 minutes", in seconds.
    public nonisolated let snoozeInterval: TimeInterval
    /// The configured window size W (at most 64).
    public nonisolated let maximumWindowSize: Int

    private let center: any AsyncNotificationCenter
    private var scheduler: ReminderScheduler
    /// The items as last given to the scheduler, by identifier.
    private var known: [String: ReminderItem] = [:]
    /// The latest moment seen (time never goes back for the scheduler).
    private var clock = ReminderTime(seconds: .min)
    /// The reconcile running or last run: the next one waits for it.
    private var running: Task<Void, Never>?

    /// Creates a reconciler.
    ///
    /// - Parameters:
    ///   - center: the notification center (``UserNotificationCenterAdapter`` in an app).
    ///   - windowSize: W, how many reminders to keep pending (clamped to 1…64; default 60 leaves room).
    ///   - calendar: the calendar repeat rules use (default: the current one, with its time zone).
    ///   - identifierPrefix: marks the requests this reconciler owns.
    ///   - categoryIdentifier: the category registered by ``registerCategories()``.
    public init(
        center: any AsyncNotificationCenter, windowSize: Int = SchedulerConfiguration.defaultWindowSize,
        calendar: Calendar = .current, identifierPrefix: String = "reminders.",
        categoryIdentifier: String = "reminder"
    ) {
        self.center = center
        self.calendar = calendar
        self.identifierPrefix = identifierPrefix
        self.categoryIdentifier = categoryIdentifier
        snoozeInterval = TimeInterval(SchedulerConfiguration.defaultSnoozeSeconds)
        maximumWindowSize = min(max(windowSize, 1), SchedulerConfiguration.maximumWindowSize)
        scheduler = ReminderScheduler(
            configuration: Self.configuration(window: maximumWindowSize, category: categoryIdentifier))
    }

    /// Registers the reminder category and its actions (``ReminderAction``: Done, Remind me in 30
    /// minutes). Call it once at launch, before the first reconcile.
    public func registerCategories() async {
        await center.setNotificationCategories([ReminderAction.category(identifier: categoryIdentifier)])
    }

    /// Brings the center in line with `items` at `now`, and reports what it did.
    ///
    /// - Parameters:
    ///   - items: every item of the app (done or not); identifiers are unique (for a repeated
    ///     identifier the last item wins).
    ///   - now: the current time (a `now` before an earlier call's is taken as that earlier moment).
    /// - Complexity: O(N) to compare the items with the previous call, O(c log N) for c changed
    ///   items, O(W) to plan and diff; the center calls are one read of the settings, one of the
    ///   pending list, at most one remove, one add per changed request and one badge update.
    @discardableResult
    public func reconcile(items: [ReminderItem], now: Date) async -> ReconcileReport {
        let previous = running
        let task = Task { () -> ReconcileReport in
            await previous?.value
            return await self.reconcileNow(items: items, now: now)
        }
        running = Task { _ = await task.value }
        return await task.value
    }

    /// What the app should store after the user chose `action` on the notification of `item`:
    /// ``ReminderAction/complete`` marks it done, or moves a repeating item to its next occurrence;
    /// ``ReminderAction/snooze`` moves its due date to ``snoozeInterval`` after `now`. Store the change,
    /// then call ``reconcile(items:now:)``.
    ///
    /// The action identifier the system reports is the action's raw value: `ReminderAction(rawValue:)`.
    /// The item's identifier is in the notification's `userInfo` (``UserNotificationCenterAdapter/itemIdentifierKey``).
    public nonisolated func change(for action: ReminderAction, item: ReminderItem, now: Date) -> ReminderChange {
        switch action {
        case .complete:
            guard !item.isDone else { return .none }
            guard let rule = item.repeatRule else { return .complete(id: item.id) }
            return .reschedule(id: item.id, due: rule.nextOccurrence(after: now, from: item.due, in: calendar))
        case .snooze:
            return .reschedule(id: item.id, due: now.addingTimeInterval(snoozeInterval))
        }
    }

    /// The identifier of the item a notification is about, if the reconciler scheduled it.
    public nonisolated func itemIdentifier(ofNotification identifier: String) -> String? {
        let itemPrefix = identifierPrefix + ReminderKind.item.prefix
        guard identifier.hasPrefix(itemPrefix) else { return nil }
        return String(identifier.dropFirst(itemPrefix.count))
    }

    // MARK: - One reconcile

    private func reconcileNow(items: [ReminderItem], now: Date) async -> ReconcileReport {
        let time = max(ReminderTime(now), clock)
        clock = time
        let settings = await center.notificationSettings()
        let pending = await center.pendingNotificationRequests()
        let prefix = identifierPrefix
        let foreignCount = pending.count { !$0.identifier.hasPrefix(prefix) }
        let window = min(maximumWindowSize, PlatformRules.defaultLimit - foreignCount)
        if window != scheduler.configuration.windowSize, window >= 1 {
            // Foreign requests take slots: the window shrinks (or grows back) so that everything fits.
            scheduler = ReminderScheduler(
                configuration: Self.configuration(window: window, category: categoryIdentifier))
            known = [:]
        }
        synchronize(items, at: time)
        let planned = plan(at: time, window: window, settings: settings)
        let diff = PendingDiff(pending: pending, wanted: planned, at: time) { $0.hasPrefix(prefix) }
        var report = ReconcileReport(
            settings: settings, foreignCount: foreignCount, windowSize: max(window, 0),
            heldCount: window >= 1
                ? scheduler.heldCount : known.values.count { !$0.isDone && ReminderTime($0.due) > time },
            planned: planned, removed: diff.removals, added: [], failedAdds: [], badge: nil)
        if !diff.removals.isEmpty {
            await center.removePendingNotificationRequests(withIdentifiers: diff.removals)
        }
        for request in diff.additions {
            if Task.isCancelled { break }
            do {
                try await center.add(request)
                report.added.append(request.identifier)
            } catch {
                report.failedAdds.append(.init(identifier: request.identifier, reason: String(describing: error)))
            }
        }
        if settings.allowsBadges {
            let overdue = scheduler.overdueCount
            do {
                try await center.setBadgeCount(overdue)
                report.badge = overdue
            } catch {
                report.badge = nil
            }
        }
        return report
    }

    /// Tells the scheduler what changed in the app's items since the previous call.
    ///
    /// - Complexity: O(N) comparisons, O(log N) more per changed item.
    private func synchronize(_ items: [ReminderItem], at time: ReminderTime) {
        var current: [String: ReminderItem] = [:]
        current.reserveCapacity(items.count)
        for item in items { current[item.id] = item }
        for (id, item) in current {
            let previous = known[id]
            if let previous, previous == item { continue }
            if let previous, previous.due == item.due, previous.isDone == item.isDone { continue }  // title, rule
            let due = ReminderTime(item.due)
            if previous == nil, scheduler.state(of: id) == .removed {
                scheduler.restore(id, due: due, now: time)
            } else {
                scheduler.setItem(id, due: due, now: time)
            }
            if item.isDone {
                try? scheduler.complete(id, now: time)  // Known: it was just set.
            } else if previous?.isDone == true {
                try? scheduler.reopen(id, now: time)
            }
        }
        for id in known.keys where current[id] == nil {
            scheduler.removeItem(id, now: time)
        }
        known = current
    }

    /// The requests that should be pending: the window's, with the items' titles and the prefix, and
    /// badges only where the settings allow them; nothing when notifications are not allowed.
    private func plan(at time: ReminderTime, window: Int, settings: NotificationSettings) -> [NotificationRequest] {
        _ = scheduler.plan(now: time, reason: .foreground, systemPending: nil, authorization: settings.authorization)
        guard settings.authorization.allowsDelivery, window >= 1 else { return [] }
        let badges = settings.allowsBadges
        return scheduler.windowRequests().map { request in
            var request = request
            request.identifier = identifierPrefix + request.identifier
            if let id = request.content.itemID, let item = known[id] { request.content.title = item.title }
            if !badges { request.content.badge = nil }
            return request
        }
    }

    private static func configuration(window: Int, category: String) -> SchedulerConfiguration {
        // Window and category are in range by construction.
        (try? SchedulerConfiguration(mode: .windowed, windowSize: window, categoryIdentifier: category)) ?? .standard
    }
}
