/// A simulated system notification center that enforces the platform's rules (``PlatformRules``;
/// `docs/reminders.md`, rules P1–P8).
///
/// - At most ``limit`` (64) pending slots per app; the excess is dropped **silently** (no error),
///   and which one goes is ``retention`` (the API's default unless set).
/// - Adding an identifier that is pending replaces it (keeping or renewing its place in the addition
///   order: ``PlatformRules/replacement``); a repeating request takes ``PlatformRules/repeatingSlots`` slots.
/// - A one-shot whose date is not in the future is not retained (silently); neither is anything added
///   while the user has not authorized notifications.
/// - A repeating interval the API cannot express, or (UserNotifications) a negative badge, is refused
///   with a thrown error.
/// - At each fire date the notification is delivered and its badge becomes the app badge by the API's
///   rule (legacy: 0 or less leaves it; UserNotifications: `nil` leaves it, 0 clears it).
///
/// Time only moves through ``advance(to:)``, which returns the deliveries in (fire date, identifier)
/// order. Drops are recorded in ``drops`` (simulator knowledge; a real app never learns of them).
///
/// ```swift
/// var center = SimulatedNotificationCenter(now: .zero)
/// try center.add(NotificationRequest(identifier: "item:milk",
///                                    content: NotificationContent(title: "Milk", badge: 1),
///                                    trigger: .once(at: ReminderTime(seconds: 600))))
/// let deliveries = center.advance(to: ReminderTime(seconds: 3600))   // milk at +10m, badge 1
/// ```
public struct SimulatedNotificationCenter: SystemNotificationCenter, Sendable {
    /// The most pending requests an app may have (64, PLATFORM.md §1.1).
    public static let defaultLimit = PlatformRules.defaultLimit

    /// The platform rules in force.
    public private(set) var rules: PlatformRules
    /// The pending-slot limit.
    public var limit: Int { rules.limit }
    /// Which requests survive an overflow.
    public var retention: OverflowRetention { rules.retention }
    /// The current simulated time (moved by ``advance(to:)``).
    public private(set) var now: ReminderTime
    /// The app icon badge (`0` = no badge).
    public private(set) var badge: Int = 0
    /// Every request the center dropped silently, in order.
    public private(set) var drops: [NotificationDrop] = []
    /// The registered categories, by identifier.
    public private(set) var categories: [String: NotificationCategory] = [:]

    /// The pending requests, in (next fire date, identifier) order.
    @usableFromInline private(set) var pending: PendingRequestList
    private var sequence = 0
    private var repeatingCount = 0
    /// The index in ``drops`` of the latest drop of each identifier.
    private var lastDropIndex: [NotificationIdentifier: Int] = [:]

    /// Creates an empty center at `now` with `rules`.
    public init(now: ReminderTime, rules: PlatformRules) {
        self.now = now
        self.rules = rules
        pending = PendingRequestList(capacity: rules.limit)
    }

    /// Creates an empty center at `now` (UserNotifications rules, authorized).
    public init(
        now: ReminderTime, limit: Int = SimulatedNotificationCenter.defaultLimit,
        retention: OverflowRetention = .mostRecentlyAdded
    ) {
        self.init(now: now, rules: PlatformRules(limit: limit, retention: retention))
    }

    /// The user's notification permission (what `getNotificationSettings` reports).
    public var authorizationStatus: NotificationAuthorization { rules.authorization }

    /// The user changes the app's notification permission in Settings. Requests already pending stay.
    public mutating func setAuthorization(_ status: NotificationAuthorization) {
        rules.authorization = status
    }

    /// The latest silent drop of `identifier`, if any.
    ///
    /// - Complexity: O(1).
    public func lastDrop(of identifier: NotificationIdentifier) -> NotificationDrop? {
        lastDropIndex[identifier].map { drops[$0] }
    }

    private mutating func recordDrop(_ drop: NotificationDrop) {
        lastDropIndex[drop.identifier] = drops.count
        drops.append(drop)
    }

    /// The number of pending requests (a repeating request counts once).
    public var pendingCount: Int { pending.count }

    /// The number of pending slots in use (a repeating request takes ``PlatformRules/repeatingSlots``).
    public var pendingSlots: Int { pending.count + repeatingCount * (rules.repeatingSlots - 1) }

    /// Registers (or replaces) a category and its actions.
    public mutating func register(_ category: NotificationCategory) {
        categories[category.identifier] = category
    }

    /// The actions `request` offers on `surface` (none if its category is not registered).
    public func visibleActions(of request: NotificationRequest, on surface: NotificationSurface) -> [NotificationAction]
    {
        categories[request.content.categoryIdentifier]?.visibleActions(on: surface) ?? []
    }

    /// Schedules `request` (see the type's rules). The request is consumed: it moves into the
    /// pending list with no copy (a caller passing a value it keeps has it copied for the call).
    ///
    /// - Complexity: O(p) for p pending (p ≤ ``limit``), no hashing; O(``limit``) more per request
    ///   dropped over the limit.
    /// - Throws: ``NotificationRequestError`` for a repeating interval the API cannot express or
    ///   (UserNotifications) a negative badge.
    public mutating func add(_ request: consuming NotificationRequest) throws(NotificationRequestError) {
        if case .repeating(_, let interval) = request.trigger, !rules.api.allowsRepeatInterval(interval) {
            switch rules.api {
            case .legacy: throw .repeatIntervalNotACalendarUnit(identifier: request.identifier, seconds: interval)
            case .userNotifications: throw .repeatIntervalTooShort(identifier: request.identifier, seconds: interval)
            }
        }
        if rules.api == .userNotifications, let badge = request.content.badge, badge < 0 {
            throw .negativeBadge(identifier: request.identifier, badge: badge)
        }
        guard rules.authorization.allowsDelivery else {
            recordDrop(
                NotificationDrop(
                    identifier: request.identifier, at: now, reason: .notAuthorized(rules.authorization)))
            return
        }
        guard let fire = request.trigger.nextFireDate(after: now) else {
            removePendingRequests(withIdentifiers: [request.identifier])
            recordDrop(NotificationDrop(identifier: request.identifier, at: now, reason: .fireDatePassed))
            return
        }
        let print = PendingRequestList.fingerprint(request.identifier)
        // What the replacement keeps of a pending request with the same identifier (its entry is
        // not copied out: a copy and a destroy of the whole request fewer per replacement).
        var previous: (repeats: Bool, addedSequence: Int)?
        if let index = pending.position(of: request.identifier, fingerprint: print) {
            previous = pending.removeForReplacement(at: index)
        }
        if previous?.repeats == true { repeatingCount -= 1 }
        if request.trigger.repeats { repeatingCount += 1 }
        let order: Int
        if let previous, rules.replacement == .inPlace {
            order = previous.addedSequence
        } else {
            sequence += 1
            order = sequence
        }
        pending.insert(.init(request: request, nextFire: fire, addedSequence: order), fingerprint: print)
        while pendingSlots > limit, let victim = overflowVictim() {
            let dropped = removePending(at: victim)
            recordDrop(NotificationDrop(identifier: dropped.request.identifier, at: now, reason: .overLimit(retention)))
        }
    }

    /// Removes the pending request at `index` of ``pending``.
    @discardableResult
    private mutating func removePending(at index: Int) -> PendingRequestList.Entry {
        let removed = pending.remove(at: index).entry
        if removed.request.trigger.repeats { repeatingCount -= 1 }
        return removed
    }

    /// Removes pending requests by identifier; unknown identifiers are ignored.
    ///
    /// - Complexity: O(k · p) for k identifiers and p pending (p ≤ ``limit``), no allocation.
    public mutating func removePendingRequests(withIdentifiers identifiers: [NotificationIdentifier]) {
        for identifier in identifiers {
            guard let index = pending.position(of: identifier) else { continue }
            removePending(at: index)
        }
    }

    /// The pending requests ordered by (next fire date, identifier).
    ///
    /// - Complexity: O(p) for p pending (kept in that order).
    public func pendingRequests() -> [NotificationRequest] {
        pending.requests
    }

    /// The number of pending requests that fire at `time` (the first fire date after `time - 1` of
    /// their trigger is `time`), counted in place.
    ///
    /// - Complexity: O(k) for the k requests firing at or before `time` when `time` is after
    ///   ``now``; O(p) for p pending otherwise. No allocation.
    public func pendingCount(firingAt time: ReminderTime) -> Int {
        pending.count(firingAt: time, after: now)
    }

    /// Whether the request `identifier` is pending.
    ///
    /// - Complexity: O(p) fingerprint comparisons for p pending, no allocation.
    public func isPending(_ identifier: NotificationIdentifier) -> Bool {
        pending.position(of: identifier) != nil
    }

    /// The next fire date of the pending request `identifier`, if pending.
    ///
    /// - Complexity: O(p).
    public func nextFireDate(of identifier: NotificationIdentifier) -> ReminderTime? {
        pending.position(of: identifier).map { pending[$0].nextFire }
    }

    /// The earliest and latest next fire dates among pending requests.
    ///
    /// - Complexity: O(1).
    public var pendingFireRange: ClosedRange<ReminderTime>? {
        guard let first = pending.firstFire, let last = pending.lastFire else { return nil }
        return first...last
    }

    /// The earliest fire date among pending requests.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var nextFireDate: ReminderTime? { pending.firstFire }

    /// Sets the app badge; `0` or less clears it.
    public mutating func setBadgeCount(_ count: Int) {
        badge = max(0, count)
    }

    /// Moves time to `time`, delivering every notification due at or before it in
    /// (fire date, identifier) order. One-shots leave the pending list; a repeating request
    /// stays with its next fire date. A delivered non-`nil` badge becomes the app badge.
    ///
    /// - Complexity: O(d · p) for d deliveries and p pending (p ≤ 64); O(1) when nothing fires.
    public mutating func advance(to time: ReminderTime) -> [NotificationDelivery] {
        var deliveries: [NotificationDelivery] = []
        advance(to: time, appendingTo: &deliveries)
        return deliveries
    }

    /// Moves time to `time` as ``advance(to:)``, appending the deliveries to `deliveries` (a
    /// caller that moves time often keeps one array for them, emptied between moves).
    ///
    /// - Complexity: O(d · p) for d deliveries and p pending (p ≤ 64); O(1) when nothing fires.
    public mutating func advance(to time: ReminderTime, appendingTo deliveries: inout [NotificationDelivery]) {
        while let next = pending.firstFire, next <= time {
            let request = pending[0].request
            if let value = rules.api.appliedBadge(request.content.badge) { badge = value }
            deliveries.append(
                NotificationDelivery(
                    at: next, request: request, badgeAfter: badge, presentation: rules.authorization.presentation))
            // A repeating request stays in its slot, at its next fire date.
            if let following = request.trigger.nextFireDate(after: next) {
                pending.moveFirst(to: following)
            } else {
                pending.remove(at: 0)
                if request.trigger.repeats { repeatingCount -= 1 }
            }
        }
        if time > now { now = time }
    }

    /// The index in ``pending`` of the request the retention policy drops first.
    ///
    /// - Complexity: O(1) (soonest firing kept: the last one goes) or O(p) (most recently added kept).
    private func overflowVictim() -> Int? {
        guard !pending.isEmpty else { return nil }
        switch retention {
        case .soonestFiring:
            return pending.count - 1
        case .mostRecentlyAdded:
            var victim = 0
            var oldest = pending[0].addedSequence
            for position in 1..<pending.count where pending[position].addedSequence < oldest {
                victim = position
                oldest = pending[position].addedSequence
            }
            return victim
        }
    }
}

/// A notification the system delivered.
public struct NotificationDelivery: Hashable, Sendable {
    /// The fire date.
    public var at: ReminderTime
    public var request: NotificationRequest
    /// The app badge right after the delivery.
    public var badgeAfter: Int
    /// How it was presented (quietly under provisional authorization).
    public var presentation: NotificationPresentation = .prominent
}

/// A request the system dropped without telling the app.
public struct NotificationDrop: Hashable, Sendable {
    /// Why a request was dropped.
    public enum Reason: Hashable, Sendable {
        /// Over the pending limit; the retention policy chose it.
        case overLimit(OverflowRetention)
        /// A one-shot whose date was not in the future when added.
        case fireDatePassed
        /// Added while the user had not authorized notifications.
        case notAuthorized(NotificationAuthorization)
    }

    public var identifier: NotificationIdentifier
    /// When it was dropped.
    public var at: ReminderTime
    public var reason: Reason
}
