/// Bringing the system center in line with the window.
extension ReminderScheduler {
    /// What one refill did.
    public struct RefillReport: Hashable, Sendable {
        public var run: AppRun
        /// Requests removed from the system.
        public var removed: Int
        /// Requests added (new) or re-added (changed badge) to the system.
        public var added: Int
        /// Reminders in the window after the refill.
        public var windowCount: Int
        /// Reminders held outside the window.
        public var heldCount: Int
        /// Reminders whose time passed while held outside the window since the previous refill.
        public var missed: [MissedReminder]
        /// The app badge set (windowed mode: the number of overdue items), or `nil`.
        public var badgeSet: Int?
    }

    /// Tops up the window and sends the changes to the system: removals first, then additions of new
    /// window entries and of entries whose badge changed. Call it whenever the app runs.
    ///
    /// On ``AppRunReason/launch`` it also reconciles with `center.pendingRequests()` (the system may
    /// have been changed behind the app's back). In windowed mode it sets the app badge to the number of
    /// items overdue at `now`. This is ``plan(now:reason:systemPending:)`` followed by performing its effects.
    ///
    /// - Complexity: O(W + c log N) for c changed reminders (O(W log W) more on launch).
    /// - Throws: ``ReminderSchedulerError/rejected(_:)`` if the system refuses a request (the scheduler
    ///   validates what it builds, so this means the center is stricter than the platform rules).
    @discardableResult
    public mutating func refill<Center: SystemNotificationCenter>(
        now: ReminderTime, reason: AppRunReason, center: inout Center
    ) throws(ReminderSchedulerError) -> RefillReport {
        let pending = reason == .launch ? center.pendingRequests() : nil
        let (effects, report) = plan(now: now, reason: reason, systemPending: pending)
        for effect in effects {
            switch effect {
            case .remove(let identifiers):
                center.removePendingRequests(withIdentifiers: identifiers)
            case .add(let request):
                do {
                    try center.add(request)
                } catch {
                    throw .rejected(error)
                }
            case .setBadge(let count):
                center.setBadgeCount(count)
            }
        }
        return report
    }

    /// The app runs at `now`: the pure transition behind ``refill(now:reason:center:)``. Expires what
    /// fired, tops up the window, and returns what the system center must do, in order, with a report.
    /// The window counts the returned requests as pending.
    ///
    /// - Parameter systemPending: what the system reports pending, to reconcile with (pass it at launch).
    /// - Complexity: O(W + c log N) for c changed reminders.
    public mutating func plan(now: ReminderTime, reason: AppRunReason, systemPending: [NotificationRequest]?)
        -> (effects: [NotificationEffect], report: RefillReport)
    {
        expire(now: now)
        fill()
        if let systemPending { reconcile(with: systemPending) }
        var effects: [NotificationEffect] = []
        let removed = removals
        if !removed.isEmpty {
            effects.append(.remove(removed))
            removals.removeAll(keepingCapacity: true)
        }
        var added = 0
        for index in entries.indices where entries[index].sync.needsAdd {
            effects.append(.add(request(for: entries[index])))
            entries[index].sync = .current
            added += 1
        }
        var badgeSet: Int?
        if configuration.mode == .windowed {
            effects.append(.setBadge(overdueCount))
            badgeSet = overdueCount
        }
        let run = AppRun(at: now, reason: reason)
        lastRun = run
        windowEndAtLastRun = entries.last?.key.fire
        let missed = pendingMisses
        pendingMisses.removeAll()
        let report = RefillReport(
            run: run, removed: removed.count, added: added, windowCount: entries.count,
            heldCount: held.count, missed: missed, badgeSet: badgeSet)
        return (effects, report)
    }

    /// The request the system gets for a window entry.
    func request(for entry: WindowEntry) -> NotificationRequest {
        let key = entry.key
        let category = configuration.categoryIdentifier
        switch key.kind {
        case .item:
            return NotificationRequest(
                identifier: key.identifier,
                content: NotificationContent(
                    title: key.owner, badge: entry.badge, categoryIdentifier: category,
                    itemID: key.owner),
                trigger: .once(at: key.fire))
        case .snooze:
            return NotificationRequest(
                identifier: key.identifier,
                content: NotificationContent(
                    title: key.owner + " (snoozed)", badge: entry.badge,
                    categoryIdentifier: category, itemID: key.owner),
                trigger: .once(at: key.fire))
        case .badgeCarrier:
            return NotificationRequest(
                identifier: key.identifier, content: NotificationContent(title: "", badge: entry.badge),
                trigger: .once(at: key.fire))
        case .repeating:
            let reminder = repeats[key.owner]?.reminder
            let interval = reminder?.interval ?? NotificationTrigger.minimumRepeatInterval
            return NotificationRequest(
                identifier: key.identifier,
                content: NotificationContent(title: reminder?.title ?? key.owner, badge: entry.badge),
                trigger: .repeating(start: key.fire, interval: interval))
        }
    }

    /// Marks for removal what the system holds but the window does not, and for (re-)adding what the
    /// window holds but the system does not have exactly.
    private mutating func reconcile(with pending: [NotificationRequest]) {
        var system: [NotificationIdentifier: NotificationRequest] = [:]
        for request in pending { system[request.identifier] = request }
        var wanted = Set<NotificationIdentifier>()
        for index in entries.indices {
            let identifier = entries[index].key.identifier
            wanted.insert(identifier)
            guard let existing = system[identifier] else {
                entries[index].sync = .new
                continue
            }
            if existing != request(for: entries[index]) && entries[index].sync == .current {
                entries[index].sync = .stale
            }
        }
        for request in pending where !wanted.contains(request.identifier) {
            removals.append(request.identifier)
        }
    }
}

/// What the scheduler asks of the system notification center, in the order to perform it.
public enum NotificationEffect: Hashable, Sendable {
    /// `removePendingNotificationRequests(withIdentifiers:)`.
    case remove([NotificationIdentifier])
    /// `add(_:)` (replacing a pending request with the same identifier).
    case add(NotificationRequest)
    /// `setBadgeCount(_:)`.
    case setBadge(Int)
}
