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
        /// The app badge set (every strategy but naive: the number of overdue items), or `nil`.
        public var badgeSet: Int?
        /// The permission the app found. Unless it allows delivery, nothing was added (rule R9).
        public var authorization: NotificationAuthorization = .authorized
        /// The overflow notice pending after the refill (``SchedulingMode/overflowNotice``), if any.
        public var notice: OverflowNotice?
        /// The earliest begin date of the background refresh the app asked for
        /// (``SchedulingMode/backgroundRefresh``), if any.
        public var refreshRequest: ReminderTime?

        /// Whether the app scheduled nothing because notifications are not authorized.
        public var blockedByAuthorization: Bool { !authorization.allowsDelivery }
    }

    /// Tops up the window and sends the changes to the system: removals first, then additions of new
    /// window entries and of entries whose badge changed. Call it whenever the app runs.
    ///
    /// On ``AppRunReason/launch`` it also reconciles with `center.pendingRequests()` (the system may
    /// have been changed behind the app's back; not in naive mode). Every strategy but naive sets the app
    /// badge to the number of items overdue at `now`. A background refresh request
    /// (``NotificationEffect/requestBackgroundRefresh(earliest:)``) is not performed here: submit
    /// ``RefillReport/refreshRequest`` to the system's task scheduler. This is
    /// ``plan(now:reason:systemPending:authorization:)`` followed by performing its effects.
    ///
    /// - Complexity: O(W + c log N) for c changed reminders (O(W log W) more on launch).
    /// - Throws: ``ReminderSchedulerError/rejected(_:)`` if the system refuses a request (the scheduler
    ///   validates what it builds, so this means the center is stricter than the platform rules).
    @discardableResult
    public mutating func refill<Center: SystemNotificationCenter>(
        now: ReminderTime, reason: AppRunReason, center: inout Center
    ) throws(ReminderSchedulerError) -> RefillReport {
        let pending = reason == .launch ? center.pendingRequests() : nil
        // Each effect is performed as soon as it is planned (no list of effects is built); after a
        // refusal the rest are skipped, as if the whole plan had been made first.
        var refusal: NotificationRequestError?
        let report = run(now: now, reason: reason, systemPending: pending, authorization: center.authorizationStatus) {
            effect in
            guard refusal == nil else { return }
            // The effect is consumed: a request moves into the center with no copy.
            switch consume effect {
            case .remove(let identifiers):
                center.removePendingRequests(withIdentifiers: identifiers)
            case .add(let request):
                do throws(NotificationRequestError) {
                    try center.add(request)
                } catch {
                    refusal = error
                }
            case .setBadge(let count):
                center.setBadgeCount(count)
            case .requestBackgroundRefresh:
                break
            }
        }
        if let refusal { throw .rejected(refusal) }
        return report
    }

    /// The app runs at `now`: the pure transition behind ``refill(now:reason:center:)``. Expires what
    /// fired, tops up the window, and returns what the system must do, in order, with a report.
    /// The window counts the returned requests as pending. When `authorization` does not allow delivery,
    /// nothing is added (the window stays unsent, and is sent at the first run that is authorized).
    ///
    /// - Parameters:
    ///   - systemPending: what the system reports pending, to reconcile with (pass it at launch).
    ///   - authorization: the permission the app finds (`getNotificationSettings`).
    /// - Complexity: O(W + c log N) for c changed reminders.
    public mutating func plan(
        now: ReminderTime, reason: AppRunReason, systemPending: [NotificationRequest]?,
        authorization: NotificationAuthorization = .authorized
    ) -> (effects: [NotificationEffect], report: RefillReport) {
        var effects: [NotificationEffect] = []
        let report = run(now: now, reason: reason, systemPending: systemPending, authorization: authorization) {
            effects.append($0)
        }
        return (effects, report)
    }

    /// The transition of ``plan(now:reason:systemPending:authorization:)``, handing each effect to
    /// `perform` in order as soon as it is decided.
    ///
    /// - Complexity: O(W + c log N) for c changed reminders; O(1) when the window has nothing to
    ///   do (``windowIsSettled``).
    private mutating func run(
        now: ReminderTime, reason: AppRunReason, systemPending: [NotificationRequest]?,
        authorization: NotificationAuthorization, perform: (consuming NotificationEffect) -> Void
    ) -> RefillReport {
        var changes = (removed: 0, added: 0)
        if systemPending == nil, windowIsSettled {
            // Nothing can fire or be held: expiring only moves the clock, and nothing is removed or added.
            if now > clock { clock = now }
        } else {
            changes = topUp(now: now, systemPending: systemPending, authorization: authorization, perform)
        }
        var badgeSet: Int?
        if configuration.mode.refills {
            perform(.setBadge(overdueCount))
            badgeSet = overdueCount
        }
        var refreshRequest: ReminderTime?
        if configuration.mode == .backgroundRefresh {
            let earliest = now + configuration.refreshInterval
            perform(.requestBackgroundRefresh(earliest: earliest))
            refreshRequest = earliest
        }
        let run = AppRun(at: now, reason: reason)
        lastRun = run
        windowEndAtLastRun = entries.last?.key.fire
        let missed = pendingMisses
        pendingMisses.removeAll()
        let report = RefillReport(
            run: run, removed: changes.removed, added: changes.added, windowCount: entries.count,
            heldCount: heldReminderCount, missed: missed, badgeSet: badgeSet, authorization: authorization,
            notice: notice, refreshRequest: refreshRequest)
        return report
    }

    /// Whether a refill has nothing to do to the window and the system: no reminder is wanted (so
    /// none fires, none is held and none is missed), nothing waits to be removed, and no overflow
    /// notice is pending. A refill then expires, fills, removes and adds nothing (it still sets the
    /// badge and asks for a refresh, as every refill does).
    ///
    /// - Complexity: O(1).
    var windowIsSettled: Bool { wantsNothing && removals.isEmpty && notice == nil }

    /// The part of a refill that changes the window and the system: expires what fired, fills the
    /// window, reconciles with the system's pending requests (at launch), and performs the removals
    /// and additions. Returns how many requests it removed and added.
    ///
    /// - Complexity: O(W + c log N) for c changed reminders.
    private mutating func topUp(
        now: ReminderTime, systemPending: [NotificationRequest]?, authorization: NotificationAuthorization,
        _ perform: (consuming NotificationEffect) -> Void
    ) -> (removed: Int, added: Int) {
        expire(now: now)
        fill()
        fitNoticeSlot()
        // Naive mode schedules each request once, when it is wanted, and never looks back (rule R4).
        if let systemPending, configuration.mode.refills { reconcile(with: systemPending) }
        let removed = removals.count
        if removed > 0 {
            perform(.remove(removals))
            removals.removeAll(keepingCapacity: true)
        }
        var added = 0
        if authorization.allowsDelivery {
            // The request is built from the entry and the settings alone: calling a method on `self`
            // here would copy the whole scheduler once per request.
            let category = configuration.categoryIdentifier
            for index in entries.indices where entries[index].sync.needsAdd {
                let entry = entries[index]
                let reminder = entry.key.kind == .repeating ? Self.reminder(entry.key.owner, in: repeatRecords) : nil
                perform(.add(Self.request(for: entry, category: category, repeating: reminder)))
                entries[index].sync = .current
                added += 1
            }
            added += planNotice(perform)
        }
        return (removed, added)
    }

    /// Brings the overflow notice in line with the window: present (firing with the window's last
    /// reminder, counting the held ones) exactly when something is held. Returns the number of adds.
    private mutating func planNotice(_ perform: (consuming NotificationEffect) -> Void) -> Int {
        guard configuration.mode == .overflowNotice else { return 0 }
        var wanted: OverflowNotice?
        let heldCount = heldReminderCount
        if heldCount > 0, let last = entries.last?.key.fire {
            wanted = OverflowNotice(fire: last, heldCount: heldCount, badge: badge(at: last))
        }
        guard wanted != notice else { return 0 }
        defer { notice = wanted }
        guard let wanted else {
            perform(.remove([OverflowNotice.identifier]))
            return 0
        }
        perform(.add(wanted.request))
        return 1
    }

    /// The repeating reminder `id` of `records` (in identifier order), if there is one.
    ///
    /// - Complexity: O(log R) for R records.
    static func reminder(_ id: String, in records: [RepeatingRecord]) -> RepeatingReminder? {
        Self.position(of: id, in: records).map { records[$0].reminder }
    }

    /// The request the system gets for a window entry.
    func request(for entry: WindowEntry) -> NotificationRequest {
        let reminder = entry.key.kind == .repeating ? Self.reminder(entry.key.owner, in: repeatRecords) : nil
        return Self.request(for: entry, category: configuration.categoryIdentifier, repeating: reminder)
    }

    /// The request the system gets for a window entry in `category` (`repeating`: the reminder of a
    /// repeating entry).
    static func request(for entry: WindowEntry, category: String, repeating reminder: RepeatingReminder?)
        -> NotificationRequest
    {
        let key = entry.key
        switch key.kind {
        case .item:
            return NotificationRequest(
                identifier: entry.identifier,
                content: NotificationContent(
                    title: key.owner, badge: entry.badge, categoryIdentifier: category,
                    itemID: key.owner),
                trigger: .once(at: key.fire))
        case .snooze:
            return NotificationRequest(
                identifier: entry.identifier,
                content: NotificationContent(
                    title: key.owner + " (snoozed)", badge: entry.badge,
                    categoryIdentifier: category, itemID: key.owner),
                trigger: .once(at: key.fire))
        case .badgeCarrier:
            return NotificationRequest(
                identifier: entry.identifier, content: NotificationContent(title: "", badge: entry.badge),
                trigger: .once(at: key.fire))
        case .repeating:
            let interval = reminder?.interval ?? NotificationTrigger.minimumRepeatInterval
            return NotificationRequest(
                identifier: entry.identifier,
                content: NotificationContent(title: reminder?.title ?? key.owner, badge: entry.badge),
                trigger: .repeating(start: key.fire, interval: interval))
        }
    }

    /// Marks for removal what the system holds but the window does not, and for (re-)adding what the
    /// window holds but the system does not have exactly.
    private mutating func reconcile(with pending: [NotificationRequest]) {
        guard !pending.isEmpty else {
            // The system holds nothing (the usual first launch): every entry and the notice are new.
            for index in entries.indices { entries[index].sync = .new }
            notice = nil
            return
        }
        // The diff is the app API's (`PendingDiff`, shared with `ReminderReconciler`); everything pending
        // counts as the scheduler's here. An overflow notice is kept only if it is pending exactly.
        var wanted = entries.map { request(for: $0) }
        if let current = notice {
            if pending.contains(current.request) { wanted.append(current.request) } else { notice = nil }
        }
        let diff = PendingDiff(pending: pending, wanted: wanted, at: clock) { _ in true }
        guard !diff.additions.isEmpty || !diff.removals.isEmpty else { return }
        let changed = Set(diff.additions.map(\.identifier))
        // `changed` holds only requests not pending as wanted: a repeating request that already
        // fired is still the one wanted (rule R14, `PendingDiff` compares with `isSame`).
        let present = Set(pending.map(\.identifier))
        for index in entries.indices where changed.contains(entries[index].identifier) {
            if !present.contains(entries[index].identifier) {
                entries[index].sync = .new
            } else if entries[index].sync == .current {
                entries[index].sync = .stale
            }
        }
        removals.append(contentsOf: diff.removals)
    }
}

extension ReminderScheduler {
    /// Whether the system's `pending` request is the one the app wants (rule R14): equal, or — a
    /// repeating request — the same identifier, content and series: the same period and the same
    /// next fire date after `time`. The start a repeating request was added with is history: once
    /// it has fired, the window's entry starts at its next occurrence, and the request pending
    /// since is still the one wanted (re-adding it would change nothing but the system's order).
    ///
    /// - Complexity: O(1).
    static func isSame(_ pending: NotificationRequest, as wanted: NotificationRequest, after time: ReminderTime)
        -> Bool
    {
        if pending == wanted { return true }
        guard pending.identifier == wanted.identifier, pending.content == wanted.content,
            case .repeating(_, let pendingInterval) = pending.trigger,
            case .repeating(_, let wantedInterval) = wanted.trigger, pendingInterval == wantedInterval
        else { return false }
        return pending.trigger.nextFireDate(after: time) == wanted.trigger.nextFireDate(after: time)
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
    /// Submit a background app refresh request (`BGAppRefreshTaskRequest`) with this earliest begin
    /// date, replacing the outstanding one.
    case requestBackgroundRefresh(earliest: ReminderTime)
}
