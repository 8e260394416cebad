/// A scheduler wired to a simulated system center along one timeline: the phone app of the simulator.
///
/// Every app run first moves time (the center delivers what fired, in order), then applies what the
/// app learnt (a completion, a snooze, a new item), then refills. Between runs nothing changes but
/// time, so after each step the harness knows exactly which wanted reminders reached the user and
/// which were missed, and why.
///
/// ```swift
/// var phone = try ReminderHarness(configuration: .standard, start: .zero)
/// try phone.run(at: .zero, reason: .launch) { $0.setItem("milk", due: ReminderTime(seconds: 600), now: .zero) }
/// phone.advance(to: ReminderTime(seconds: 3_600))
/// phone.deliveries   // milk at +10m, badge 1
/// ```
public struct ReminderHarness: Sendable {
    /// The app's scheduler.
    public private(set) var scheduler: ReminderScheduler
    /// The simulated system.
    public private(set) var center: SimulatedNotificationCenter
    /// Every delivery, in time order.
    public private(set) var deliveries: [ReminderDelivery] = []
    /// Every wanted reminder that did not reach the user, in time order.
    public private(set) var missed: [ReminderMiss] = []
    /// The pending window after every app run.
    public private(set) var snapshots: [WindowSnapshot] = []
    /// The most requests pending in the system at any instant.
    public private(set) var pendingMax = 0
    /// The time up to which deliveries and misses are known.
    public private(set) var now: ReminderTime

    /// Creates a phone at `start` with the reminder category registered.
    public init(
        configuration: SchedulerConfiguration, retention: OverflowRetention = .mostRecentlyAdded,
        limit: Int = SimulatedNotificationCenter.defaultLimit, start: ReminderTime
    ) {
        scheduler = ReminderScheduler(configuration: configuration)
        center = SimulatedNotificationCenter(now: start, limit: limit, retention: retention)
        center.register(ReminderAction.category(identifier: configuration.categoryIdentifier))
        now = start
    }

    /// Moves time to `time`: the system delivers what fires, and every wanted reminder due in
    /// between that was not delivered is recorded as missed with its reason. Earlier times are ignored.
    ///
    /// - Complexity: O(d · 64 + m + log N) for d deliveries and m wanted reminders due in the interval.
    public mutating func advance(to time: ReminderTime) {
        guard time > now else { return }
        let wanted = scheduler.wantedReminders(after: now, through: time)
        let delivered = center.advance(to: time)
        var seen = Set<DeliveredKey>()
        for delivery in delivered {
            seen.insert(DeliveredKey(identifier: delivery.request.identifier, at: delivery.at))
            deliveries.append(ReminderDelivery(delivery))
        }
        for reminder in wanted where reminder.key.kind != .badgeCarrier {
            for fire in occurrences(of: reminder.key, through: time)
            where !seen.contains(DeliveredKey(identifier: reminder.identifier, at: fire)) {
                missed.append(
                    ReminderMiss(
                        identifier: reminder.identifier, kind: reminder.key.kind,
                        owner: reminder.key.owner, due: fire,
                        reason: reason(for: reminder)))
            }
        }
        now = time
    }

    /// The app runs at `time` for `reason`: time moves, `change` tells the scheduler what happened,
    /// then the scheduler refills the system.
    ///
    /// - Throws: what `change` or the refill throws; time has moved anyway.
    @discardableResult
    public mutating func run(
        at time: ReminderTime, reason: ReminderScheduler.AppRunReason,
        _ change: (inout ReminderScheduler) throws(ReminderSchedulerError) -> Void = { _ in }
    ) throws(ReminderSchedulerError) -> ReminderScheduler.RefillReport {
        advance(to: time)
        let at = max(time, now)
        try change(&scheduler)
        let report = try scheduler.refill(now: at, reason: reason, center: &center)
        pendingMax = max(pendingMax, center.pendingCount)
        let range = center.pendingFireRange
        snapshots.append(
            WindowSnapshot(
                at: at, reason: reason, pending: center.pendingCount,
                held: scheduler.heldCount, firstFire: range?.lowerBound,
                lastFire: range?.upperBound, appBadge: center.badge))
        return report
    }

    /// The user taps `action` on the delivered notification `identifier` at `time`: the app runs in
    /// the background (reason ``ReminderScheduler/AppRunReason/notificationAction``).
    ///
    /// - Throws: ``ReminderSchedulerError/noActionableNotification(_:action:)`` if no delivered
    ///   notification with that identifier offers the action in a banner.
    public mutating func respond(
        to identifier: NotificationIdentifier, with action: ReminderAction,
        at time: ReminderTime
    ) throws(ReminderSchedulerError) {
        advance(to: time)
        guard let delivery = deliveries.last(where: { $0.identifier == identifier }),
            let item = delivery.item,
            center.visibleActions(of: delivery.request, on: .banner).contains(where: {
                $0.identifier == action.rawValue
            })
        else { throw .noActionableNotification(identifier, action: action.rawValue) }
        try run(at: time, reason: .notificationAction) { (scheduler) throws(ReminderSchedulerError) in
            try scheduler.handle(action, item: item, now: time)
        }
    }

    /// The occurrences of a wanted reminder's key up to `time` (several for a repeating one).
    private func occurrences(of key: ReminderKey, through time: ReminderTime) -> [ReminderTime] {
        guard key.kind == .repeating, let reminder = scheduler.repeatingReminders.first(where: { $0.id == key.owner })
        else { return [key.fire] }
        var result: [ReminderTime] = []
        var fire: ReminderTime? = key.fire
        while let current = fire, current <= time {
            result.append(current)
            fire = reminder.nextOccurrence(after: current)
        }
        return result
    }

    private func reason(for reminder: ScheduledReminder) -> MissedReminder.Reason {
        switch reminder.placement {
        case .held:
            return .outsideWindow(lastRun: scheduler.lastRun?.at, windowEnd: scheduler.windowEndAtLastRun)
        case .window:
            if let drop = center.drops.last(where: { $0.identifier == reminder.identifier }) {
                return .droppedBySystem(drop.reason, at: drop.at)
            }
            return .neverScheduled
        }
    }

    private struct DeliveredKey: Hashable {
        var identifier: NotificationIdentifier
        var at: ReminderTime
    }
}

/// A notification that reached the user.
public struct ReminderDelivery: Hashable, Sendable {
    public var at: ReminderTime
    public var identifier: NotificationIdentifier
    /// The item it is about (`nil` for a repeating reminder or a badge carrier).
    public var item: String?
    /// The badge the notification carried (`nil`: left the app badge unchanged).
    public var badge: Int?
    /// The app badge right after it.
    public var appBadge: Int
    /// The delivered request.
    public var request: NotificationRequest

    init(_ delivery: NotificationDelivery) {
        at = delivery.at
        identifier = delivery.request.identifier
        item = delivery.request.content.itemID
        badge = delivery.request.content.badge
        appBadge = delivery.badgeAfter
        request = delivery.request
    }

    /// Whether it showed an alert (a badge carrier does not).
    public var isAlert: Bool { !request.content.title.isEmpty }
}

/// A wanted reminder that was due but not delivered.
public struct ReminderMiss: Hashable, Sendable {
    public var identifier: NotificationIdentifier
    public var kind: ReminderKind
    /// The item (or repeating reminder) it was for.
    public var owner: String
    /// When it should have fired.
    public var due: ReminderTime
    public var reason: MissedReminder.Reason
}

/// The pending window right after an app run.
public struct WindowSnapshot: Hashable, Sendable {
    public var at: ReminderTime
    public var reason: ReminderScheduler.AppRunReason
    /// Requests pending in the system.
    public var pending: Int
    /// Wanted reminders the scheduler holds back.
    public var held: Int
    /// The earliest and latest next fire dates pending in the system.
    public var firstFire: ReminderTime?
    public var lastFire: ReminderTime?
    /// The app badge after the run.
    public var appBadge: Int
}
